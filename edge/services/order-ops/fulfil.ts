import { and, eq } from 'drizzle-orm';
import { orderFulfilments, PRODUCT_TYPE } from '../../../schema/index.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { query, type Db } from '../db.js';
import { REVIEW_LINK_DAYS_MS, REVIEW_REQUEST_PATH, signReviewRequest } from '../reviews/links.js';
import { productName } from '../multilingual/mail-language.js';
import { fulfilmentMail, reviewRequestDelayMs, reviewRequestMail, type MailOrder } from './mails.js';
import { webhookEventStatements } from '../webhooks/index.js';
import { openUnits, type FulfilmentRow, type LineQuantity, type OrderState } from './state.js';

export interface FulfilInput {
  kind: 'shipped' | 'picked_up';
  /** Absent: every unit not yet fulfilled or cancelled. */
  lines?: LineQuantity[];
  carrier?: string;
  trackingNumber?: string;
  /** Mail the shopper (default true). */
  notify: boolean;
  requestKey: string;
  actor: string;
  now: number;
  /** Signs review-request links (REVIEW_LINK_SECRET); absent: no review request is sent. */
  reviewSecret?: string;
  origin: string;
}

export type FulfilOutcome =
  | { kind: 'done'; fulfilment: FulfilmentRow; replay: boolean }
  | { kind: 'nothing_left' }
  | { kind: 'bad_line'; lineId: string }
  | { kind: 'too_many' }
  | { kind: 'key_reused' };

/** The D1 error of the guard below: a line had fewer open units than asked when the batch ran. */
const QUANTITY_GUARD = /NOT NULL constraint failed: order_events\.body/;
const KEY_TAKEN = /UNIQUE constraint failed: order_fulfilments\.website_id, order_fulfilments\.request_key/;
/** Product types whose review request waits for fulfilment: physical goods (digital 2 and service 3 are asked after purchase; gift cards 4 never). */
const ASKED_AT_FULFILMENT = new Set<number>([PRODUCT_TYPE.physical]);

async function byKey(db: Db, websiteId: string, key: string) {
  const [row] = await query(() => db.select().from(orderFulfilments).where(and(eq(orderFulfilments.websiteId, websiteId), eq(orderFulfilments.requestKey, key))).limit(1));
  return row;
}

/**
 * Fulfils units of an order in one D1 batch: the fulfilment row (its request key is unique,
 * so a retried request fulfils once), one conditional UPDATE of the lines that adds the units
 * only where they are still open, a timeline row that is NULL — and so aborts the batch —
 * unless that UPDATE changed every line asked for, and the shopper's mail (outbox) with a
 * review request for products fulfilled for the first time.
 */
