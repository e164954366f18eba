import type { Db } from '../db.js';
import { ApiError } from '../../errors.js';
import { holdsOf } from '../cart/index.js';
import { CART_MESSAGES } from '../cart/messages.js';
import { newCartToken, newRowId, sha256Hex } from '../cart/tokens.js';
import type { PaymentProvider, TestCard } from '../payments/index.js';
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

export interface PlaceOrderInput extends QuoteInput {
  /** Who may replay the key: the visitor's crumb (it outlives the purchased cart's cookie). */
  requester: string;
  idempotencyKey: string;
  email: string;
  /** What the shopper paid with: test card details, or a confirmed Stripe PaymentIntent. */
  card?: TestCard | undefined;
  paymentIntentId?: string | undefined;
  provider: PaymentProvider;
  /** The signed-in shopper: the order (and subscription) shows in their account. */
  siteUserId?: string | undefined;
  /** Origin of the store, for the order-status link in the mail. */
  origin: string;
  now: number;
}

export interface PlacedOrder {
  order: LoadedOrder;
  replayed: boolean;
  /** The purchaser's link to page 202 (absent on a replay: only the hash of its token is kept). */
  confirmationPath?: string;
}

/**
 * Places an order (issue 10): price on the server, secure stock in one batch, capture the
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
  const holds = await holdsOf(db, view.record.id, now);
  await secure(db, { attemptId, cartId: view.record.id, units: unitsByVariant(view.entries), couponIds, now });
  const restore = () => rawD1(db).batch(restoreStatements(db, attemptId, couponIds, holds));

  const paid = await input.provider.capture({
    amountCents: t.grandTotalCents, currency: t.currency, card: input.card, paymentIntentId: input.paymentIntentId, websiteId: site.id, cartId: view.record.id, attemptId, now, saveForReuse: !!subscription,
  }).catch(async (err) => {
    await restore();
    throw err;
  });
  if (!paid.ok) {
    await restore();
    throw new ApiError(paid.status ?? 402, paid.code, paid.message);
  }
  const orderId = newRowId();
  const statusToken = newCartToken();
  try {
    await rawD1(db).batch(
      recordStatements(db, {
        orderId, attemptId, websiteId: site.id, idempotencyKey: input.idempotencyKey, view, totals: t, email: input.email,
        shippingAddress: input.shippingAddress ?? null, billingAddress: input.billingAddress ?? null,
        couponCodes: priced.totals.validCoupons.map((c) => c.code), testMode: input.provider.testMode,
        statusTokenHash: await sha256Hex(statusToken), payment: { provider: input.provider.name, providerRef: paid.providerRef }, now,
      }).concat(
        accountRecordStatements(db, {
          orderId, websiteId: site.id, siteUserId: input.siteUserId ?? null, subscription, view, totals: t, email: input.email,
          shippingAddress: input.shippingAddress ?? null, payment: { provider: input.provider.name, reusableRef: paid.reusableRef }, now,
        }),
      ),
    );
  } catch (err) {
    // A refund the provider refuses must not keep the stock: it is recorded for the owner instead.
    const refunded = await input.provider.refund(paid.providerRef, t.grandTotalCents).then(
      () => 'refunded' as const,
      (refundErr) => (console.error(`refund of ${input.provider.name} ${paid.providerRef} failed: ${String(refundErr)}`), 'refund_failed' as const),
    );
    await recordRefund(db, site.id, input.provider.name, paid.providerRef, t.grandTotalCents, t.currency, now, refunded).catch(() => undefined);
    await restore();
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
  const order = (await loadOrder(db, site.id, orderId))!;
  // Mail is an outbox row: a failure here never fails the paid order.
  await queueOrderMail(db, site, order, `${input.origin}${orderLink('order-status', orderId, statusToken)}`, now).catch(() => undefined);
  return { order, statusToken, subscribed: !!subscription };
}

async function secure(db: Db, s: Parameters<typeof secureStatements>[1]): Promise<void> {
  try {
    await rawD1(db).batch(secureStatements(db, s));
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (STOCK_GUARD_FAILURE.test(text)) throw new ApiError(409, 'insufficient_stock', CART_MESSAGES.notEnoughStock);
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
