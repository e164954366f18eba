import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { newId } from '../accounts/tokens.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import { fractionDigits } from '../../../domain/money/fraction-digits.js';
import { fillText, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { lineFieldAnswers } from './line-fields.js';
import { labelValue } from '../../../domain/languages/label-value.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What the confirmation says, known before the order batch (its number is counted in it). */
export interface OrderMailFacts {
  orderId: string;
  websiteId: string;
  email: string;
  currency: string;
  lines: readonly { quantity: number; productName: string; sku: string | null; unitPriceCents: number; additionalFields?: string | null }[];
  subtotalCents: number;
  discountCents: number;
  shippingTotalCents: number;
  taxTotalCents: number;
  grandTotalCents: number;
  giftCardCents: number;
  /** The shopper's language when it is an added one (issue 29): the texts and money are in it. */
  language?: { code: string; texts: StoreTexts } | undefined;
}

/** Money in the mail: '36.00 USD' in the primary language, the language's own currency format otherwise. */
function mailMoney(currency: string, language: string | undefined): (minor: number) => string {
  if (!language) return (n) => `${minorToDecimal(n, currency)} ${currency}`;
  const digits = fractionDigits(currency);
  const format = new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (n) => format.format(n / 10 ** digits);
}

/**
 * The order confirmation as an outbox row, a statement of the batch that records the
 * order (docs/crash-safety.md): a committed order always has its mail queued. It carries
 * the signed order-status link (page 211); the token is only in the mail. The order
 * number is only known inside the batch, so the row is INSERTed from a SELECT of the new
 * order, with a one-off placeholder replaced by its number.
 */
export function orderMailStatement(
  db: Db, site: { title: string }, o: OrderMailFacts, statusUrl: string, now: number, downloads: readonly { name: string; url: string }[] = [],
): D1PreparedStatement {
  const number = `{{order-number-${newId()}}}`;
  const money = mailMoney(o.currency, o.language?.code);
  const t = o.language?.texts ?? storeTexts();
  // Each line, with its additional-fields answers (attendee names, a gift message) after it.
  const answers = (l: OrderMailFacts['lines'][number]) => lineFieldAnswers(l.additionalFields).map((a) => labelValue(t, a.label, a.value));
  const rows = o.lines.map((l) => [`${l.quantity} × ${l.productName}${l.sku ? ` (${l.sku})` : ''} — ${money(l.unitPriceCents * l.quantity)}`, ...answers(l).map((a) => `  ${a}`)].join('\n'));
  const totals = [
    labelValue(t, t.subtotal, money(o.subtotalCents)),
    ...(o.discountCents ? [labelValue(t, t.discount, `-${money(o.discountCents)}`)] : []),
    labelValue(t, t.shipping, money(o.shippingTotalCents)),
    labelValue(t, t.tax, money(o.taxTotalCents)),
    labelValue(t, t.total, money(o.grandTotalCents)),
    ...(o.giftCardCents ? [labelValue(t, t.giftCard, `-${money(o.giftCardCents)}`), labelValue(t, t.paidByCard, money(o.grandTotalCents - o.giftCardCents))] : []),
  ];
  // Each digital product's signed, expiring download link.
  const files = downloads.map((d) => labelValue(t, d.name, d.url));
  const subject = fillText(t.mailSubject, { site: site.title, number });
  const thanks = fillText(t.mailThanks, { number });
  const text = [thanks, '', ...rows, '', ...totals, ...(files.length ? ['', t.yourDownloads, ...files] : []), '', labelValue(t, t.orderStatus, statusUrl)].join('\n');
  const html = `<p>${escapeHtml(thanks)}</p><ul>${rows.map((r) => `<li>${r.split('\n').map((part) => escapeHtml(part.trim())).join('<br>')}</li>`).join('')}</ul><p>${totals
    .map(escapeHtml)
    .join('<br>')}</p>${downloads.length ? `<p>${escapeHtml(t.yourDownloads)}</p><ul>${downloads.map((d) => `<li><a href="${escapeHtml(d.url)}">${escapeHtml(d.name)}</a></li>`).join('')}</ul>` : ''}<p><a href="${escapeHtml(statusUrl)}">${escapeHtml(t.viewOrderStatus)}</a></p>`;
  return rawD1(db)
    .prepare(
      `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on, order_id)
       SELECT ?1, ?2, 'order-confirmation', ?3, replace(?4, ?7, o.order_number), replace(?5, ?7, o.order_number), replace(?6, ?7, o.order_number), ?8, o.id
       FROM orders o WHERE o.id = ?9`,
    )
    .bind(newId(), o.websiteId, o.email, subject, text, html, number, now, o.orderId);
}

/**
 * To the shopper whose paid order the Cron reconciler could not finish (its units are gone,
 * or the order could not be written): the payment is being refunded. An outbox row in the
 * batch that undoes the attempt (docs/crash-safety.md). In the order's language when it is an
 * added one (issue 29: its store texts and money format; the caller names the lines in it).
 */
export function unfinishedOrderMail(
  db: Db, site: { id: string; title: string }, o: { email: string; lines: readonly { quantity: number; title: string }[]; language?: { code: string; texts: StoreTexts } | undefined },
  paid: { cents: number; currency: string }, now: number,
): D1PreparedStatement {
  const t = o.language?.texts ?? storeTexts();
  const amount = mailMoney(paid.currency, o.language?.code)(paid.cents);
  const lines = o.lines.map((l) => `${l.quantity} × ${l.title}`);
  const intro = fillText(t.mailUnfinished, { amount });
  const refund = fillText(t.mailUnfinishedRefund, { amount });
  const text = [intro, '', ...lines, '', refund].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(refund)}</p>`;
  return rawD1(db)
    .prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on) VALUES (?1, ?2, 'order-unfinished', ?3, ?4, ?5, ?6, ?7)`)
    .bind(newId(), site.id, o.email, fillText(t.mailUnfinishedSubject, { site: site.title }), text, html, now);
}
