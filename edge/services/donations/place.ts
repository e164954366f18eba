import type { Cents } from '../../../domain/branded-types.js';
import { DONATION_ITEM, donationAmountError, type DonationLimits } from '../../../domain/commerce/donations.js';
import { displayMoney } from '../../../domain/money/money.js';
import { ApiError, DatabaseUnavailableError } from '../../errors.js';
import { rawD1 } from '../cart/raw.js';
import { newCartToken, newRowId, sha256Hex } from '../cart/tokens.js';
import { isDatabaseFailure, type Db } from '../db.js';
import { claimKey, LEASE_LOST, markPaid, orderedStatements, securedStatements, type HeldKey } from '../orders/idempotency.js';
import { loadOrder, type LoadedOrder } from '../orders/order-json.js';
import { abandon } from '../orders/place.js';
import { capturedPaymentStatement, orderLineStatement, paidOrderStatements } from '../orders/order-statements.js';
import { stepsOf, undoAttempt, type AttemptSteps } from '../orders/undo.js';
import type { PaymentProvider, TestCard } from '../payments/index.js';
import { orderEventStatements } from '../webhooks/fact-events.js';
import { billingDate } from '../subscriptions/billing-dates.js';
import { donationReceiptStatement } from './receipt.js';
import type { StoreTexts } from '../../../domain/languages/store-texts.js';

/** A donation's order is told apart by its `purchased_cart_id` (no cart is bought): `donation:<attempt>`. */
export const DONATION_CART_PREFIX = 'donation:';

/** The order line of a donation: not a catalogue item, so its item id names the kind (a monthly donation's subscription has it too). */
const DONATION_ITEM_ID = DONATION_ITEM;

/** The field answer of a donation line that holds the fee a donor covered (money text). */
export const COVERS_THE_FEE = 'Covers the fee';

/** The Idempotency-Key namespace of donations (a key used for an order never replays a donation). */
const KEY_PREFIX = 'donation:';

export interface DonationInput {
  site: { id: string; currency: string; title: string; locale?: string | undefined };
  /** Who may replay the key (the visitor's crumb), as for orders. */
  requester: string;
  idempotencyKey: string;
  amountCents: number;
  /** The site's donation limits in its currency (siteDonationLimits). */
  limits: DonationLimits;
  /** Added by a donor who covers the fee (coverFeeCents); the bounds apply to the gift without it. */
  feeCents?: number;
  email: string;
  /** The donor's name as they want it shown ('' when anonymous). */
  name: string;
  message: string;
  anonymous: boolean;
  /** A monthly donation: the card is saved and a subscription renews it each month (renewal Cron). */
  monthly?: boolean;
  /** The signed-in donor (their account lists and cancels the monthly donation). */
  siteUserId?: string | null;
  card?: TestCard | undefined;
  /** The Stripe path: the PaymentIntent of POST /donations/stripe/intent that the donor confirmed with Stripe.js. */
  paymentIntentId?: string | undefined;
  provider: PaymentProvider;
  /** Origin of the site, for the link in the receipt. */
  origin: string;
  /** Given from a page of an added language (issue 29): page 204's link keeps its prefix, the receipt is in its words and money format. */
  language?: { code: string; prefix: string; texts: StoreTexts } | undefined;
  leaseMs: number;
  now: number;
}

export interface PlacedDonation {
  order: LoadedOrder;
  replayed: boolean;
  /** The donor's link to page 204 (absent on a replay: only the hash of its token is kept). */
  confirmationPath?: string;
}

/**
 * What a donation's PaymentIntent names as its "cart" (metadata and Stripe's idempotency key):
 * the donor's crumb and Idempotency-Key, hashed. The intent endpoint and the donation with the
 * same key agree on it, so asking again gives the same intent, and an intent made under another
 * key (or by another visitor) is refused at capture ('This payment does not belong to this checkout.').
 */
export async function donationIntentCart(requester: string, idempotencyKey: string): Promise<string> {
  const requesterHash = await sha256Hex(`requester:${requester}`);
  return `donation-intent:${(await sha256Hex(`${requesterHash}:${KEY_PREFIX}${idempotencyKey}`)).slice(0, 40)}`;
}

export const contributionLink = (orderId: string, token: string) => `/contribution-confirmed?order=${encodeURIComponent(orderId)}&token=${token}`;

