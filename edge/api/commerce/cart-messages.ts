import type { StoreTextKey } from '../../../domain/languages/store-texts.js';

/**
 * The cart API's messages the cart island shows, as store texts (issue 29, lang21): said in the
 * language the island sends (`language` of the body, or of the query on a removal) when the site
 * publishes it. The SPEC §5 catalogue texts are among them (the cart island shows the message as
 * it comes), and the cart's own: the quantity's range and a service's single unit, subscriptions,
 * a line gone or not matching, a duplicate line, a gift card without its denomination; and (lang24)
 * the add-to-cart body's own refusals (itemId, sku, additionalFields), which the add-to-cart island
 * sends its page's language for.
 */
export const CART_MESSAGE_KEYS = [
  'themeNotEnoughStock',
  'themeVariantUnavailable',
  'themeQuantityNotNumber',
  'themeQuantityNotWhole',
  'cartQuantityRequired',
  'cartQuantityRange',
  'cartServiceSingleQuantity',
  'cartGiftCardDenomination',
  'cartSubscriptionOnly',
  'cartNotSubscribable',
  'cartSubscriptionPlanUnknown',
  'cartEntryNotFound',
  'cartEntryMismatch',
  'cartDuplicateLine',
  'cartItemIdInvalid',
  'cartSkuInvalid',
  'cartAdditionalFieldsJson',
] as const satisfies readonly StoreTextKey[];

