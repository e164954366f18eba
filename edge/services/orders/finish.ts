import type { Db } from '../db.js';
import type { CartView } from '../cart/index.js';
import { rawD1 } from '../cart/raw.js';
import { newCartToken, newRowId, sha256Hex } from '../cart/tokens.js';
import type { CheckoutTotals } from '../checkout/totals.js';
import { downloadSettings, grantExpiresOn, grantStatements, newGrants } from '../downloads/index.js';
import { downloadPath } from '../downloads/links.js';
import { giftCardMailStatements, issueStatements, newGiftCards, settleStatements } from '../gift-cards/index.js';
import { reviewRequestDelayMs, reviewRequestMail } from '../order-ops/mails.js';
import { REVIEW_LINK_DAYS_MS, REVIEW_REQUEST_PATH, signReviewRequest } from '../reviews/links.js';
import { accountRecordStatements, type SubscriptionTerms } from '../subscriptions/start.js';
import { membershipGrantStatements } from '../members/paid.js';
import { guestAccessStatements } from '../members/guest.js';
import { orderEventStatements } from '../webhooks/fact-events.js';
import { PRODUCT_TYPE } from '../../../schema/index.js';
import { orderedStatements, type HeldKey } from './idempotency.js';
import { orderMailStatement, type OrderMailFacts } from './order-mail.js';
import { recordStatements } from './record.js';
import { loadTranslationTable } from '../multilingual/store.js';
import { productName, withTable } from '../multilingual/mail-language.js';
import { orderLink } from './status-link.js';

/**
 * What recording an order needs, priced when its stock was secured and written on the key
 * row in that same batch (`order_facts`, docs/crash-safety.md): a retry compares it with
 * the cart as it is now, and the Cron reconciler finishes a paid attempt from it alone.
 */
export interface OrderFacts {
  site: { id: string; currency: string; title: string };
  /** The cart and its lines as priced. */
  view: CartView;
  totals: CheckoutTotals;
  couponCodes: string[];
  email: string;
  shippingAddress: Record<string, string> | null;
  billingAddress: Record<string, string> | null;
  siteUserId: string | null;
  /** Origin of the store, for the links in the mails. */
  origin: string;
  testMode: boolean;
  /** The plan a subscription checkout agreed to (null: a shopping cart). */
  subscription: SubscriptionTerms | null;
  /** The shopper's language when it is an added one (issue 29): recorded on the order; the mail and its links are in it. */
  language?: { code: string; prefix: string } | null;
}

/** The key row's `order_facts` read back (undefined: none, or unreadable). */
export function readOrderFacts(json: string | null): OrderFacts | undefined {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as OrderFacts;
  } catch {
    return undefined;
  }
}

export interface FinishInput {
  facts: OrderFacts;
  held: HeldKey;
  attemptId: string;
  /** The payment row: what this payment took (provider 'gift-card' when a gift card paid it all). */
  payment: { provider: string; providerRef: string; amountCents: number };
  /** The card provider's name and, for a subscription, the saved method renewals charge. */
  cardProvider: string;
  reusableRef: string | undefined;
  /** The attempt's gift-card draw, settled into the order. */
  draw: { giftCardId: string; amountCents: number } | undefined;
  downloadSecret?: string | undefined;
  reviewSecret?: string | undefined;
  now: number;
}

/**
 * Records a paid order in one batch: the key points at it (guarded by the lease), the order,
 * its lines and payment, the subscription it starts, the gift-card draw settled, gift cards
 * and download grants issued, and its mails as outbox rows (confirmation, gift cards, the
 * review request) with its webhook events. Throws the batch's error; the caller undoes.
 */
