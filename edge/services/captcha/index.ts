import type { Env } from '../../env.js';
import type { SiteRecord } from '../websites.js';
import { recaptchaEnterpriseVerifier, turnstileVerifier } from './providers.js';
import { localVerifier, type CaptchaVerifier } from './verifier.js';

export { CAPTCHA_ACTIONS } from '../../../domain/forms/captcha-actions.js';
export { type CaptchaVerifier } from './verifier.js';

/**
 * The deployment's verifier from its settings (wrangler vars/secrets): CAPTCHA_PROVIDER
 * 'recaptcha-enterprise' (CAPTCHA_PROJECT, CAPTCHA_SECRET = API key), 'turnstile'
 * (CAPTCHA_SECRET), or 'local' (tests, offline development). Undefined when none is set.
 */
export function captchaVerifier(env: Env, siteKey: string): CaptchaVerifier | undefined {
  const endpoint = env.CAPTCHA_ENDPOINT || undefined;
  switch (env.CAPTCHA_PROVIDER) {
    case 'local':
      return localVerifier;
    case 'recaptcha-enterprise':
      if (!env.CAPTCHA_PROJECT || !env.CAPTCHA_SECRET) return undefined;
      return recaptchaEnterpriseVerifier({
        projectId: env.CAPTCHA_PROJECT,
        apiKey: env.CAPTCHA_SECRET,
        siteKey,
        minScore: Number(env.CAPTCHA_MIN_SCORE ?? 0.5),
        ...(endpoint ? { endpoint } : {}),
      });
    case 'turnstile':
      return env.CAPTCHA_SECRET ? turnstileVerifier({ secret: env.CAPTCHA_SECRET, ...(endpoint ? { endpoint } : {}) }) : undefined;
    default:
      return undefined;
  }
}

/**
 * The site key pages should render a bot check with: the site's key, but only when this
 * deployment can verify its tokens (otherwise the widget would block people for nothing).
 */
export function activeCaptchaSiteKey(env: Pick<Env, 'CAPTCHA_PROVIDER' | 'CAPTCHA_PROJECT' | 'CAPTCHA_SECRET' | 'CAPTCHA_ENDPOINT' | 'CAPTCHA_MIN_SCORE'>, site: Pick<SiteRecord, 'captchaSiteKey'>): string | undefined {
  const key = site.captchaSiteKey;
  return key && captchaVerifier(env as Env, key) ? key : undefined;
}
