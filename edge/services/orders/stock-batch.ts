import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import type { CartEntryView, HoldRecord } from '../cart/index.js';

/** Units of each finite-stock variant a cart buys (lines of one variant summed). */
export function unitsByVariant(entries: readonly CartEntryView[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const e of entries) if (e.limited && e.variantId) units.set(e.variantId, (units.get(e.variantId) ?? 0) + e.quantity);
  return units;
}

/** The text of the D1 error the stock guard raises: a line could not be taken from stock. */
export const STOCK_GUARD_FAILURE = /NOT NULL constraint failed: stock_reservations\.quantity/;
/** A coupon's usage limit was reached by another order first. */
export const COUPON_GUARD_FAILURE = /CHECK constraint failed: coupons_usage_ck/;
/** The shopper (email or account) has used the coupon as often as it allows one customer. */
export const COUPON_CUSTOMER_GUARD_FAILURE = /NOT NULL constraint failed: coupon_redemptions\.email/;

export interface SecureInput {
  attemptId: string;
  cartId: string;
  units: Map<string, number>;
  couponIds: readonly string[];
  /** Who uses the coupons: the order's email (lower-cased here) and the signed-in account, if any. */
  customer: { email: string; siteUserId: string | null };
  now: number;
}

/**
 * The one batch that secures stock (DESIGN: concurrency). Per variant a conditional
 * decrement — only if the stock minus what other carts hold right now still covers the
 * units — then a reservation row whose NOT NULL quantity is NULL when that UPDATE changed
 * nothing, which aborts the whole batch: either every line is taken or none. Coupon usage
 * counts up under its CHECK in the same batch, and the cart's own holds end (the units are
 * now out of stock instead).
 */
export function secureStatements(db: Db, s: SecureInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const out: D1PreparedStatement[] = [];
  for (const [variantId, quantity] of s.units) {
    out.push(
      d1
        .prepare(
          `UPDATE variants SET qty_in_stock = qty_in_stock - ?2
           WHERE id = ?1 AND unlimited = 0 AND qty_in_stock - COALESCE((SELECT SUM(h.quantity) FROM stock_holds h
             WHERE h.variant_id = ?1 AND h.expires_on > ?3 AND h.cart_id <> ?4), 0) >= ?2`,
        )
        .bind(variantId, quantity, s.now, s.cartId),
      d1
        .prepare('INSERT INTO stock_reservations (attempt_id, variant_id, quantity) VALUES (?1, ?2, CASE WHEN changes() = 1 THEN ?3 END)')
        .bind(s.attemptId, variantId, quantity),
    );
  }
  const email = s.customer.email.trim().toLowerCase();
  for (const couponId of s.couponIds) {
    out.push(
      d1.prepare('UPDATE coupons SET times_used = times_used + 1 WHERE id = ?1').bind(couponId),
      // Per-customer limit: the email is NULL (aborting the batch) once this email or account used it that often.
      d1
        .prepare(
          `INSERT INTO coupon_redemptions (coupon_id, attempt_id, email, site_user_id, created_on)
           VALUES (?1, ?2, CASE WHEN (SELECT per_customer_limit FROM coupons WHERE id = ?1) IS NULL
             OR (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.coupon_id = ?1 AND (r.email = ?3 OR (?4 IS NOT NULL AND r.site_user_id = ?4)))
                < (SELECT per_customer_limit FROM coupons WHERE id = ?1) THEN ?3 END, ?4, ?5)`,
        )
        .bind(couponId, s.attemptId, email, s.customer.siteUserId, s.now),
    );
  }
  out.push(d1.prepare('DELETE FROM stock_holds WHERE cart_id = ?1').bind(s.cartId));
  return out;
}

/**
 * Undoes `secureStatements` after a refused payment or a failed order write: the reserved
 * units go back, coupon counts go down, and the cart's holds come back as they were.
 */
export function restoreStatements(db: Db, attemptId: string, couponIds: readonly string[], holds: readonly HoldRecord[]): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return [
    d1.prepare(
      `UPDATE variants SET qty_in_stock = qty_in_stock + (SELECT r.quantity FROM stock_reservations r WHERE r.attempt_id = ?1 AND r.variant_id = variants.id)
       WHERE id IN (SELECT variant_id FROM stock_reservations WHERE attempt_id = ?1)`,
    ).bind(attemptId),
    d1.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?1').bind(attemptId),
    ...couponIds.map((id) => d1.prepare('UPDATE coupons SET times_used = times_used - 1 WHERE id = ?1 AND times_used > 0').bind(id)),
    d1.prepare('DELETE FROM coupon_redemptions WHERE attempt_id = ?1').bind(attemptId),
    ...holds.map((h) =>
      d1
        .prepare(
          `INSERT INTO stock_holds (entry_id, cart_id, website_id, variant_id, quantity, expires_on, request_id)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (entry_id) DO NOTHING`,
        )
        .bind(h.entryId, h.cartId, h.websiteId, h.variantId, h.quantity, h.expiresOn, h.requestId),
    ),
  ];
}