/**
 * Gives a donation (issue 30): an order of its own kind, no cart. The same steps and key
 * table as placing an order (docs/crash-safety.md): the Idempotency-Key is claimed with a
 * lease, the attempt is recorded, the card is charged, the charge is recorded on the key,
 * then the order, its one line, the payment, the receipt (outbox) and the webhook events
 * are written in one batch that also points the key at the order. A retry with the same
 * key answers the same order and never charges again; a retry after a request died after
 * the charge records that charge instead of taking another. The Cron reconciler refunds a
 * charge whose request died and was never retried (the key's order facts are empty).
 */
export async function placeDonation(db: Db, input: DonationInput): Promise<PlacedDonation> {
  const refusal = donationAmountError(input.amountCents, input.site.currency, input.site.locale, input.limits);
  if (refusal) throw new ApiError(400, 'invalid_amount', refusal, { fields: { amount: refusal } });
  const requesterHash = await sha256Hex(`requester:${input.requester}`);
  const claim = await claimKey(db, input.site.id, KEY_PREFIX + input.idempotencyKey, requesterHash, input.now, input.leaseMs);
  if (claim.kind === 'done') {
    const order = await loadOrder(db, input.site.id, claim.orderId);
    if (!order) throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
    return { order, replayed: true };
  }
  const left = claim.kind === 'taken-over' ? stepsOf(claim.left) : undefined;
  try {
    const placed = await attempt(db, input, claim.held, left);
    return { order: placed.order, replayed: false, confirmationPath: `${input.language?.prefix ?? ''}${contributionLink(placed.order.order.id, placed.statusToken)}` };
  } catch (err) {
    await abandon(db, claim.held, input.provider, input.now).catch(() => undefined);
    throw err;
  }
}

/** The line name (and the subscription's product name) of a monthly donation: what the owner's orders and subscriptions screens show. */
export const MONTHLY_DONATION = 'Monthly donation';

/**
 * A monthly donation's subscription, in the batch that records its first gift: the existing
 * subscriptions machinery renews it each month through the renewal Cron (renew.ts), charging
 * the saved card; cancelled by the donor (page 204's link, their account) or the owner.
 */
function monthlyStatements(db: Db, input: DonationInput, g: { orderId: string; cents: number; providerRef: string; line: { productName: string; additionalFields: string } }) {
  const d1 = rawD1(db);
  const id = newRowId();
  const { now, site } = input;
  return [
    d1
      .prepare(
        `INSERT INTO subscriptions (id, website_id, first_order_id, site_user_id, email, item_id, variant_id, sku, product_name, product_type, quantity,
           unit_price_cents, subtotal_cents, shipping_cents, tax_cents, renewal_total_cents, currency, shipping_address, billing_period_value,
           billing_period_unit, num_billing_cycles, cycles_billed, anchor_on, next_billing_at, status, payment_provider, payment_ref, created_on, updated_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, NULL, ?7, 0, 1, ?8, ?8, 0, 0, ?8, ?9, NULL, 1, 'MONTH', 0, 1, ?10, ?11, 'active', ?12, ?13, ?10, ?10)`,
      )
      .bind(id, site.id, g.orderId, input.siteUserId ?? null, input.email, DONATION_ITEM_ID, g.line.productName, g.cents, site.currency, now, billingDate(now, { value: 1, unit: 'MONTH' }, 1), input.provider.name, g.providerRef),
    d1
      .prepare('INSERT INTO account_orders (order_id, website_id, site_user_id, subscription_id, cycle, created_on) VALUES (?1, ?2, ?3, ?4, 1, ?5)')
      .bind(g.orderId, site.id, input.siteUserId ?? null, id, now),
  ];
}

const IN_PROGRESS = () => new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');

