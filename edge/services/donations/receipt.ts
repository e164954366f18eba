import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { displayMoney } from '../../../domain/money/money.js';
import { fillText, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { newId } from '../accounts/tokens.js';
import { rawD1 } from '../cart/raw.js';
import type { Db } from '../db.js';

const ENGLISH = storeTexts();
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The donation receipt as an outbox row (kind 'donation-receipt') in the batch that records
 * the donation: a recorded donation always has its receipt queued. The order number is
 * counted inside that batch, so the row is INSERTed from a SELECT of the new order with a
 * one-off placeholder replaced by its number (as the order confirmation does). `texts`: the
 * donor's language's store texts (the page they gave from, issue 29), else English. The row
 * names the donation's order (order_id), whose owner detail lists it.
 */
export function donationReceiptStatement(
  db: Db,
  site: { id: string; title: string; locale?: string | undefined },
  d: { orderId: string; email: string; name: string; cents: number; currency: string; confirmationUrl: string },
  now: number,
  texts: StoreTexts = ENGLISH,
): D1PreparedStatement {
  const t = texts;
  const number = `{{order-number-${newId()}}}`;
  const amount = displayMoney(d.cents, d.currency, site.locale);
  const greeting = d.name ? fillText(t.mailDonationDear, { name: d.name }) : t.mailDonationHello;
  const thanks = fillText(t.mailDonationThanks, { amount, site: site.title });
  const subject = fillText(t.mailDonationSubject, { site: site.title, number });
  const receiptNumber = fillText(t.mailDonationNumber, { number });
  const amountLine = fillText(t.mailDonationAmount, { amount });
  const text = [greeting, '', thanks, receiptNumber, amountLine, '', fillText(t.mailDonationLink, { url: d.confirmationUrl })].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}</p><p>${escapeHtml(receiptNumber)}<br>${escapeHtml(amountLine)}</p><p><a href="${escapeHtml(d.confirmationUrl)}">${escapeHtml(t.mailDonationView)}</a></p>`;
  return rawD1(db)
    .prepare(
      `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on, order_id)
       SELECT ?1, ?2, 'donation-receipt', ?3, replace(?4, ?7, o.order_number), replace(?5, ?7, o.order_number), replace(?6, ?7, o.order_number), ?8, o.id
       FROM orders o WHERE o.id = ?9`,
    )
    .bind(newId(), site.id, d.email, subject, text, html, number, now, d.orderId);
}
