import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { ApiError } from '../../errors.js';
import { holdsOf } from '../cart/index.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { newCartToken, newRowId, sha256Hex } from '../cart/tokens.js';
import type { CaptureResult, PaymentProvider, TestCard } from '../payments/index.js';
import { rawD1 } from '../cart/raw.js';
import { claimKey, releaseKey } from './idempotency.js';
import { loadOrder, type LoadedOrder } from './order-json.js';
import { quoteCheckout, type QuoteInput } from './quote.js';
import { recordStatements } from './record.js';
import { COUPON_GUARD_FAILURE, STOCK_GUARD_FAILURE, restoreStatements, secureStatements, unitsByVariant } from './stock-batch.js';
import { queueOrderMail } from './order-mail.js';
import { orderLink } from './status-link.js';
import { isDatabaseFailure } from '../db.js';
import { accountRecordStatements, SUBSCRIPTION_MESSAGES, subscriptionTerms } from '../subscriptions/start.js';
import { DatabaseUnavailableError } from '../../errors.js';
import { giftCardUse, giftCardRefusal, GIFT_CARD_MESSAGES, type GiftCardUse } from '../gift-cards/index.js';
import { drawStatements, giftCardMailStatements, GIFT_CARD_GUARD_FAILURE, issueStatements, newGiftCards, settleStatements, undrawStatements } from '../gift-cards/index.js';
import { downloadSettings, grantStatements, newGrants, orderDownloads } from '../downloads/index.js';

export interface PlaceOrderInput extends QuoteInput {
  /** Who may replay the key: the visitor's crumb (it outlives the purchased cart's cookie). */
  requester: string;
  idempotencyKey: string;
  email: string;
  /** A gift card to draw on first; the card pays what it leaves (none needed when it covers all). */
  giftCardCode?: string | undefined;
  /** What the shopper paid with: test card details, or a confirmed Stripe PaymentIntent. */
  card?: TestCard | undefined;
  paymentIntentId?: string | undefined;
  provider: PaymentProvider;
  /** The signed-in shopper: the order (and subscription) shows in their account. */
  siteUserId?: string | undefined;
  /** Origin of the store, for the order-status link in the mail. */
  origin: string;
  /** Signs the download links of digital products in the mail (absent: the mail has none). */
  downloadSecret?: string | undefined;
  now: number;
}

export interface PlacedOrder {
  order: LoadedOrder;
  replayed: boolean;
  /** The purchaser's link to page 202 (absent on a replay: only the hash of its token is kept). */
  confirmationPath?: string;
}

