import type { Context } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../../env.js';
import { bodyInLanguage, inLanguage } from '../localized-messages.js';
import type { StoreTextKey } from '../../../domain/languages/store-texts.js';

/**
 * The checkout API's refusals the checkout island shows as its alert or beside a field, as store
 * texts (issue 29): guest checkout off, the phone, the test card's answers, an empty cart, an
 * order already being placed, the address and shipping checks, not enough stock; too-long
 * fields, the postcode rules, coupon and gift-card refusals, Stripe not set up (lang21).
 */
export const CHECKOUT_MESSAGE_KEYS = [
  'checkoutSignInRequired',
  'checkoutPhoneRequired',
  'checkoutTestCardsOff',
  'checkoutTestCardUnknown',
  'checkoutCardMissing',
  'checkoutCartIsEmpty',
  'checkoutInProgress',
  'checkoutCheckFields',
  'checkoutChooseShipping',
  'checkoutNoShipping',
  'declineCardDeclined',
  'declineInsufficientFunds',
  'declineExpired',
  'declineMethodGone',
  'themeNotEnoughStock',
  'checkoutEmailInvalid',
  'checkoutFirstNameRequired',
  'checkoutLastNameRequired',
  'checkoutAddressRequired',
  'checkoutCityRequired',
  'checkoutCardIncomplete',
  'checkoutCardMonthInvalid',
  'checkoutCardYearInvalid',
  'checkoutCardCodeIncomplete',
  'checkoutFirstNameTooLong',
  'checkoutLastNameTooLong',
  'checkoutAddressTooLong',
  'checkoutAddress2TooLong',
  'checkoutCityTooLong',
  'checkoutRegionTooLong',
  'checkoutPostalCodeTooLong',
  'checkoutPhoneTooLong',
  'checkoutShippingAddressNeeded',
  'postcodeInvalid',
  'postcodeUsZip',
  'postcodeCaFsa',
  'postcodeGbOutcode',
  'postcodeSe',
  'postcodeIeEircode',
  'checkoutCouponUsedUp',
  'checkoutCouponCustomerLimit',
  'giftCardInvalid',
  'giftCardNoBalance',
  'giftCardBalanceChanged',
  'giftCardPurchase',
  'giftCardPurchaseField',
  'giftCardCardNeeded',
  'checkoutStripeNotSetUp',
  // lang24; its region names in the language since lang27 (localized-messages.ts SLOT_WORDS).
  'checkoutRegionMismatch',
] as const satisfies readonly StoreTextKey[];

/**
 * Runs a checkout call's `answer`; a refusal it throws is said in `language` (the body's: the
 * checkout page's), the rest of the error as it was.
 */
export function inCheckoutLanguage<T>(c: Context<AppEnv>, language: string | undefined, answer: () => Promise<T>): Promise<T> {
  return inLanguage(c, language, CHECKOUT_MESSAGE_KEYS, answer);
}

/** `jsonBody` for a checkout body: its refusals in the language the body names (validate.ts otherwise). */
export function checkoutBody<T extends ZodType>(schema: T) {
  return bodyInLanguage(schema, CHECKOUT_MESSAGE_KEYS);
}
