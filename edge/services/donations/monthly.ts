import { DONATION_ITEM } from '../../../domain/commerce/donations.js';
import { rawD1 } from '../cart/raw.js';
import type { Db } from '../db.js';

/**
 * Stops the monthly donation that the donation `firstOrderId` started (the donor's link to page
 * 204 proves it is theirs): no further charges. One conditional UPDATE, so a renewal in flight
 * cannot bring it back (renew.ts keeps `canceled` when it puts a cycle back). False: nothing to stop.
 */
export async function stopMonthlyDonation(db: Db, websiteId: string, firstOrderId: string, now: number): Promise<boolean> {
  const result = await rawD1(db)
    .prepare(
      `UPDATE subscriptions SET status = 'canceled', next_billing_at = NULL, updated_on = ?3
       WHERE first_order_id = ?1 AND website_id = ?2 AND item_id = ?4 AND status IN ('active', 'past_due', 'paused')`,
    )
    .bind(firstOrderId, websiteId, now, DONATION_ITEM)
    .run();
  return result.meta.changes === 1;
}
