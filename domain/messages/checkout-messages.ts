/** SPEC §5: the checkout's alert while a field is missing or invalid (listed with the form texts). */
export const CHECKOUT_MESSAGES = {
  updateMissing: 'Update the missing or invalid information above.',
} as const;
