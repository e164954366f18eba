import { rawD1 } from '../cart/raw.js';
import type { Db } from '../db.js';
import { paidThroughStatement } from '../members/paid.js';

/**
 * The shopper cancels their own subscription: no further charges. One conditional UPDATE
 * (their row, still billable), so it cannot touch another shopper's subscription and a
 * renewal in flight cannot bring it back (renew.ts keeps `canceled` when it puts a cycle
 * back). A membership bought with it keeps its access to the end of the period already
 * paid for (members/paid.ts `paidThroughStatement`, same batch, before the UPDATE).
 * Returns false when there was nothing of theirs to cancel.
 */
export async function cancelSubscription(db: Db, websiteId: string, siteUserId: string, id: string, now: number): Promise<boolean> {
  const d1 = rawD1(db);
  const [, result] = await d1.batch([
    paidThroughStatement(db, { subscriptionId: id, websiteId, siteUserId, now }),
    d1
      .prepare(
        `UPDATE subscriptions SET status = 'canceled', next_billing_at = NULL, updated_on = ?4
         WHERE id = ?1 AND website_id = ?2 AND site_user_id = ?3 AND status IN ('active', 'past_due', 'paused')`,
      )
      .bind(id, websiteId, siteUserId, now),
  ]);
  return result!.meta.changes === 1;
}
