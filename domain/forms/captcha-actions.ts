/**
 * SPEC §7: the actions a bot-check token is obtained for. The browser asks the provider
 * for a token under one of these; the worker verifies the token against the same one.
 */
export const CAPTCHA_ACTIONS = {
  form: 'FORM_BLOCK_SUBMISSION',
  newsletter: 'NEWSLETTER_BLOCK_SUBMISSION',
  restock: 'PRODUCT_WAITLIST_SUBMISSION',
  popup: 'PROMO_POPUP_SUBMISSION',
} as const;

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];
