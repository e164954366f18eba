import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { ApiError } from '../../errors.js';
import { holdsOf } from '../cart/index.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { newRowId, sha256Hex } from '../cart/tokens.js';
import type { CaptureResult, PaymentProvider, TestCard } from '../payments/index.js';
import { rawD1 } from '../cart/raw.js';
import { claimKey, KEY_COLUMNS, LEASE_LOST, markPaid, releaseKey, securedStatements, type HeldKey, type KeyRow } from './idempotency.js';
import { stepsOf, undoAttempt, type AttemptSteps } from './undo.js';
import { loadOrder, type LoadedOrder } from './order-json.js';
import { quoteCheckout, type QuoteInput } from './quote.js';
import { recordOrder, type OrderFacts } from './finish.js';
import { COUPON_CUSTOMER_GUARD_FAILURE, COUPON_GUARD_FAILURE, STOCK_GUARD_FAILURE, secureStatements, unitsByVariant } from './stock-batch.js';
import { orderLink } from './status-link.js';
import { isDatabaseFailure } from '../db.js';
import { SUBSCRIPTION_MESSAGES, subscriptionTerms } from '../subscriptions/start.js';
import { checkPaywallCart } from '../members/paid.js';
import { DatabaseUnavailableError } from '../../errors.js';
import { carriedGiftCardUse, giftCardUse, giftCardRefusal, GIFT_CARD_MESSAGES, type GiftCardUse } from '../gift-cards/index.js';
import { drawStatements, GIFT_CARD_GUARD_FAILURE } from '../gift-cards/index.js';

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
  /** The phone of an order with no address (digital only): recorded as its billing address `{ phone }`. */
  contactPhone?: string | undefined;
  /** The signed-in shopper: the order (and subscription) shows in their account. */
  siteUserId?: string | undefined;
  /** Origin of the store, for the order-status link in the mail. */
  origin: string;
  /** The shopper's added language (issue 29): recorded on the order, the mail in it, links under its prefix. */
  language?: { code: string; prefix: string } | undefined;
  /** Signs the download links of digital products in the mail (absent: the mail has none). */
  downloadSecret?: string | undefined;
  /** Signs the review-request links of digital products and services, mailed some days after the purchase (absent: none). */
  reviewSecret?: string | undefined;
  /** How long the key is this request's (ORDER_LEASE_SECONDS, `leaseMs`). */
  leaseMs: number;
  now: number;
}

export interface PlacedOrder {
  order: LoadedOrder;
  replayed: boolean;
  /** The purchaser's link to page 202 (absent on a replay: only the hash of its token is kept). */
  confirmationPath?: string;
}

/**
 * Places an order (docs/crash-safety.md): claim the Idempotency-Key with a lease, secure
 * stock in one batch (the key row records it), capture the payment (the key row records
 * it), then record the order with its mails in one batch. Any failure puts stock, holds,
 * coupon counts and gift-card draws back and frees the key; a failure after capture
 * refunds. A retry after the lease of a request that died mid-way takes the key over and
 * resumes from its last completed step when the cart still matches it, else undoes it.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { site, now } = input;
  const requesterHash = await sha256Hex(`requester:${input.requester}`);
  const claim = await claimKey(db, site.id, input.idempotencyKey, requesterHash, now, input.leaseMs);
  if (claim.kind === 'done') {
    const order = await loadOrder(db, site.id, claim.orderId);
    if (!order) throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
    return { order, replayed: true };
  }
  const left = claim.kind === 'taken-over' ? stepsOf(claim.left) : undefined;
  try {
    const placed = await attempt(db, input, claim.held, left);
    const page = placed.subscribed ? 'subscription-confirmed' : 'order-confirmed';
    return { order: placed.order, replayed: false, confirmationPath: `${input.language?.prefix ?? ''}${orderLink(page, placed.order.order.id, placed.statusToken)}` };
  } catch (err) {
    await abandon(db, claim.held, input.provider, now).catch(() => undefined);
    throw err;
  }
}

/** After a failure: whatever steps the key row still records are undone (once), then the key is freed (orders and donations). */
export async function abandon(db: Db, held: HeldKey, provider: PaymentProvider, now: number): Promise<void> {
  const row = await rawD1(db).prepare(`SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE website_id = ?1 AND key = ?2 AND lease_until = ?3 AND order_id IS NULL`)
    .bind(held.websiteId, held.key, held.lease).first<KeyRow>();
  if (!row) return;
  const steps = stepsOf(row);
  if (steps) await undoAttempt(db, held, steps, [], provider, now);
  await releaseKey(db, held);
}

