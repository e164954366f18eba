import { useRef, useState, type ReactNode } from 'react';
import { CAPTCHA_ACTIONS } from '../../../domain/forms/captcha-actions.js';
import type { CaptchaProvider } from './captcha.js';
import { CAPTCHA_MESSAGES, type CaptchaMessages } from '../../../domain/messages/captcha-messages.js';

/** A site's bot check as pages hand it to islands: its active site key and the deployment's provider. */
export interface CaptchaConfig {
  siteKey: string;
  provider: CaptchaProvider;
  /** The bot check's texts in the page's language, only the translated ones (issue 29); English otherwise. */
  texts?: Partial<CaptchaMessages> | undefined;
}

export interface CaptchaHandle {
  /** Call on the visitor's first interaction with the form: loads (and for Turnstile renders) the provider. */
  start(): void;
  /** The token to send: minted now for reCAPTCHA, the widget's for Turnstile/local; '' when incomplete. */
  token(): Promise<string>;
  /** SPEC §4: every failed submission resets the bot check. */
  reset(): void;
  /** The bot check's place in the form (container, notice or local checkbox); null without one. */
  element: ReactNode;
}

/** The hook itself; islands import it (`import()`) only when their form has a bot check. */
export type UseCaptcha = typeof useCaptcha;

// The provider code is a chunk of its own, fetched once the visitor starts on the form.
const provider = () => import('./captcha.js');

/**
 * The bot check shared by the form island and the restock sign-up: the same loader, the
 * same token rules, one place. `kind` picks the SPEC §7 action; `onError` gets the SPEC §8
 * bot-check texts of a failed load. Every page preloads the chunks islands import
 * statically, so islands load this module with `import()` only for a form with a bot check.
 */
export function useCaptcha(config: CaptchaConfig, kind: keyof typeof CAPTCHA_ACTIONS, onError: (message: string) => void): CaptchaHandle {
  const action = CAPTCHA_ACTIONS[kind];
  const texts: CaptchaMessages = { ...CAPTCHA_MESSAGES, ...config.texts };
  const [current, setCurrent] = useState('');
  const widget = useRef<HTMLDivElement>(null);
  const resetWidget = useRef<(() => void) | undefined>(undefined);
  const started = useRef(false);

  const start = () => {
    if (started.current) return;
    started.current = true;
    if (config.provider === 'recaptcha-enterprise') void provider().then((p) => p.loadCaptcha(config.provider, config.siteKey, texts)).catch(() => undefined);
    if (config.provider === 'turnstile' && widget.current) {
      const container = widget.current;
      provider()
        .then((p) => p.renderTurnstile(container, config.siteKey, action, setCurrent, texts))
        .then((reset) => (resetWidget.current = reset))
        .catch((err: Error) => onError(err.message));
    }
  };

  const token = async () => {
    // reCAPTCHA v3 tokens live two minutes: one is asked for at each submit. Throws the SPEC §8 text.
    if (config.provider === 'recaptcha-enterprise') return (await provider()).recaptchaToken(config.siteKey, action, texts);
    return current;
  };

  const reset = () => {
    setCurrent('');
    resetWidget.current?.();
  };

  let element: ReactNode = null;
  if (config.provider === 'turnstile') element = <div className="captcha-container" ref={widget} />;
  if (config.provider === 'recaptcha-enterprise') element = <p className="captcha-notice">{texts.protectedBy}</p>;
  if (config.provider === 'local') {
    // Offline development and tests (CAPTCHA_PROVIDER=local): the local verifier's pass token.
    element = (
      <div className="captcha-container">
        <label>
          <input type="checkbox" checked={!!current} onChange={(e) => setCurrent(e.target.checked ? `local-pass:${action}` : '')} /> {texts.notARobot}
        </label>
      </div>
    );
  }
  return { start, token, reset, element };
}
