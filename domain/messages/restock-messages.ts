/** SPEC §5 restock texts and §8 restock fallback. */
export const RESTOCK_MESSAGES = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  failed: 'Unable to submit form. Please try again later.',
  // SPEC §5: a present bot-check container left incomplete (the form's text, in the restock chunk).
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  signedUp: 'Signed up!',
  // The API's 404 when the variant is gone (ours).
  variantGone: 'This product is no longer available.',
} as const;

export type RestockMessages = Record<keyof typeof RESTOCK_MESSAGES, string>;

/** The translation entity of the restock form's texts, these and RESTOCK_WORDING (kind `system`, issue 29). */
export const RESTOCK_MESSAGES_ENTITY = 'restock-messages';

/** Wording of the restock form when the site has not set its own (the server renders it). */
export const RESTOCK_WORDING = {
  CTAText: 'Get notified by email when this product is back in stock',
  placeholderText: 'Email Address',
  buttonText: 'Sign Up',
  // Says what ticking does (the restock notice alone never subscribes anyone): SPEC §3, unticked by default.
  mailingListDescription: 'Also subscribe me to the newsletter (news and offers by email; unsubscribe any time)',
} as const;
