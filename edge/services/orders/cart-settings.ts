import { sql } from 'drizzle-orm';
import { carts } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import type { StoredLocation } from './cart-pricing.js';

/** Sets where the cart ships (the chosen option is kept only if the caller passes it). */
export async function setCartLocation(db: Db, cartId: string, location: StoredLocation, now: number): Promise<void> {
  await query(() => db.update(carts).set({ shippingLocation: { ...location }, updatedOn: now }).where(sql`${carts.id} = ${cartId}`));
}

/**
 * Adds a coupon code to the cart in one statement (no read-modify-write of the JSON list):
 * upper-cased, once, at most five.
 */
export async function addCartCoupon(db: Db, cartId: string, code: string, now: number): Promise<void> {
  const upper = code.trim().toUpperCase();
  await query(() =>
    db.run(sql`UPDATE carts SET updated_on = ${now}, coupons = json_insert(coupons, '$[#]', ${upper})
      WHERE id = ${cartId} AND json_array_length(coupons) < 5 AND NOT EXISTS (SELECT 1 FROM json_each(carts.coupons) WHERE value = ${upper})`),
  );
}

export async function removeCartCoupon(db: Db, cartId: string, code: string, now: number): Promise<void> {
  const upper = code.trim().toUpperCase();
  await query(() =>
    db.run(sql`UPDATE carts SET updated_on = ${now}, coupons = (SELECT json_group_array(value) FROM json_each(carts.coupons) WHERE value <> ${upper})
      WHERE id = ${cartId}`),
  );
}
