import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { cartJson, loadCartView, visitorCart, type CartView } from '../../services/cart/index.js';
import { addressPostcodeError } from '../../../domain/postal-codes/postal-codes.js';
import { resolveRegion } from '../../../domain/postal-codes/postcode-region.js';
import { cartPricing, storedLocation } from '../../services/orders/cart-pricing.js';
import { addCartCoupon, removeCartCoupon, setCartLocation } from '../../services/orders/cart-settings.js';
import { checkoutBody, inCheckoutLanguage } from './checkout-messages.js';
import { cartScope, token } from './cart-request.js';
import { couponWordsFor } from './cart-messages.js';

/**
 * The cart's checkout choices — where it ships, the shipping option, coupons —
 * each answered with the repriced `{ shoppingCart }`. Mounted under /shopping-cart, so the
 * cart write limits and the crumb check apply. Their refusals are said in the optional `language`
 * the checkout island sends (the body's; `?language=` on a coupon's removal), as the checkout's (issue 29).
 */
export const cartCheckout = new Hono<AppEnv>({ strict: false });

const locationBody = z.object({
  country: z.string({ error: 'Country is required.' }).regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter country code.' }),
  region: z.string().max(10).optional(),
  postalCode: z.string().max(16).optional(),
  language: z.string().max(35).optional(),
});
const optionBody = z.object({ shippingOptionId: z.string({ error: 'shippingOptionId is required.' }).min(1).max(100), language: z.string().max(35).optional() });
const couponBody = z.object({ code: z.string({ error: 'Enter a coupon code.' }).trim().min(1, { error: 'Enter a coupon code.' }).max(50), language: z.string().max(35).optional() });

async function liveCart(c: Context<AppEnv>): Promise<CartView> {
  const scope = cartScope(c);
  const view = await visitorCart(scope.db, scope.site.id, token(c), scope.now);
  if (!view) throw new ApiError(404, 'cart_not_found', 'Your cart is empty.');
  return view;
}

/** The repriced cart; its refused coupons' messages in `language` (the island's, lang24). */
async function reply(c: Context<AppEnv>, cartId: string, view: CartView, language: string | undefined) {
  const scope = cartScope(c);
  const fresh = await visitorCart(scope.db, scope.site.id, token(c), scope.now);
  const current = fresh && fresh.record.id === cartId ? fresh : await loadCartView(scope.db, view.record);
  const couponWords = await couponWordsFor(c, language, current);
  return c.json({ shoppingCart: cartJson(current, scope.site, scope.now, await cartPricing(scope.db, scope.site, current, scope.now, couponWords)) });
}

cartCheckout.put('/shipping-location', checkoutBody(locationBody), async (c) => {
  const body = c.req.valid('json');
  return inCheckoutLanguage(c, body.language, async () => {
    const error = body.postalCode ? addressPostcodeError(body.country, body.postalCode) : null;
    if (error) throw new ApiError(422, 'invalid_postal_code', error, { fields: { postalCode: error } });
    // Issue 33 finding 6: the postcode decides the region (and so the tax) where it can.
    const { region, mismatch } = resolveRegion(body.country, body.region, body.postalCode);
    if (mismatch) throw new ApiError(422, 'region_mismatch', mismatch, { fields: { region: mismatch } });
    const view = await liveCart(c);
    const kept = storedLocation(view)?.selectedShippingOptionId;
    const location = { country: body.country, ...(region ? { region } : {}), ...(body.postalCode ? { postalCode: body.postalCode } : {}), ...(kept ? { selectedShippingOptionId: kept } : {}) };
    await setCartLocation(c.var.db, view.record.id, location, Date.now());
    return reply(c, view.record.id, view, body.language);
  });
});

cartCheckout.put('/shipping-option', checkoutBody(optionBody), async (c) => inCheckoutLanguage(c, c.req.valid('json').language, async () => {
  const view = await liveCart(c);
  const where = storedLocation(view);
  if (!where) throw new ApiError(422, 'no_shipping_location', 'Enter a shipping address first.', { fields: { shippingOptionId: 'Enter a shipping address first.' } });
  const priced = await cartPricing(c.var.db, c.var.site, view, Date.now());
  const wanted = c.req.valid('json').shippingOptionId;
  if (!(priced?.shippingOptions as { id: string }[] | undefined)?.some((o) => o.id === wanted)) {
    throw new ApiError(422, 'invalid_shipping_option', 'Choose one of the shipping options offered.', { fields: { shippingOptionId: 'Choose one of the shipping options offered.' } });
  }
  await setCartLocation(c.var.db, view.record.id, { ...where, selectedShippingOptionId: wanted }, Date.now());
  return reply(c, view.record.id, view, c.req.valid('json').language);
}));

cartCheckout.post('/coupons', checkoutBody(couponBody), async (c) => inCheckoutLanguage(c, c.req.valid('json').language, async () => {
  const view = await liveCart(c);
  await addCartCoupon(c.var.db, view.record.id, c.req.valid('json').code, Date.now());
  return reply(c, view.record.id, view, c.req.valid('json').language);
}));

cartCheckout.delete('/coupons/:code', async (c) => inCheckoutLanguage(c, c.req.query('language'), async () => {
  const view = await liveCart(c);
  await removeCartCoupon(c.var.db, view.record.id, c.req.param('code'), Date.now());
  return reply(c, view.record.id, view, c.req.query('language'));
}));
