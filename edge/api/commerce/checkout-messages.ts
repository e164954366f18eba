import type { Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { localizedError, storeTextMessages, type Say } from '../localized-messages.js';
import { validationError } from '../validate.js';
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
] as const satisfies readonly StoreTextKey[];

/** The checkout refusals in the language the checkout page names (`language` of the order). */
function checkoutMessages(c: Context<AppEnv>, language: unknown): Promise<Say> {
  return storeTextMessages(c, language, CHECKOUT_MESSAGE_KEYS);
}

/**
 * Runs a checkout call's `answer`; a refusal it throws is said in `language` (the body's: the
 * checkout page's), the rest of the error as it was.
 */
export async function inCheckoutLanguage<T>(c: Context<AppEnv>, language: string | undefined, answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof ApiError && language !== undefined) throw localizedError(error, await checkoutMessages(c, language));
    throw error;
  }
}

/** `jsonBody` for a checkout body: its refusals in the language the body names (validate.ts otherwise). */
export function checkoutBody<T extends ZodType>(schema: T) {
  return zValidator('json', schema, async (result, hookContext) => {
    if (result.success) return;
    // The hook's context is the app's own (typed with Hono's default Env by the validator).
    const c = hookContext as unknown as Context<AppEnv>;
    throw localizedError(validationError(result.error), await checkoutMessages(c, (result.data as { language?: unknown } | null)?.language));
  });
}
