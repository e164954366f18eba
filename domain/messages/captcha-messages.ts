/** SPEC §8 bot-check texts (client/islands/form/captcha.ts). */
export const CAPTCHA_MESSAGES = {
  siteKeyMissing: 'Enterprise V3 ReCaptcha site key not found',
  notSetUp: 'ReCaptcha has not been set up!',
} as const;
