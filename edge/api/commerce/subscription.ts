import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { createSubscriptionCart } from '../../services/cart/index.js';
import { bodyInLanguage, inLanguage } from '../localized-messages.js';
import { CART_MESSAGE_KEYS, fieldMessages } from './cart-messages.js';
import { cartScope, cartWriteLimit } from './cart-request.js';
import { subscriptionBody } from './schemas.js';

/** SPEC §7 POST /api/3/commerce/cart/subscription, mounted at /api/3/commerce. */
export const subscriptionCarts = new Hono<AppEnv>({ strict: false });

// The add-to-cart island of a subscribable product sends its page's language, as the cart writes do (fix4): the refusals in it.
subscriptionCarts.post('/cart/subscription', cartWriteLimit, bodyInLanguage(subscriptionBody, CART_MESSAGE_KEYS), async (c) => {
  const body = c.req.valid('json');
  return inLanguage(c, body.language, CART_MESSAGE_KEYS, async () => {
    const result = await createSubscriptionCart(cartScope(c), {
      itemId: body.itemId,
      sku: body.sku ?? null,
      quantity: body.qty,
      additionalFields: body.additionalFields,
      subscriptionOptionId: body.subscriptionOptionId,
      fieldMessages: await fieldMessages(c, body.additionalFields, body.language),
    });
    return c.json(result);
  });
});
