import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { chosenLanguageTable, LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { translateItemsIn } from '../../services/multilingual/texts.js';
import type { AppEnv } from '../../env.js';
import {
  addEntry, cartJson, entryJson, findCart, itemStock, removeEntry, setEntryQuantity, updateEntryFields, visitorCart,
  type CartScope, type CartView,
} from '../../services/cart/index.js';
import { queryParams } from '../validate.js';
import { bodyInLanguage, inLanguage } from '../localized-messages.js';
import { CART_MESSAGE_KEYS, couponWordsFor, fieldMessages } from './cart-messages.js';
import { syncCartCookies } from '../../middleware/session/cart-cookies.js';
import { cartScope, cartWriteLimit, token } from './cart-request.js';
import { orders } from './orders.js';
import { donations } from './donations.js';
import { ownerCommerce } from './owner-commerce.js';
import { payments } from './payments.js';
import { cartCheckout } from './cart-checkout.js';
import { cartGiftCard } from './cart-gift-card.js';
import { cartPricing } from '../../services/orders/cart-pricing.js';
import { addEntryBody, cartQuery, setQuantityBody, stockQuery, updateFieldsBody } from './schemas.js';

/**
 * The cart JSON, its words (item titles, option names and values) in the visitor's language:
 * the language cookie's added language when the site publishes it, else the primary's
 * (docs/api/commerce.md, "Language"). Untranslated words stay the primary's. The refused
 * coupons' messages are said in `requested`, the language the island sent (lang24).
 */
async function answer(c: Context<AppEnv>, scope: CartScope, view: CartView | undefined, extra: Record<string, unknown> = {}, requested?: string) {
  const couponWords = await couponWordsFor(c, requested, view);
  const [priced, language] = await Promise.all([
    cartPricing(scope.db, scope.site, view, scope.now, couponWords),
    view?.entries.length ? chosenLanguageTable(scope.db, c.var.site, getCookie(c, LANGUAGE_COOKIE)) : undefined,
  ]);
  const body = { shoppingCart: cartJson(view, scope.site, scope.now, priced), ...extra };
  if (language) translateItemsIn(body, language.table);
  return c.json(body);
}

/** SPEC §7 Storefront cart and commerce, mounted at /api/commerce. */
export const commerce = new Hono<AppEnv>({ strict: false });

commerce.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/shopping-cart/*', cartWriteLimit);

// Never 404: a visitor without a cart gets the empty cart shape.
commerce.get('/shopping-cart', queryParams(cartQuery), async (c) => {
  const scope = cartScope(c);
  const view = await visitorCart(scope.db, scope.site.id, token(c), scope.now);
  syncCartCookies(c, view, token(c), false);
  return answer(c, scope, view, {}, c.req.valid('query').language);
});

// The add-to-cart island (a product page's, a listing's, the quick view's) sends its page's language (issue 29).
commerce.post('/shopping-cart/entries', bodyInLanguage(addEntryBody, CART_MESSAGE_KEYS), async (c) => {
  const body = c.req.valid('json');
  return inLanguage(c, body.language, CART_MESSAGE_KEYS, async () => {
    const scope = cartScope(c);
    const added = await addEntry(scope, token(c), {
      itemId: body.itemId, sku: body.sku ?? null, quantity: body.quantity, additionalFields: body.additionalFields, fieldMessages: await fieldMessages(c, body.additionalFields, body.language),
    });
    syncCartCookies(c, added.view, added.token, true);
    const entry = added.view.entries.find((e) => e.id === added.entryId);
    return answer(c, scope, added.view, { newlyAdded: entry ? entryJson(entry, scope.now) : null }, body.language);
  });
});

// The cart island's writes: their refusals in the language it sends (`language`, the cart page's; issue 29).
commerce.put('/shopping-cart/entries/:entryId/additionalFields', bodyInLanguage(updateFieldsBody, CART_MESSAGE_KEYS), async (c) => {
  const body = c.req.valid('json');
  return inLanguage(c, body.language, CART_MESSAGE_KEYS, async () => {
    const scope = cartScope(c);
    const entryId = c.req.param('entryId');
    const view = await updateEntryFields(scope, token(c), entryId, {
      itemId: body.itemId, sku: body.sku ?? null, additionalFields: body.additionalFields, fieldMessages: await fieldMessages(c, body.additionalFields, body.language),
    });
    syncCartCookies(c, view, token(c), true);
    const entry = view.entries.find((e) => e.id === entryId);
    return answer(c, scope, view, { updatedEntry: entry ? entryJson(entry, scope.now) : null }, body.language);
  });
});

commerce.put('/shopping-cart/entries/:entryId', bodyInLanguage(setQuantityBody, CART_MESSAGE_KEYS), async (c) => {
  const body = c.req.valid('json');
  return inLanguage(c, body.language, CART_MESSAGE_KEYS, async () => {
    const scope = cartScope(c);
    const view = await setEntryQuantity(scope, token(c), c.req.param('entryId'), body.quantity);
    syncCartCookies(c, view, token(c), true);
    return answer(c, scope, view, {}, body.language);
  });
});

// A removal has no body: the island names its language in the query (`?language=fr`).
commerce.delete('/shopping-cart/entries/:entryId', async (c) => {
  return inLanguage(c, c.req.query('language'), CART_MESSAGE_KEYS, async () => {
    const scope = cartScope(c);
    const view = await removeEntry(scope, token(c), c.req.param('entryId'));
    syncCartCookies(c, view, token(c), true);
    return answer(c, scope, view, {}, c.req.query('language'));
  });
});

// SPEC §7: available = stock minus what other carts hold now.
commerce.get('/inventory/stock', queryParams(stockQuery), async (c) => {
  const scope = cartScope(c);
  const t = token(c);
  const own = t ? await findCart(scope.db, scope.site.id, t, scope.now) : undefined;
  return c.json({ results: await itemStock(scope.db, scope.site.id, c.req.valid('query').itemId, scope.now, own?.id) });
});

// Where the cart ships, the shipping option and coupons (crumb-protected writes).
commerce.route('/shopping-cart', cartCheckout);
// What a gift card would pay of the cart (checked, not drawn).
commerce.route('/shopping-cart', cartGiftCard);

// Placing an order (its own limits and Idempotency-Key).
commerce.route('/orders', orders);

// A donation (issue 30): no cart, its own Idempotency-Key.
commerce.route('/donations', donations);

// Stripe PaymentIntents for the cart and Stripe's webhook.
commerce.route('/payments', payments);

// The owner's orders, gift cards and subscriptions (permission rows orders, giftCards, subscriptions).
commerce.route('/owner', ownerCommerce);