/**
 * Places an order: price on the server, secure stock in one batch, capture the
 * payment, then record the order in one batch. Any failure puts stock, holds and coupon
 * counts back and frees the Idempotency-Key; a failure after capture refunds first.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { site, now } = input;
  const requesterHash = await sha256Hex(`requester:${input.requester}`);
  const claim = await claimKey(db, site.id, input.idempotencyKey, requesterHash, now);
  if (claim.kind === 'done') {
    const order = await loadOrder(db, site.id, claim.orderId);
    if (!order) throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
    return { order, replayed: true };
  }
  try {
    const placed = await attempt(db, input);
    const page = placed.subscribed ? 'subscription-confirmed' : 'order-confirmed';
    return { order: placed.order, replayed: false, confirmationPath: orderLink(page, placed.order.order.id, placed.statusToken) };
  } catch (err) {
    await releaseKey(db, site.id, input.idempotencyKey).catch(() => undefined);
    throw err;
  }
}

async function attempt(db: Db, input: PlaceOrderInput): Promise<{ order: LoadedOrder; statusToken: string; subscribed: boolean }> {
  const { site, now } = input;
  const { view, priced } = await quoteCheckout(db, input);
  const subscription = await subscriptionTerms(db, view);
  if (subscription && !input.provider.chargeSaved) throw new ApiError(422, 'payment_not_reusable', SUBSCRIPTION_MESSAGES.cannotSave);
  const t = priced.totals;
  const attemptId = newRowId();
  const couponIds = priced.couponRows.map((c) => c.id);
  // Renewals charge the saved card the first order used, so a subscription takes no gift card.
  if (subscription && input.giftCardCode) {
    throw new ApiError(422, 'gift_card_not_allowed', SUBSCRIPTION_MESSAGES.noGiftCard, { fields: { giftCardCode: SUBSCRIPTION_MESSAGES.noGiftCard } });
  }
  // A gift card pays first; the card pays what is left, if anything.
  const gift = input.giftCardCode ? await giftCardUse(db, site, input.giftCardCode, view.entries.map((e) => e.productType), t.grandTotalCents) : undefined;
  const dueCents = gift ? gift.amountDueCents : t.grandTotalCents;
  const card = input.card;
  const giftCardOnly = gift !== undefined && dueCents === 0;
  if (!giftCardOnly && !card && !input.paymentIntentId) {
    const message = gift ? GIFT_CARD_MESSAGES.cardNeeded : 'Enter your card details.';
    throw new ApiError(422, 'card_required', message, { fields: { 'payment.card': message } });
  }
  const draw = gift && gift.appliedCents > 0 ? { attemptId, websiteId: site.id, giftCardId: gift.card.id, amountCents: gift.appliedCents, now } : undefined;
  const holds = await holdsOf(db, view.record.id, now);
  await secure(db, { attemptId, cartId: view.record.id, units: unitsByVariant(view.entries), couponIds, now }, draw ? drawStatements(db, draw) : []);
  const restore = () => rawD1(db).batch([...restoreStatements(db, attemptId, couponIds, holds), ...undrawStatements(db, attemptId)]);

  const paid: CaptureResult = await (giftCardOnly
    ? Promise.resolve(coveredByGiftCard(gift))
    : input.provider.capture({
        amountCents: dueCents, currency: t.currency, card, paymentIntentId: input.paymentIntentId, websiteId: site.id, cartId: view.record.id, attemptId, now, saveForReuse: !!subscription,
      })
  ).catch(async (err) => {
    await restore();
    throw err;
  });
  if (!paid.ok) {
    await restore();
    throw new ApiError(paid.status ?? 402, paid.code, paid.message);
  }
  const orderId = newRowId();
  const statusToken = newCartToken();
  const [giftCards, grants, downloads] = await Promise.all([newGiftCards(view.entries), newGrants(db, site.id, view.entries), downloadSettings(db, site.id)]);
  const issued = { id: orderId, websiteId: site.id, currency: t.currency };
  try {
    await rawD1(db).batch([
      ...recordStatements(db, {
        orderId, attemptId, websiteId: site.id, idempotencyKey: input.idempotencyKey, view, totals: t, email: input.email,
        shippingAddress: input.shippingAddress ?? null, billingAddress: input.billingAddress ?? null,
        couponCodes: priced.totals.validCoupons.map((c) => c.code), testMode: input.provider.testMode,
        statusTokenHash: await sha256Hex(statusToken),
        payment: giftCardOnly ? { provider: 'gift-card', providerRef: paid.providerRef, amountCents: gift.appliedCents } : { provider: input.provider.name, providerRef: paid.providerRef, amountCents: dueCents },
        now,
      }),
      ...accountRecordStatements(db, {
        orderId, websiteId: site.id, siteUserId: input.siteUserId ?? null, subscription, view, totals: t, email: input.email,
        shippingAddress: input.shippingAddress ?? null, payment: { provider: input.provider.name, reusableRef: paid.reusableRef }, now,
      }),
      ...(draw ? settleStatements(db, { ...draw, orderId, currency: t.currency, alongsideCard: !giftCardOnly }) : []),
      ...issueStatements(db, issued, giftCards, now),
      ...giftCardMailStatements(db, site, { id: orderId, email: input.email, currency: t.currency }, giftCards, now),
      ...grantStatements(db, issued, grants, downloads, now),
    ]);
  } catch (err) {
    if (!giftCardOnly) {
      // A refund the provider refuses must not keep the stock: it is recorded for the owner instead.
      const refunded = await input.provider.refund(paid.providerRef, dueCents).then(
        () => 'refunded' as const,
        (refundErr) => (console.error(`refund of ${input.provider.name} ${paid.providerRef} failed: ${String(refundErr)}`), 'refund_failed' as const),
      );
      await recordRefund(db, site.id, input.provider.name, paid.providerRef, dueCents, t.currency, now, refunded).catch(() => undefined);
    }
    await restore();
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
  const order = (await loadOrder(db, site.id, orderId))!;
  // Mail is an outbox row: a failure here never fails the paid order.
  const links = grants.length ? await orderDownloads(db, input.downloadSecret, site.id, orderId) : [];
  await queueOrderMail(db, site, order, `${input.origin}${orderLink('order-status', orderId, statusToken)}`, now, links.flatMap((l) => (l.url ? [{ name: l.productName, url: `${input.origin}${l.url}` }] : []))).catch(() => undefined);
  return { order, statusToken, subscribed: !!subscription };
}

/** The payment of an order the gift card pays in full: nothing is captured from a card. */
function coveredByGiftCard(gift: GiftCardUse) {
  return { ok: true as const, providerRef: gift.card.id };
}

async function secure(db: Db, s: Parameters<typeof secureStatements>[1], giftCardDraw: D1PreparedStatement[]): Promise<void> {
  try {
    await rawD1(db).batch([...secureStatements(db, s), ...giftCardDraw]);
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (STOCK_GUARD_FAILURE.test(text)) throw new ApiError(409, 'insufficient_stock', CART_MESSAGES.notEnoughStock);
    if (GIFT_CARD_GUARD_FAILURE.test(text)) throw giftCardRefusal(409, 'gift_card_balance_changed', GIFT_CARD_MESSAGES.balanceChanged);
    if (COUPON_GUARD_FAILURE.test(text)) throw new ApiError(409, 'coupon_used_up', 'This coupon has reached its usage limit.');
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
}

/** A refund after a failed order write stays on record (no order to attach it to). */
async function recordRefund(db: Db, websiteId: string, provider: string, ref: string, amount: number, currency: string, now: number, status: 'refunded' | 'refund_failed') {
  await rawD1(db)
    .prepare(`INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on) VALUES (?1, ?2, NULL, ?3, ?4, ?5, ?6, ?8, ?7)`)
    .bind(newRowId(), websiteId, provider, ref, amount, currency, now, status)
    .run();
}
