import { displayMoney } from '../../../domain/money/money.js';
import { DONATION_ITEM } from '../../../domain/commerce/donations.js';
import type { Db } from '../db.js';
import { queueMail } from '../mail/outbox.js';
import { planOf, type SubscriptionRow } from './subscription-json.js';
import { subscriptionPriceWording } from './wording.js';

/** The site as a renewal mail names it (the scheduled job looks it up per website). */
export interface RenewalSite {
  title: string;
  origin: string;
}

export type RenewalNews = { kind: 'renewed'; statusUrl: string } | { kind: 'declined'; message: string; retryAt: number | null };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const day = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The subscriber's mail about a renewal (through the outbox, never blocking the
 * run): a receipt with the order-status link, or word of a decline and when it is retried.
 */
export async function queueRenewalMail(db: Db, site: RenewalSite, row: SubscriptionRow, news: RenewalNews, now: number): Promise<void> {
  const wording = subscriptionPriceWording(displayMoney(row.renewalTotalCents, row.currency), planOf(row));
  const product = `${row.quantity} × ${row.productName}`;
  let subject: string;
  let lines: string[];
  const gift = displayMoney(row.renewalTotalCents, row.currency);
  if (row.itemId === DONATION_ITEM && news.kind === 'renewed') {
    // A monthly donation (issue 30): each renewal is a receipt.
    subject = `${site.title}: receipt for your monthly donation`;
    lines = [
      `Thank you for your monthly donation of ${gift} to ${site.title}.`,
      `Amount: ${gift}`,
      `Your receipt: ${news.statusUrl}`,
      row.nextBillingAt ? `Next donation: ${day(row.nextBillingAt)}. To stop it, use the link in your first receipt or your account.` : 'That was the last donation of this plan.',
    ];
  } else if (row.itemId === DONATION_ITEM) {
    subject = `${site.title}: we could not take your monthly donation`;
    lines = [`We could not take your monthly donation of ${gift}: ${news.kind === 'declined' ? news.message : ''}`, news.kind === 'declined' && news.retryAt ? `We will try again on ${day(news.retryAt)}.` : 'We tried several times, so the monthly donation is now stopped.'];
  } else if (news.kind === 'renewed') {
    subject = `${site.title}: your subscription to ${row.productName} is renewed`;
    lines = [
      `Thank you: we charged ${displayMoney(row.renewalTotalCents, row.currency)} for ${product} (${wording}).`,
      row.nextBillingAt ? `Next payment: ${day(row.nextBillingAt)}.` : 'That was the last payment of this subscription.',
      `Order status: ${news.statusUrl}`,
    ];
  } else {
    subject = `${site.title}: we could not renew your subscription to ${row.productName}`;
    lines = [
      `We could not take the payment for ${product} (${wording}): ${news.message}`,
      news.retryAt ? `We will try again on ${day(news.retryAt)}.` : 'We tried several times, so the subscription is now canceled.',
    ];
  }
  await queueMail(
    db,
    { websiteId: row.websiteId, to: row.email, subject, text: lines.join('\n\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''), kind: `subscription-${news.kind}` },
    now,
  );
}
