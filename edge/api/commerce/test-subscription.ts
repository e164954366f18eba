/** Test helper: subscription checkouts as the storefront makes them. */
import type { D1Database } from '@cloudflare/workers-types';
import type { RunningWorker, SignedIn } from '../../test-support.js';
import { placeOrder, type OrderOptions } from './test-checkout.js';
import { variantOf } from './test-catalog.js';
import { TestVisitor, type Answer } from './test-visitor.js';

export const CLUB_SKU = 'FK-CLUB-MONTH';
/** Pays now; every later charge of the saved method is declined. */
export const CARD_DECLINES_LATER = '4000 0000 0000 0341';

/** The demo clay club's plan ids in shop order: [monthly indefinite, monthly for 6 cycles]. */
export async function clubPlans(db: D1Database): Promise<string[]> {
  const club = await variantOf(db, CLUB_SKU);
  const rows = await db.prepare('SELECT id FROM subscription_plans WHERE product_id = ? ORDER BY position').bind(club.itemId).all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

/** A visitor (signed in when `as` is given) with a crumb. */
export async function shopper(worker: RunningWorker, ip: string, as?: SignedIn): Promise<TestVisitor> {
  const v = new TestVisitor(worker, ip);
  if (as) for (const pair of as.cookie.split('; ')) v.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  else await v.visit('/api/commerce/shopping-cart');
  return v;
}

/** POST /api/3/commerce/cart/subscription for the clay club; returns the cart token. */
export async function subscriptionCart(v: TestVisitor, db: D1Database, planId?: string): Promise<string> {
  const club = await variantOf(db, CLUB_SKU);
  const res = await v.send('POST', '/api/3/commerce/cart/subscription', { itemId: club.itemId, sku: CLUB_SKU, qty: 1, additionalFields: null, ...(planId ? { subscriptionOptionId: planId } : {}) });
  if (res.status !== 200) throw new Error(`subscription cart: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.cartToken as string;
}

/** Subscribes to the clay club and places its checkout (no shipping: it is a service). */
export async function subscribe(v: TestVisitor, db: D1Database, o: OrderOptions & { planId?: string; email?: string } = {}): Promise<Answer & { cartToken: string }> {
  const cartToken = await subscriptionCart(v, db, o.planId);
  const res = await placeOrder(v, { ...o, address: undefined, extra: { cartToken, ...(o.email ? { email: o.email } : {}), ...o.extra } });
  return { ...res, cartToken };
}
