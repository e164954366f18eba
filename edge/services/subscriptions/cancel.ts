import { rawD1 } from '../cart/raw.js';
import type { Db } from '../db.js';

/**
 * The shopper cancels their own subscription: no further charges. One conditional UPDATE
 * (their row, still billable), so it cannot touch another shopper's subscription and a
 * renewal in flight cannot bring it back (renew.ts keeps `canceled` when it puts a cycle
 * back). Returns false when there was nothing of theirs to cancel.
 */
export async function cancelSubscription(db: Db, websiteId: string, siteUserId: string, id: string, now: number): Promise<boolean> {
  const result = await rawD1(db)
    .prepare(
      `UPDATE subscriptions SET status = 'canceled', next_billing_at = NULL, updated_on = ?4
       WHERE id = ?1 AND website_id = ?2 AND site_user_id = ?3 AND status IN ('active', 'past_due', 'paused')`,
    )
    .bind(id, websiteId, siteUserId, now)
    .run();
  return result.meta.changes === 1;
}
