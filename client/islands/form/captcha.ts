import { CAPTCHA_MESSAGES, type CaptchaMessages } from '../../../domain/messages/captcha-messages.js';

/**
 * The provider's bot-check script (SPEC §4 states: the remote captcha loads once, is
 * rendered into containers, then its response is read, executed or reset). Loaded only
 * for a form whose site configured a provider (the page's `captcha.provider`), and only
 * when the visitor starts on that form: pages without it never fetch a byte of it, and the
 * CSP allows the provider's hosts only on such sites.
 */
export type CaptchaProvider = 'recaptcha-enterprise' | 'turnstile' | 'local';

interface Grecaptcha {
  enterprise: { ready(cb: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
}
interface Turnstile {
  render(container: HTMLElement, options: { sitekey: string; action: string; callback: (token: string) => void; 'expired-callback'?: () => void }): string;
  reset(widgetId: string): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    turnstile?: Turnstile;
  }
}

function scriptUrl(provider: CaptchaProvider, siteKey: string): string | undefined {
  if (provider === 'recaptcha-enterprise') return `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
  if (provider === 'turnstile') return 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
  return undefined;
}

const loaded = new Map<string, Promise<void>>();

/** Adds the provider's script once per page; every form on the page shares it. `texts`: the SPEC §8 texts in the page's language. */
export function loadCaptcha(provider: CaptchaProvider, siteKey: string, texts: CaptchaMessages = CAPTCHA_MESSAGES): Promise<void> {
  const src = scriptUrl(provider, siteKey);
  if (!src) return Promise.resolve();
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        reject(new Error(texts.notSetUp));
      };
      document.head.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

/** reCAPTCHA Enterprise v3: a fresh token for `action`, asked for at submit (tokens live 2 minutes). */
export async function recaptchaToken(siteKey: string, action: string, texts: CaptchaMessages = CAPTCHA_MESSAGES): Promise<string> {
  if (!siteKey) throw new Error(texts.siteKeyMissing);
  await loadCaptcha('recaptcha-enterprise', siteKey, texts);
  const api = window.grecaptcha?.enterprise;
  if (!api) throw new Error(texts.notSetUp);
  await new Promise<void>((resolve) => api.ready(resolve));
  return api.execute(siteKey, { action });
}

/** Turnstile: renders the widget into `container`; `onToken('')` when its token expires. Returns a reset. */
export async function renderTurnstile(
  container: HTMLElement, siteKey: string, action: string, onToken: (token: string) => void, texts: CaptchaMessages = CAPTCHA_MESSAGES,
): Promise<() => void> {
  await loadCaptcha('turnstile', siteKey, texts);
  const api = window.turnstile;
  if (!api) throw new Error(texts.notSetUp);
  const id = api.render(container, { sitekey: siteKey, action, callback: onToken, 'expired-callback': () => onToken('') });
  return () => api.reset(id);
}
