/** SPEC §5 restock texts and §8 restock fallback. */
export const RESTOCK_MESSAGES = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  failed: 'Unable to submit form. Please try again later.',
  signedUp: 'Signed up!',
} as const;