async function attempt(db: Db, input: DonationInput, held: HeldKey, left: AttemptSteps | undefined): Promise<{ order: LoadedOrder; statusToken: string }> {
  const { site, now, provider } = input;
  const cents = input.amountCents + (input.feeCents ?? 0);
  // A dead attempt's charge is kept when it was for this very gift; anything else is undone (refunded).
  // A monthly gift needs the saved card from its own charge, which a dead attempt did not keep: charge anew.
  const resume = !input.monthly && left?.paid && left.paid.provider === provider.name && left.paid.cents === cents && left.paid.currency === site.currency ? left : undefined;
  if (left && !resume) await undoAttempt(db, held, left, [], left.paid?.provider === provider.name ? provider : undefined, now);
  const attemptId = resume?.attemptId ?? newRowId();
  if (!resume) {
    if (!input.card && !input.paymentIntentId) throw new ApiError(422, 'card_required', 'Enter your card details.', { fields: { 'payment.card': 'Enter your card details.' } });
    // The attempt is on the key before any money moves ('null' facts: the reconciler refunds, never records, a dead donation).
    try {
      await rawD1(db).batch(securedStatements(db, held, attemptId, [], 'null', now));
    } catch (err) {
      const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
      if (LEASE_LOST.test(text)) throw IN_PROGRESS();
      throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
    }
  }
  let providerRef: string;
  let reusableRef: string | undefined;
  if (resume?.paid) providerRef = resume.paid.ref;
  else {
    // A Stripe intent is checked against the cart it was made for: the donor's key (donationIntentCart).
    const cartId = input.paymentIntentId ? await donationIntentCart(input.requester, input.idempotencyKey) : DONATION_CART_PREFIX + attemptId;
    const paid = await provider.capture({
      amountCents: cents as Cents, currency: site.currency, card: input.card, paymentIntentId: input.paymentIntentId, websiteId: site.id, cartId, attemptId, now, saveForReuse: input.monthly === true,
    });
    if (!paid.ok) throw new ApiError(paid.status ?? 402, paid.code, paid.message);
    providerRef = paid.providerRef;
    reusableRef = paid.reusableRef;
    if (input.monthly && !reusableRef) {
      await provider.refund(providerRef, cents as Cents).catch(() => undefined);
      throw new ApiError(422, 'payment_not_reusable', 'This payment method cannot be used for a monthly donation.');
    }
    const taken = { provider: provider.name, ref: providerRef, cents, currency: site.currency };
    const marked = await markPaid(db, held, taken, now).catch(() => false);
    if (!marked) {
      // The key is no longer this request's: nothing may keep this charge.
      await provider.refund(providerRef, cents as Cents).catch(() => undefined);
      throw IN_PROGRESS();
    }
  }
  const orderId = newRowId();
  const statusToken = newCartToken();
  const d1 = rawD1(db);
  const line = {
    itemId: DONATION_ITEM_ID, variantId: null, sku: null, productName: input.monthly ? MONTHLY_DONATION : 'Donation', productType: 0, quantity: 1, unitPriceCents: cents,
    // Shown as label/value pairs in the owner's order view (edge/services/orders/line-fields.ts).
    additionalFields: JSON.stringify({
      Donor: input.anonymous ? 'Anonymous' : input.name || 'Not given',
      ...(input.monthly ? { Frequency: 'Monthly' } : {}),
      ...(input.message ? { Message: input.message } : {}),
      ...(input.feeCents ? { [COVERS_THE_FEE]: displayMoney(input.feeCents, site.currency, site.locale) } : {}),
    }),
  };
  const facts = {
    orderId, websiteId: site.id, email: input.email, currency: site.currency, lines: [line],
    subtotalCents: cents, discountCents: 0, shippingTotalCents: 0, taxTotalCents: 0, grandTotalCents: cents,
  };
  try {
    await d1.batch([
      ...orderedStatements(db, held, orderId),
      ...paidOrderStatements(d1, {
        orderId, websiteId: site.id, purchasedCartId: DONATION_CART_PREFIX + attemptId, testMode: provider.testMode, email: input.email,
        shippingAddress: null, billingAddress: null, shippingOption: null, couponCodes: [], currency: site.currency,
        subtotalCents: cents, discountCents: 0, shippingCents: 0, taxCents: 0, includedTaxCents: 0, grandTotalCents: cents,
        statusTokenHash: await sha256Hex(statusToken), now,
        // The donor's language: a monthly gift's renewal mails follow it (subscriptions/renewal-mail.ts).
        language: input.language?.code ?? null,
      }),
      orderLineStatement(d1, { orderId, websiteId: site.id }, line, 0),
      capturedPaymentStatement(d1, { orderId, websiteId: site.id, provider: provider.name, providerRef, amountCents: cents, currency: site.currency, now }),
      donationReceiptStatement(
        db, input.language ? { ...site, locale: input.language.code } : site,
        { orderId, email: input.email, name: input.name, cents, currency: site.currency, confirmationUrl: `${input.origin}${input.language?.prefix ?? ''}${contributionLink(orderId, statusToken)}` },
        now, input.language?.texts,
      ),
      ...orderEventStatements(d1, facts, cents, now, { kind: 'donation' }),
      ...(input.monthly ? monthlyStatements(db, input, { orderId, cents, providerRef: reusableRef!, line }) : []),
    ]);
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (LEASE_LOST.test(text)) throw IN_PROGRESS();
    // abandon() refunds the charge recorded on the key.
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
  const order = (await loadOrder(db, site.id, orderId))!;
  return { order, statusToken };
}