export async function recordOrder(db: Db, f: FinishInput): Promise<{ orderId: string; statusToken: string }> {
  const { facts, now } = f;
  const { site, view, totals: t } = facts;
  const orderId = newRowId();
  const statusToken = newCartToken();
  const language = facts.language ?? undefined;
  const [giftCards, grants, downloads, table] = await Promise.all([
    newGiftCards(view.entries), newGrants(db, site.id, view.entries), downloadSettings(db, site.id),
    language ? loadTranslationTable(db, site.id, language.code) : undefined,
  ]);
  const issued = { id: orderId, websiteId: site.id, currency: t.currency };
  // The shopper's added language (issue 29): every mail of the order in its words, names and money format.
  const lang = language && table ? withTable(language.code, table) : undefined;
  // The confirmation's download links are signed now: the grants' ids and expiry are known before the batch
  // (each its own grant's expiry: a product's own link lifetime over the site's, fix4).
  const links = f.downloadSecret
    ? await Promise.all(
        // Under the order's language prefix (/fr/downloads/...: its refusal pages speak it) and named in it (issue 29).
        grants.map(async (g) => ({ name: productName(lang, g.itemId, g.productName), url: `${facts.origin}${language?.prefix ?? ''}${await downloadPath(f.downloadSecret!, g.id, grantExpiresOn(g, downloads, now))}` })),
      )
    : [];
  // Digital products and services are asked for a review after the purchase (physical goods after fulfilment): one
  // link per product, in a mail the outbox holds back for the site's review delay (issue 33's gap).
  const toReview = [...new Map(view.entries.filter((e) => e.productType === PRODUCT_TYPE.digital || e.productType === PRODUCT_TYPE.service).map((e) => [e.itemId, e])).values()];
  const reviewAfter = f.reviewSecret && toReview.length ? now + (await reviewRequestDelayMs(db, site.id)) : 0;
  const reviewLinks = reviewAfter
    ? await Promise.all(
        toReview.map(async (e) => ({
          productName: productName(lang, e.itemId, e.title),
          url: `${facts.origin}${language?.prefix ?? ''}${REVIEW_REQUEST_PATH}?token=${await signReviewRequest(f.reviewSecret!, { websiteId: site.id, itemId: e.itemId, email: facts.email, orderId, expiresAt: reviewAfter + REVIEW_LINK_DAYS_MS })}`,
        })),
      )
    : [];
  const mail: OrderMailFacts = {
    orderId, websiteId: site.id, email: facts.email, currency: t.currency,
    // Product names in the shopper's language where translated (the order keeps the primary names).
    lines: view.entries.map((e) => ({
      quantity: e.quantity, productName: productName(lang, e.itemId, e.title), sku: e.sku ?? null, unitPriceCents: e.unitPriceCents, additionalFields: e.additionalFields,
    })),
    subtotalCents: t.subtotalCents, discountCents: t.discountCents, shippingTotalCents: t.shippingCostCents, taxTotalCents: t.taxCents, grandTotalCents: t.grandTotalCents,
    giftCardCents: f.draw ? f.draw.amountCents : 0,
    ...(lang ? { language: lang } : {}),
  };
  const giftCardOnly = f.payment.provider === 'gift-card';
  // A guest buying access to a member area: the account by email and its mail (members/guest.ts).
  const guestAccess = await guestAccessStatements(db, { site: { id: site.id, title: site.title, origin: facts.origin }, orderId, siteUserId: facts.siteUserId, email: facts.email, view, now, prefix: language?.prefix ?? '', ...(lang ? { texts: lang.texts } : {}) });
  await rawD1(db).batch([
    ...orderedStatements(db, f.held, orderId),
    ...recordStatements(db, {
      orderId, attemptId: f.attemptId, websiteId: site.id, view, totals: t, email: facts.email,
      shippingAddress: facts.shippingAddress, billingAddress: facts.billingAddress,
      couponCodes: facts.couponCodes, testMode: facts.testMode,
      statusTokenHash: await sha256Hex(statusToken),
      payment: f.payment,
      language: language?.code ?? null,
      now,
    }),
    ...accountRecordStatements(db, {
      orderId, websiteId: site.id, siteUserId: facts.siteUserId, subscription: facts.subscription ?? undefined, view, totals: t, email: facts.email,
      shippingAddress: facts.shippingAddress, payment: { provider: f.cardProvider, reusableRef: f.reusableRef }, now,
    }),
    // Access bought to a member area: granted in the order's own batch (after the subscription it follows).
    ...guestAccess,
    ...membershipGrantStatements(db, { orderId, websiteId: site.id, siteUserId: facts.siteUserId, email: facts.email, view, now }),
    ...(f.draw ? settleStatements(db, { attemptId: f.attemptId, websiteId: site.id, giftCardId: f.draw.giftCardId, amountCents: f.draw.amountCents, now, orderId, currency: t.currency, alongsideCard: !giftCardOnly }) : []),
    ...issueStatements(db, issued, giftCards, now),
    ...giftCardMailStatements(db, site, { id: orderId, email: facts.email, currency: t.currency, language: lang }, giftCards, now),
    ...grantStatements(db, issued, grants, downloads, now),
    // Mail is an outbox row in the order's own batch: a recorded order always has its confirmation queued.
    orderMailStatement(db, site, mail, `${facts.origin}${language?.prefix ?? ''}${orderLink('order-status', orderId, statusToken)}`, now, links),
    ...(reviewLinks.length ? [reviewRequestMail(db, site, { id: orderId, websiteId: site.id, email: facts.email, language: lang }, reviewLinks, now, reviewAfter)] : []),
    // Webhook events too (order.created, order.paid): they exist exactly when the order does.
    ...orderEventStatements(rawD1(db), mail, f.payment.amountCents, now),
  ]);
  return { orderId, statusToken };
}