export async function fulfilOrder(db: Db, site: { id: string; title: string }, s: OrderState, input: FulfilInput): Promise<FulfilOutcome> {
  const earlier = await byKey(db, site.id, input.requestKey);
  if (earlier) return earlier.orderId === s.order.id ? { kind: 'done', fulfilment: earlier, replay: true } : { kind: 'key_reused' };
  const lines = new Map(s.lines.map((l) => [l.id, l]));
  let wanted: LineQuantity[];
  if (input.lines) {
    const sum = new Map<string, number>();
    for (const l of input.lines) {
      if (!lines.has(l.lineId)) return { kind: 'bad_line', lineId: l.lineId };
      sum.set(l.lineId, (sum.get(l.lineId) ?? 0) + l.quantity);
    }
    wanted = [...sum].map(([lineId, quantity]) => ({ lineId, quantity }));
    if (wanted.some((w) => w.quantity > openUnits(lines.get(w.lineId)!))) return { kind: 'too_many' };
  } else {
    wanted = s.lines.filter((l) => openUnits(l) > 0).map((l) => ({ lineId: l.id, quantity: openUnits(l) }));
  }
  if (wanted.length === 0) return { kind: 'nothing_left' };
  const d1 = rawD1(db);
  const id = newRowId();
  const carrier = input.kind === 'shipped' ? input.carrier ?? null : null;
  const tracking = input.kind === 'shipped' ? input.trackingNumber ?? null : null;
  const cases = wanted.map((_, i) => `WHEN ?${i * 2 + 2} THEN ?${i * 2 + 3}`).join(' ');
  const ids = wanted.map((_, i) => `?${i * 2 + 2}`).join(', ');
  const add = `CASE id ${cases} ELSE 0 END`;
  const mailLines = wanted.map((w) => ({ ...lines.get(w.lineId)!, quantity: w.quantity }));
  const o: MailOrder = { id: s.order.id, websiteId: site.id, orderNumber: s.order.orderNumber, email: s.order.email, currency: s.order.currency, language: s.language };
  const summary = `${input.kind === 'shipped' ? 'Shipped' : 'Picked up'}: ${mailLines.map((l) => `${l.quantity} × ${l.productName}`).join(', ')}${carrier ? ` · ${carrier}` : ''}${tracking ? ` ${tracking}` : ''}`;
  // Products fulfilled for the first time get a review request (once per order line), sent some days later; gift cards
  // are not reviewed, and digital products and services were asked about with their purchase (orders/place.ts).
  const firstTime = input.reviewSecret ? wanted.map((w) => lines.get(w.lineId)!).filter((l) => l.fulfilledQuantity === 0 && ASKED_AT_FULFILMENT.has(l.productType)) : [];
  const reviewAfter = firstTime.length ? input.now + (await reviewRequestDelayMs(db, site.id)) : 0;
  const reviewLinks = await Promise.all(
    [...new Map(firstTime.map((l) => [l.itemId, l])).values()].map(async (l) => ({
      productName: productName(s.language, l.itemId, l.productName),
      // Under the order's language prefix: the page 209 it opens is in the mail's language (issue 29).
      url: `${input.origin}${s.language?.prefix ?? ''}${REVIEW_REQUEST_PATH}?token=${await signReviewRequest(input.reviewSecret!, { websiteId: site.id, itemId: l.itemId, email: s.order.email, orderId: s.order.id, expiresAt: reviewAfter + REVIEW_LINK_DAYS_MS })}`,
    })),
  );
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO order_fulfilments (id, website_id, order_id, kind, carrier, tracking_number, lines, request_key, created_by, created_on)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
        )
        .bind(id, site.id, s.order.id, input.kind, carrier, tracking, JSON.stringify(wanted), input.requestKey, input.actor, input.now),
      d1
        .prepare(`UPDATE order_lines SET fulfilled_quantity = fulfilled_quantity + ${add} WHERE order_id = ?1 AND id IN (${ids}) AND quantity - fulfilled_quantity - cancelled_quantity >= ${add}`)
        .bind(s.order.id, ...wanted.flatMap((w) => [w.lineId, w.quantity])),
      d1
        .prepare(`INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on) VALUES (?1, ?2, ?3, ?4, CASE WHEN changes() = ?5 THEN ?6 END, ?7, ?8)`)
        .bind(newRowId(), site.id, s.order.id, input.kind === 'shipped' ? 'fulfilled' : 'picked_up', wanted.length, summary, input.actor, input.now),
      ...(input.notify ? [fulfilmentMail(db, site, o, { kind: input.kind, carrier, trackingNumber: tracking, lines: mailLines }, input.now)] : []),
      ...(reviewLinks.length ? [reviewRequestMail(db, site, o, reviewLinks, input.now, reviewAfter)] : []),
      // The automations' event (docs/api/webhooks.md), in the same batch: it exists exactly when the fulfilment does.
      ...webhookEventStatements(d1, {
        websiteId: site.id, type: 'order.fulfilled', now: input.now,
        payload: { orderId: s.order.id, orderNumber: s.order.orderNumber, fulfilmentId: id, kind: input.kind, carrier, trackingNumber: tracking, lines: wanted },
      }),
    ]);
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (QUANTITY_GUARD.test(text)) return { kind: 'too_many' };
    if (KEY_TAKEN.test(text)) {
      const row = await byKey(db, site.id, input.requestKey);
      if (row) return row.orderId === s.order.id ? { kind: 'done', fulfilment: row, replay: true } : { kind: 'key_reused' };
    }
    throw err;
  }
  return { kind: 'done', fulfilment: (await byKey(db, site.id, input.requestKey))!, replay: false };
}
