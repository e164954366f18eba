import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import type { StoreTextKey } from '../../../domain/languages/store-texts.js';
import type { CartView } from '../../services/cart/index.js';
import type { CouponWords } from '../../services/checkout/coupons.js';
import { couponWordsIn } from '../../services/orders/coupon-words.js';
import { chosenLanguageTable } from '../../services/multilingual/visitor-language.js';
import { translatedFormMessages, translatedTexts } from '../../services/multilingual/texts.js';
import { visitorTable } from '../../services/multilingual/visitor-texts.js';
import { ADDITIONAL_FIELDS_ENTITY, ADDITIONAL_FIELDS_TEXTS } from '../../../domain/messages/additional-fields-texts.js';
import type { AdditionalFieldsMessages } from '../../services/cart/additional-fields.js';

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

/**
 * The cart's refused-coupon messages (`invalidCoupons`) in `language`, the one the cart or
 * checkout island sent with the request that prices the cart (lang24), when the site publishes
 * it; undefined (the English) otherwise, and for a cart without coupons.
 */
export async function couponWordsFor(c: Context<AppEnv>, language: string | undefined, view: CartView | undefined): Promise<CouponWords | undefined> {
  if (!language || !view?.record.coupons.length) return undefined;
  const chosen = await chosenLanguageTable(c.var.db, c.var.site, language.slice(0, 35));
  return chosen ? couponWordsIn(chosen) : undefined;
}

/**
 * The additional-fields answers' messages in the visitor's language (the body's `language` the
 * island sends, else the language cookie, as the cart's words, issue 29); undefined (English)
 * when no answers came or no language is chosen.
 */
export async function fieldMessages(c: Context<AppEnv>, answers: unknown, language?: string): Promise<AdditionalFieldsMessages | undefined> {
  const table = answers == null || answers === '' ? undefined : await visitorTable(c, language);
  if (!table) return undefined;
  return { form: translatedFormMessages(table), unknownField: translatedTexts(table, ADDITIONAL_FIELDS_ENTITY, ADDITIONAL_FIELDS_TEXTS).unknownField };
}
