/** SPEC §5 restock texts and §8 restock fallback. */
export const RESTOCK_MESSAGES = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  failed: 'Unable to submit form. Please try again later.',
  // SPEC §5: a present bot-check container left incomplete (the form's text, in the restock chunk).
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  signedUp: 'Signed up!',
} as const;
