import { displayMoney } from '../../../domain/money/money.js';
import { DONATION_ITEM } from '../../../domain/commerce/donations.js';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { queueMail } from '../mail/outbox.js';
import { planOf, type SubscriptionRow } from './subscription-json.js';
import { subscriptionPriceWording } from './wording.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';
import { mailLanguage, productName, type MailLanguage } from '../multilingual/mail-language.js';
import { declineReason } from './decline-reason.js';

/** The site as a renewal mail names it (the scheduled job looks it up per website). */
export interface RenewalSite {
  title: string;
  origin: string;
}

export type RenewalNews = { kind: 'renewed'; statusUrl: string; orderId: string } | { kind: 'declined'; message: string; retryAt: number | null };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const day = (ms: number, locale = 'en-US') => new Date(ms).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The language of the subscription's first order when it is an added one (issue 29), else undefined. */
async function renewalLanguage(db: Db, row: SubscriptionRow): Promise<MailLanguage | undefined> {
  if (!row.firstOrderId) return undefined;
  const order = await rawD1(db)
    .prepare('SELECT language FROM orders WHERE id = ?1 AND website_id = ?2')
    .bind(row.firstOrderId, row.websiteId)
    .first<{ language: string | null }>();
  return order?.language ? mailLanguage(db, { id: row.websiteId, locale: '' }, order.language) : undefined;
}

/**
 * The subscriber's mail about a renewal (through the outbox, never blocking the
 * run): a receipt with the order-status link, or word of a decline and when it is retried.
 */
export async function queueRenewalMail(db: Db, site: RenewalSite, row: SubscriptionRow, news: RenewalNews, now: number): Promise<void> {
  const lang = await renewalLanguage(db, row).catch(() => undefined);
  const t = lang?.texts ?? storeTexts();
  const locale = lang?.code;
  // The order-status link under the language's prefix (/fr/...), as the order's other mails.
  const underPrefix = (url: string) => (lang && url.startsWith(site.origin) ? `${site.origin}${lang.prefix}${url.slice(site.origin.length)}` : url);
  let subject: string;
  let lines: string[];
  if (row.itemId === DONATION_ITEM) {
    // A monthly donation (issue 30): each renewal is a receipt; in the first donation's language (issue 29).
    const gift = displayMoney(row.renewalTotalCents, row.currency, locale);
    if (news.kind === 'renewed') {
      subject = fillText(t.donationRenewedSubject, { site: site.title });
      lines = [
        fillText(t.donationRenewedThanks, { amount: gift, site: site.title }),
        fillText(t.donationRenewedAmount, { amount: gift }),
        fillText(t.donationRenewedReceipt, { url: underPrefix(news.statusUrl) }),
        row.nextBillingAt ? fillText(t.donationRenewedNext, { date: day(row.nextBillingAt, locale) }) : t.donationRenewedLast,
      ];
    } else {
      subject = fillText(t.donationDeclinedSubject, { site: site.title });
      lines = [fillText(t.donationDeclined, { amount: gift, message: declineReason(news.message, t) }), news.retryAt ? fillText(t.donationRetry, { date: day(news.retryAt, locale) }) : t.donationStopped];
    }
  } else {
    const wording = subscriptionPriceWording(displayMoney(row.renewalTotalCents, row.currency, locale), planOf(row), t);
    const name = productName(lang, row.itemId, row.productName);
    const product = `${row.quantity} × ${name}`;
    if (news.kind === 'renewed') {
      subject = fillText(t.renewalSubjectRenewed, { site: site.title, name });
      lines = [
        fillText(t.renewalCharged, { amount: displayMoney(row.renewalTotalCents, row.currency, locale), line: product, wording }),
        row.nextBillingAt ? fillText(t.renewalNextPayment, { date: day(row.nextBillingAt, locale) }) : t.renewalLastPayment,
        fillText(t.renewalOrderStatus, { url: underPrefix(news.statusUrl) }),
      ];
    } else {
      subject = fillText(t.renewalSubjectDeclined, { site: site.title, name });
      lines = [
        fillText(t.renewalDeclined, { line: product, wording, message: declineReason(news.message, t) }),
        news.retryAt ? fillText(t.renewalRetry, { date: day(news.retryAt, locale) }) : t.renewalCanceled,
      ];
    }
  }
  await queueMail(
    db,
    { websiteId: row.websiteId, to: row.email, subject, text: lines.join('\n\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''), kind: `subscription-${news.kind}`, ...(news.kind === 'renewed' ? { orderId: news.orderId } : {}) },
    now,
  );
}
