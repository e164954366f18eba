import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { createSubscriptionCart } from '../../services/cart/index.js';
import { jsonBody } from '../validate.js';
import { cartScope, cartWriteLimit } from './cart-request.js';
import { subscriptionBody } from './schemas.js';

/** SPEC §7 POST /api/3/commerce/cart/subscription, mounted at /api/3/commerce. */
export const subscriptionCarts = new Hono<AppEnv>({ strict: false });

subscriptionCarts.post('/cart/subscription', cartWriteLimit, jsonBody(subscriptionBody), async (c) => {
  const body = c.req.valid('json');
  const result = await createSubscriptionCart(cartScope(c), {
    itemId: body.itemId,
    sku: body.sku ?? null,
    quantity: body.qty,
    additionalFields: body.additionalFields,
    subscriptionOptionId: body.subscriptionOptionId,
  });
  return c.json(result);
});
