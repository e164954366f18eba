import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { query, type Db } from '../db.js';
import { REVIEW_REQUEST_DELAY_DAYS } from '../../../domain/commerce/preferences.js';
import { rawD1 } from '../cart/raw.js';
import { newId } from '../accounts/tokens.js';
import { mailMoney, productName, type MailLanguage } from '../multilingual/mail-language.js';
import { lineFieldAnswers } from '../orders/line-fields.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';
import { labelValue } from '../../../domain/languages/label-value.js';

const ENGLISH = storeTexts();

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The order a mail is about, as the owner's actions know it. */
export interface MailOrder {
  id: string;
  websiteId: string;
  orderNumber: number;
  email: string;
  currency: string;
  /** The order's added language (issue 29): its store texts, translated product names, money in its format; English when absent. */
  language?: MailLanguage | undefined;
}

export interface MailLine {
  productName: string;
  itemId?: string | null;
  sku: string | null;
  quantity: number;
  additionalFields?: string | null;
}

/** One outbox row (docs/crash-safety.md): a statement of the batch that does what it tells. */
function outboxRow(db: Db, o: MailOrder, kind: string, subject: string, paragraphs: string[][], now: number): D1PreparedStatement {
  const text = paragraphs.map((p) => p.join('\n')).join('\n\n');
  const html = paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('');
  return rawD1(db)
    .prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on, order_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`)
    .bind(newId(), o.websiteId, kind, o.email, subject, text, html, now, o.id);
}

/** A line as the shopper reads it: the product's translated title in the order's language, else the name bought. */
const lineText = (o: MailOrder) => (l: MailLine) => {
  return [`${l.quantity} × ${productName(o.language, l.itemId, l.productName)}${l.sku ? ` (${l.sku})` : ''}`, ...lineFieldAnswers(l.additionalFields).map((a) => `  ${labelValue(o.language?.texts ?? ENGLISH, a.label, a.value)}`)];
};


/** "Your order has shipped" (with carrier and tracking number) or "was picked up". */
export function fulfilmentMail(
  db: Db, site: { title: string }, o: MailOrder, f: { kind: 'shipped' | 'picked_up'; carrier: string | null; trackingNumber: string | null; lines: MailLine[] }, now: number,
): D1PreparedStatement {
  const shipped = f.kind === 'shipped';
  const t = o.language?.texts ?? storeTexts();
  const fill = (text: string) => fillText(text, { site: site.title, number: o.orderNumber, carrier: f.carrier ?? '', tracking: f.trackingNumber ?? '' });
  const subject = fill(shipped ? t.mailShippedSubject : t.mailPickedUpSubject);
  const head = [fill(shipped ? t.mailShipped : t.mailPickedUp)];
  const tracking = shipped && (f.carrier || f.trackingNumber) ? [[...(f.carrier ? [fill(t.mailCarrier)] : []), ...(f.trackingNumber ? [fill(t.mailTracking)] : [])]] : [];
  return outboxRow(db, o, shipped ? 'order-shipped' : 'order-picked-up', subject, [head, f.lines.flatMap(lineText(o)), ...tracking], now);
}

/** The refund: amount, where it went (card, gift card) and the lines when it was for lines. */
export function refundMail(
  db: Db, site: { title: string }, o: MailOrder, r: { amountCents: number; providerCents: number; giftCardCents: number; lines: MailLine[] }, now: number,
): D1PreparedStatement {
  const money = mailMoney(o.language, o.currency);
  const t = o.language?.texts ?? storeTexts();
  const fill = (text: string, cents = 0) => fillText(text, { site: site.title, number: o.orderNumber, amount: money(cents) });
  const where = [
    ...(r.providerCents ? [fill(t.mailRefundToCard, r.providerCents)] : []),
    ...(r.giftCardCents ? [fill(t.mailRefundToGiftCard, r.giftCardCents)] : []),
  ];
  const paragraphs = [[fill(t.mailRefunded, r.amountCents)], ...(r.lines.length ? [r.lines.flatMap(lineText(o))] : []), where];
  return outboxRow(db, o, 'order-refunded', fill(t.mailRefundSubject), paragraphs, now);
}

/** The cancellation, with what was cancelled. */
export function cancelMail(db: Db, site: { title: string }, o: MailOrder, lines: MailLine[], now: number): D1PreparedStatement {
  const t = o.language?.texts ?? storeTexts();
  const fill = (text: string) => fillText(text, { site: site.title, number: o.orderNumber });
  return outboxRow(db, o, 'order-cancelled', fill(t.mailCancelledSubject), [[fill(t.mailCancelled)], lines.flatMap(lineText(o))], now);
}

/**
 * The days a review request waits (the `reviews` preferences' requestDelayDays, SPEC-free
 * default REVIEW_REQUEST_DELAY_DAYS), in milliseconds.
 */
export async function reviewRequestDelayMs(db: Db, websiteId: string): Promise<number> {
  const row = await query(() =>
    rawD1(db).prepare("SELECT json_extract(value, '$.requestDelayDays') AS days FROM commerce_preferences WHERE website_id = ? AND namespace = 'reviews'").bind(websiteId).first<{ days: number | null }>(),
  );
  const days = Number(row?.days ?? REVIEW_REQUEST_DELAY_DAYS);
  return (Number.isInteger(days) && days >= 0 ? days : REVIEW_REQUEST_DELAY_DAYS) * 86_400_000;
}

/**
 * Issue 33's gap: one link per product asking for a review (page type 209), queued with the
 * order's fact (fulfilment, or the purchase of digital products and services) and sent by
 * the outbox only from `sendAfter` on. The order number is named when it is known.
 */
export function reviewRequestMail(
  db: Db, site: { title: string }, o: { id: string; websiteId: string; email: string; orderNumber?: number; language?: MailLanguage | undefined }, links: { productName: string; url: string }[], now: number, sendAfter: number,
): D1PreparedStatement {
  const t = o.language?.texts ?? storeTexts();
  const which = o.orderNumber === undefined ? t.mailReviewAnyOrder : fillText(t.mailReviewOrder, { number: o.orderNumber });
  const intro = fillText(t.mailReviewIntro, { which });
  const text = [intro, '', ...links.map((l) => labelValue(t, l.productName, l.url))].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.productName)}</a></li>`).join('')}</ul>`;
  return rawD1(db)
    .prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on, send_after, order_id) VALUES (?1, ?2, 'review-request', ?3, ?4, ?5, ?6, ?7, ?8, ?9)`)
    .bind(newId(), o.websiteId, o.email, fillText(t.mailReviewSubject, { site: site.title, which }), text, html, now, sendAfter, o.id);
}
