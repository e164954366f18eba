import { Hono } from 'hono';
import { z } from 'zod';
import type { Cents } from '../../../domain/branded-types.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { cartJson, visitorCart } from '../../services/cart/index.js';
import { giftCardJson, giftCardUse, GIFT_CARD_MESSAGES } from '../../services/gift-cards/index.js';
import { cartPricing } from '../../services/orders/cart-pricing.js';
import { checkoutBody, inCheckoutLanguage } from './checkout-messages.js';
import { cartScope, token } from './cart-request.js';
import { couponWordsFor } from './cart-messages.js';

const giftCardBody = z.object({
  code: z.string({ error: 'Enter a gift card code.' }).trim().min(1, { error: 'Enter a gift card code.' }).max(50, { error: GIFT_CARD_MESSAGES.invalid }),
  language: z.string().max(35).optional(),
});

/**
 * POST /api/commerce/shopping-cart/gift-card checks a code against the cart as it
 * is priced now and answers what the card would pay (`giftCard.appliedCents`) and what is
 * left for the card payment, beside the repriced `shoppingCart`. Nothing is drawn or stored:
 * the order draws the balance when it is placed, and checkout sends the code with it.
 * Mounted under /shopping-cart, so the cart write limits and the crumb check apply. Its refusals
 * are said in the optional `language` the checkout island sends (issue 29).
 */
export const cartGiftCard = new Hono<AppEnv>({ strict: false });

cartGiftCard.post('/gift-card', checkoutBody(giftCardBody), async (c) => inCheckoutLanguage(c, c.req.valid('json').language, async () => {
  const scope = cartScope(c);
  const view = await visitorCart(scope.db, scope.site.id, token(c), scope.now);
  if (!view || view.entries.length === 0) throw new ApiError(404, 'cart_not_found', 'Your cart is empty.');
  const priced = await cartPricing(scope.db, scope.site, view, scope.now, await couponWordsFor(c, c.req.valid('json').language, view));
  const total = (priced?.totals.grandTotalCents ?? 0) as Cents;
  const use = await giftCardUse(scope.db, scope.site, c.req.valid('json').code, view.entries.map((e) => e.productType), total);
  return c.json({ shoppingCart: cartJson(view, scope.site, scope.now, priced), giftCard: giftCardJson(use, scope.site.currency) });
}));
