import { retryingImport } from '../../runtime/retry-import.js';

/**
 * The bot-check hook's chunk (use-captcha.tsx), fetched only for a form with a bot check (the
 * form island, the restock sign-up) and fetched again from a fresh URL after a failed load: a
 * form rendered without it would refuse every submit with 'Complete CAPTCHA before submitting.'.
 */
export const loadUseCaptcha = retryingImport(() => import('./use-captcha.js'));
