/** SPEC §8 bot-check texts (client/islands/form/captcha.ts) and the bot check's own words (use-captcha.tsx). */
export const CAPTCHA_MESSAGES = {
  siteKeyMissing: 'Enterprise V3 ReCaptcha site key not found',
  notSetUp: 'ReCaptcha has not been set up!',
  protectedBy: 'This form is protected by reCAPTCHA.',
  notARobot: "I'm not a robot",
} as const;

export type CaptchaMessages = Record<keyof typeof CAPTCHA_MESSAGES, string>;

/** The translation entity of the bot check's texts (kind `system`, issue 29). */
export const CAPTCHA_MESSAGES_ENTITY = 'captcha-messages';
