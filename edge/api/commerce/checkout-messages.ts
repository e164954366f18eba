import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { storeTextMessages, type Say } from '../localized-messages.js';
import type { StoreTextKey } from '../../../domain/languages/store-texts.js';

/**
 * The checkout API's refusals the checkout island shows as its alert or beside a field, as store
 * texts (issue 29): guest checkout off, the phone, the test card's answers, an empty cart, an
 * order already being placed, the address and shipping checks, not enough stock.
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
] as const satisfies readonly StoreTextKey[];

/** The checkout refusals in the language the checkout page names (`language` of the order). */
export function checkoutMessages(c: Context<AppEnv>, language: unknown): Promise<Say> {
  return storeTextMessages(c, language, CHECKOUT_MESSAGE_KEYS);
}
