/**
 * The owner's checkout-field switches (commerce preferences `checkout`) as shoppers meet them:
 * the server's refusals (edge/api/commerce/checkout-fields.ts) and the checkout page's phone
 * field and sign-in link say the same words.
 */

/** Where a shopper signs in (or creates an account) before checking out. */
export const SIGN_IN_PATH = '/account';

export const CHECKOUT_FIELD_MESSAGES = {
  signIn: 'Sign in to check out: this store takes orders from account holders only.',
  phone: 'Enter a phone number.',
} as const;
