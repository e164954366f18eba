import { and, asc, eq, lte } from 'drizzle-orm';
import { orderRefunds, orders, websites } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import type { SiteRecord } from '../websites.js';
import { finishPendingRefund, STALE_REFUND_MS, type ProviderFor } from './refund.js';
import { orderState } from './state.js';

/** How many stale refunds one Cron run finishes (the rest wait a minute). */
const RUN_LIMIT = 20;

/**
 * The Cron job's part of refund crash safety: refunds left `pending` past STALE_REFUND_MS
 * (a cancel whose request died after its batch, a refund whose request died before
 * settling, a cancel's refund the provider refused) are taken over with the same rule a
 * request uses — one conditional UPDATE claims each, the provider is asked again under the
 * row's own idempotency key, the row is settled. `providersFor` gives each site's providers
 * (its stored Stripe key over the deployment's).
 */
export async function finishStaleRefunds(db: Db, providersFor: (site: SiteRecord) => Promise<ProviderFor>, now: number): Promise<{ finished: number; pending: number }> {
  const stale = await query(() =>
    db
      .select({ refund: orderRefunds, orderNumber: orders.orderNumber, site: websites })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .innerJoin(websites, eq(websites.id, orderRefunds.websiteId))
      .where(and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.createdOn, now - STALE_REFUND_MS)))
      .orderBy(asc(orderRefunds.createdOn))
      .limit(RUN_LIMIT),
  );
  let finished = 0;
  let pending = 0;
  for (const { refund, orderNumber, site } of stale) {
    const s = await orderState(db, site.id, orderNumber);
    if (!s) continue;
    const out = await finishPendingRefund(db, { id: site.id, title: site.title }, s, refund, { actor: 'system', now }, await providersFor(site));
    if (out.kind === 'done') finished += 1;
    else if (out.kind === 'pending') pending += 1;
  }
  return { finished, pending };
}
