import { and, asc, eq } from 'drizzle-orm';
import { orderEvents } from '../../../schema/index.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { query, type Db } from '../db.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import type { EventRow } from './state.js';

/** Adds the owner's note to an order's timeline (never shown to the shopper). */
export async function addOrderNote(db: Db, websiteId: string, orderId: string, body: string, actor: string, now: number): Promise<EventRow> {
  const row: EventRow = { id: newRowId(), websiteId, orderId, kind: 'note', body, actor, createdOn: now };
  await rawD1(db)
    .prepare(`INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on) VALUES (?1, ?2, ?3, 'note', ?4, ?5, ?6)`)
    .bind(row.id, websiteId, orderId, body, actor, now)
    .run();
  return row;
}

/** One entry of an order's timeline. */
export interface TimelineEntry {
  kind: string;
  at: number;
  /** Who did it: an owner's email, 'shopper' or 'system'. */
  by: string;
  text: string;
}

/**
 * An order's timeline, oldest first: placed and paid (the order and payment rows), the
 * mails queued for it, then the owner's actions and notes (order_events).
 */
export async function orderTimeline(
  db: Db,
  websiteId: string,
  o: { id: string; createdOn: number; email: string },
  payments: readonly { provider: string; amountCents: number; currency: string; createdOn: number }[],
  mails: readonly { kind: string; subject: string; createdOn: number; status: string }[],
): Promise<TimelineEntry[]> {
  const events = await query(() => db.select().from(orderEvents).where(and(eq(orderEvents.websiteId, websiteId), eq(orderEvents.orderId, o.id))).orderBy(asc(orderEvents.createdOn)));
  const entries: TimelineEntry[] = [
    { kind: 'placed', at: o.createdOn, by: o.email, text: 'Order placed' },
    ...payments.map((p) => ({ kind: 'paid', at: p.createdOn, by: o.email, text: `Paid ${minorToDecimal(p.amountCents, p.currency)} ${p.currency} by ${p.provider}` })),
    ...mails.map((m) => ({ kind: 'mail', at: m.createdOn, by: 'system', text: `Mail ${m.status}: ${m.subject}` })),
    ...events.map((e) => ({ kind: e.kind, at: e.createdOn, by: e.actor, text: e.body })),
  ];
  // Stable: same-instant entries keep the order above (placed, paid, mails, actions).
  return entries.map((e, i) => [e, i] as const).sort((a, b) => a[0].at - b[0].at || a[1] - b[1]).map(([e]) => e);
}
