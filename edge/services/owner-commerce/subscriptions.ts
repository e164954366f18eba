import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { orders, subscriptions } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { query, type Db } from '../db.js';
import { paidThroughStatement } from '../members/paid.js';
import type { SubscriptionRow } from '../subscriptions/index.js';
import { mailLanguage, productName } from '../multilingual/mail-language.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';

/** The states a subscription can be in (schema/subscriptions.ts), for the owner's filter. */
export const SUBSCRIPTION_STATES = ['active', 'past_due', 'paused', 'canceled', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export interface OwnerSubscriptionPage {
  rows: (SubscriptionRow & { firstOrderNumber: number })[];
  /** Cursor of the next page ('createdOn.id' of the last row), undefined on the last page. */
  next?: string;
}

/** A page cursor as the list hands it out; undefined when `text` is not one. */
export function parseSubscriptionCursor(text: string): { createdOn: number; id: string } | undefined {
  const m = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  return m ? { createdOn: Number(m[1]), id: m[2]! } : undefined;
}

/** A site's subscriptions, newest first, optionally in one state, paged by (created_on, id). */
export async function listOwnerSubscriptions(
  db: Db, websiteId: string, o: { status?: SubscriptionState; after?: string; pageSize?: number } = {},
): Promise<OwnerSubscriptionPage> {
  const pageSize = Math.min(Math.max(o.pageSize ?? 50, 1), 200);
  const where: (SQL | undefined)[] = [eq(subscriptions.websiteId, websiteId)];
  if (o.status) where.push(eq(subscriptions.status, o.status));
  const cursor = o.after ? parseSubscriptionCursor(o.after) : undefined;
  if (cursor) where.push(or(lt(subscriptions.createdOn, cursor.createdOn), and(eq(subscriptions.createdOn, cursor.createdOn), lt(subscriptions.id, cursor.id))));
  const rows = await query(() =>
    db
      .select({ row: subscriptions, firstOrderNumber: orders.orderNumber })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.firstOrderId))
      .where(and(...where))
      .orderBy(desc(subscriptions.createdOn), desc(subscriptions.id))
      .limit(pageSize + 1),
  );
  const page = rows.slice(0, pageSize).map((r) => ({ ...r.row, firstOrderNumber: r.firstOrderNumber }));
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > pageSize && last ? `${last.createdOn}.${last.id}` : undefined };
}

/**
 * The owner cancels a shopper's subscription: no further charges. One conditional UPDATE
 * (only active or past_due become canceled), so simultaneous cancels change the row once,
 * an ended subscription stays ended, and the renewal job, which claims a cycle with its
 * own conditional UPDATE and keeps `canceled` when it puts one back, never revives it.
 * The subscriber's notice is queued in the same D1 batch, only when that UPDATE changed the
 * row (changes() = 1), so a shopper gets exactly one mail however many clicks there were.
 * Returns 'canceled', 'not-billable' (it was canceled or ended already) or 'missing'.
 */
export async function cancelSubscriptionAsOwner(
  db: Db, site: { id: string; title: string; locale: string }, id: string, now: EpochMs,
): Promise<'canceled' | 'not-billable' | 'missing'> {
  const d1 = rawD1(db);
  const notice = await canceledNotice(db, site, id);
  if (!notice) return 'missing';
  const [, update] = await query(() =>
    d1.batch([
      // A membership bought with it keeps access to the end of the paid period (members/paid.ts).
      paidThroughStatement(db, { subscriptionId: id, websiteId: site.id, now }),
      d1
        .prepare(
          `UPDATE subscriptions SET status = 'canceled', next_billing_at = NULL, updated_on = ?3
           WHERE id = ?1 AND website_id = ?2 AND status IN ('active', 'past_due', 'paused')`,
        )
        .bind(id, site.id, now),
      // Text only, as before the mail spoke languages.
      d1
        .prepare(
          `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, status, attempts, created_on)
           SELECT ?4, website_id, 'subscription-canceled', email, ?5, ?6, NULL, 'queued', 0, ?3
           FROM subscriptions WHERE id = ?1 AND website_id = ?2 AND changes() = 1`,
        )
        .bind(id, site.id, now, newRowId(), notice.subject, notice.text),
    ]),
  );
  if (update!.meta.changes === 1) return 'canceled';
  const exists = await query(() => d1.prepare('SELECT 1 AS n FROM subscriptions WHERE id = ?1 AND website_id = ?2').bind(id, site.id).first()).then(Boolean);
  return exists ? 'not-billable' : 'missing';
}

/**
 * The owner's cancel notice in the language of the subscription's first order when the site
 * publishes it (issue 29: store texts, the product's translated title), else the primary's words.
 * Read before the batch: the product and the language never change, and the batch's conditional
 * UPDATE still decides whether the mail is queued. Undefined when the site has no such subscription.
 */
async function canceledNotice(db: Db, site: { id: string; title: string; locale: string }, id: string): Promise<{ subject: string; text: string } | undefined> {
  const row = await query(() =>
    rawD1(db)
      .prepare('SELECT s.item_id AS itemId, s.product_name AS productName, o.language FROM subscriptions s LEFT JOIN orders o ON o.id = s.first_order_id WHERE s.id = ?1 AND s.website_id = ?2')
      .bind(id, site.id)
      .first<{ itemId: string; productName: string; language: string | null }>(),
  );
  if (!row) return undefined;
  const language = await mailLanguage(db, site, row.language);
  const t = language?.texts ?? storeTexts();
  const name = productName(language, row.itemId, row.productName);
  return { subject: fillText(t.mailSubscriptionCanceledSubject, { site: site.title, name }), text: fillText(t.mailSubscriptionCanceled, { name }) };
}