/** Whether the attempt a dead request left can be carried on for this cart as it is now. */
async function resumable(
  db: Db, left: AttemptSteps, units: Map<string, number>, couponIds: readonly string[], due: { provider: string; cents: number; currency: string }, giftCardCarried: boolean,
): Promise<boolean> {
  if ([...left.couponIds].sort().join() !== [...couponIds].sort().join()) return false;
  if (left.paid && (left.paid.provider !== due.provider || left.paid.cents !== due.cents || left.paid.currency !== due.currency)) return false;
  const [reserved, drawn] = await rawD1(db).batch<{ variantId: string; quantity: number }>([
    rawD1(db).prepare('SELECT variant_id AS variantId, quantity FROM stock_reservations WHERE attempt_id = ?1').bind(left.attemptId),
    rawD1(db).prepare('SELECT 1 AS variantId, 0 AS quantity FROM gift_card_redemptions WHERE attempt_id = ?1 AND order_id IS NULL').bind(left.attemptId),
  ]);
  // A gift-card draw the retry does not carry on (no code, another card) is undone, never left behind.
  if (!giftCardCarried && drawn!.results.length > 0) return false;
  const results = reserved!.results;
  return results.length === units.size && results.every((r) => units.get(r.variantId) === r.quantity);
}

async function attempt(db: Db, input: PlaceOrderInput, held: HeldKey, left: AttemptSteps | undefined): Promise<{ order: LoadedOrder; statusToken: string; subscribed: boolean }> {
  const { site, now } = input;
  const { view, priced } = await quoteCheckout(db, input);
  const subscription = await subscriptionTerms(db, view);
  // Access to a member area: an area still selling it, before any charge.
  await checkPaywallCart(db, site.id, view);
  if (subscription && !input.provider.chargeSaved) throw new ApiError(422, 'payment_not_reusable', SUBSCRIPTION_MESSAGES.cannotSave);
  const t = priced.totals;
  const couponIds = priced.couponRows.map((c) => c.id);
  // Renewals charge the saved card the first order used, so a subscription takes no gift card.
  if (subscription && input.giftCardCode) {
    throw new ApiError(422, 'gift_card_not_allowed', SUBSCRIPTION_MESSAGES.noGiftCard, { fields: { giftCardCode: SUBSCRIPTION_MESSAGES.noGiftCard } });
  }
  const units = unitsByVariant(view.entries);
  const productTypes = view.entries.map((e) => e.productType);
  // A dead attempt's gift-card draw carries on when the retry names the same card for the same
  // total (issue 35). A subscription's attempt resumes when it agreed to the same plan and, once paid,
  // kept the saved method its renewals charge (the key row's reusable_ref).
  const carried = left && input.giftCardCode ? await carriedGiftCardUse(db, site, input.giftCardCode, left.attemptId, productTypes, t.grandTotalCents) : undefined;
  const carriedDue = carried
    ? (carried.amountDueCents === 0 ? { provider: 'gift-card', cents: carried.appliedCents } : { provider: input.provider.name, cents: carried.amountDueCents })
    : { provider: input.provider.name, cents: t.grandTotalCents };
  const facts: OrderFacts = {
    site: { id: site.id, currency: site.currency, title: site.title }, view, totals: t, couponCodes: t.validCoupons.map((c) => c.code), email: input.email,
    shippingAddress: input.shippingAddress ?? null, billingAddress: input.billingAddress ?? (input.contactPhone ? { phone: input.contactPhone } : null), siteUserId: input.siteUserId ?? null,
    origin: input.origin, testMode: input.provider.testMode, subscription: subscription ?? null, language: input.language ?? null,
  };
  const samePlan = !subscription || (left?.facts?.subscription && JSON.stringify(left.facts.subscription) === JSON.stringify(subscription) && (!left.paid || !!left.paid.reusableRef));
  const resume = left && samePlan && (!input.giftCardCode || carried)
    && (await resumable(db, left, units, couponIds, { ...carriedDue, currency: t.currency }, carried !== undefined))
    ? left
    : undefined;
  if (left && !resume) await undoAttempt(db, held, left, [], input.provider.name === left.paid?.provider ? input.provider : undefined, now);
  const attemptId = resume?.attemptId ?? newRowId();
  // A gift card pays first; the card pays what is left, if anything.
  const gift = resume && carried ? carried : input.giftCardCode ? await giftCardUse(db, site, input.giftCardCode, productTypes, t.grandTotalCents) : undefined;
  const dueCents = gift ? gift.amountDueCents : t.grandTotalCents;
  const card = input.card;
  const giftCardOnly = gift !== undefined && dueCents === 0;
  if (!resume?.paid && !giftCardOnly && !card && !input.paymentIntentId) {
    const message = gift ? GIFT_CARD_MESSAGES.cardNeeded : 'Enter your card details.';
    throw new ApiError(422, 'card_required', message, { fields: { 'payment.card': message } });
  }
  const draw = gift && gift.appliedCents > 0 ? { attemptId, websiteId: site.id, giftCardId: gift.card.id, amountCents: gift.appliedCents, now } : undefined;
  const holds = await holdsOf(db, view.record.id, now);
  if (!resume) {
    const customer = { email: input.email, siteUserId: input.siteUserId ?? null };
    await secure(db, { attemptId, cartId: view.record.id, units, couponIds, customer, now }, [...(draw ? drawStatements(db, draw) : []), ...securedStatements(db, held, attemptId, couponIds, JSON.stringify(facts), now)]);
  }
  const undo = (paid?: AttemptSteps['paid']) => undoAttempt(db, held, { attemptId, couponIds, paid }, holds, input.provider, now);

  let paid: CaptureResult;
  if (resume?.paid) paid = { ok: true, providerRef: resume.paid.ref, reusableRef: resume.paid.reusableRef };
  else {
    paid = await (giftCardOnly
      ? Promise.resolve(coveredByGiftCard(gift))
      : input.provider.capture({
          amountCents: dueCents, currency: t.currency, card, paymentIntentId: input.paymentIntentId, websiteId: site.id, cartId: view.record.id, attemptId, now, saveForReuse: !!subscription,
        })
    ).catch(async (err) => {
      await undo();
      throw err;
    });
    if (!paid.ok) {
      await undo();
      throw new ApiError(paid.status ?? 402, paid.code, paid.message);
    }
    const taken = { provider: giftCardOnly ? 'gift-card' : input.provider.name, ref: paid.providerRef, cents: giftCardOnly ? gift.appliedCents : dueCents, currency: t.currency, reusableRef: paid.reusableRef };
    const marked = await markPaid(db, held, taken, now).catch(() => false);
    if (!marked) {
      // The key is no longer this request's (or D1 failed): nothing may use this payment.
      if (!giftCardOnly) await undo(taken).catch(() => input.provider.refund(paid.ok ? paid.providerRef : '', dueCents).catch(() => undefined));
      throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
    }
  }
  const payment = giftCardOnly ? { provider: 'gift-card', providerRef: paid.providerRef, amountCents: gift.appliedCents } : { provider: input.provider.name, providerRef: paid.providerRef, amountCents: dueCents };
  let recorded: { orderId: string; statusToken: string };
  try {
    recorded = await recordOrder(db, {
      facts, held, attemptId, payment, cardProvider: input.provider.name, reusableRef: paid.reusableRef,
      draw: draw ? { giftCardId: draw.giftCardId, amountCents: draw.amountCents } : undefined,
      downloadSecret: input.downloadSecret, reviewSecret: input.reviewSecret, now,
    });
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    // Another request took the key over: the payment and the stock are its to finish.
    if (LEASE_LOST.test(text)) throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
    // Refund and put everything back; a refund the provider refuses stays on record for the owner.
    await undo(giftCardOnly ? undefined : payment.provider === input.provider.name ? { provider: payment.provider, ref: payment.providerRef, cents: dueCents, currency: t.currency } : undefined);
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
  const order = (await loadOrder(db, site.id, recorded.orderId))!;
  return { order, statusToken: recorded.statusToken, subscribed: !!subscription };
}

const COUPON_CUSTOMER_LIMIT_MESSAGE = 'You have already used this coupon as many times as it allows.';

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
    if (COUPON_CUSTOMER_GUARD_FAILURE.test(text)) throw new ApiError(409, 'coupon_customer_limit', COUPON_CUSTOMER_LIMIT_MESSAGE, { fields: { coupons: COUPON_CUSTOMER_LIMIT_MESSAGE } });
    if (LEASE_LOST.test(text)) throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
}
