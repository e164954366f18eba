import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Context } from 'hono';
import type { Cents } from '../../../domain/branded-types.js';
import { coverFeeCents, DONATION_MESSAGES, donationAmountError } from '../../../domain/commerce/donations.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { CRUMB_COOKIE } from '../../middleware/crumb/index.js';
import { donationIntentCart, placeDonation } from '../../services/donations/place.js';
import { siteDonationLimits } from '../../services/donations/limits.js';
import { donationProvider } from '../../services/donations/provider.js';
import { customerFor, prepareIntent, sitePayments, stripeClient, stripeSettings } from '../../services/payments/index.js';
import { leaseMs, orderJson } from '../../services/orders/index.js';
import { jsonBody } from '../validate.js';
import { mailLanguage } from '../../services/multilingual/mail-language.js';
import { cartWriteLimit, token } from './cart-request.js';
import { IDEMPOTENCY_KEY, paymentSchema } from './order-schemas.js';

/** POST /api/commerce/donations. The amount is integer minor units; its bounds are checked by the service (400 with `fields.amount`). */
export const donationBody = z.object({
  amount: z.number({ error: DONATION_MESSAGES.amountMissing }).int({ error: DONATION_MESSAGES.amountInvalid }),
  email: z.email({ error: 'Enter a valid email address.' }).max(254),
  name: z.string().trim().max(100, { error: 'Your name is too long.' }).optional().default(''),
  message: z.string().trim().max(500, { error: DONATION_MESSAGES.messageTooLong }).optional().default(''),
  anonymous: z.boolean().optional().default(false),
  // The donor adds the card fee (coverFeeCents) so the site keeps the whole gift.
  coverFee: z.boolean().optional().default(false),
  // Monthly: a subscription renews the gift each month (renewal Cron); stopped from page 204 or the account.
  frequency: z.enum(['once', 'monthly'], { error: 'Choose once or monthly.' }).optional().default('once'),
  // The test card, or (a site on Stripe) the PaymentIntent of POST /stripe/intent that Stripe.js confirmed.
  payment: paymentSchema.optional(),
  // The donate page's language (issue 29): only picks the receipt's words and page 204's prefix.
  language: z.string().max(35).optional(),
});

/**
 * POST /api/commerce/donations/stripe/intent: what the PaymentIntent charges (the gift, and the fee when
 * covered); a monthly gift also names the donor's email, the Stripe Customer its card is saved to.
 */
const intentBody = donationBody
  .pick({ amount: true, coverFee: true, frequency: true })
  .extend({ email: donationBody.shape.email.optional() })
  .refine((b) => b.frequency !== 'monthly' || b.email, { error: 'Enter a valid email address.', path: ['email'] });

/** The Idempotency-Key header, required on both donation calls (the intent and the donation share it). */
function idempotencyKey(c: Context<AppEnv>): string {
  const key = c.req.header('Idempotency-Key') ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'invalid_request', 'Send an Idempotency-Key header (8-255 characters).', { fields: { 'Idempotency-Key': 'Required: 8-255 printable characters.' } });
  }
  return key;
}

/** Who may replay a key (and whose intent a key names): the visitor's crumb, as for orders. */
const requesterOf = (c: Context<AppEnv>) => getCookie(c, CRUMB_COOKIE) ?? c.var.siteUser?.id ?? token(c) ?? '';

const feeOf = (body: { amount: number; coverFee: boolean }, currency: string) => (body.coverFee && Number.isSafeInteger(body.amount) ? coverFeeCents(body.amount, currency) : 0);

/** A donation without a cart (issue 30): its own Idempotency-Key, like placing an order. */
export const donations = new Hono<AppEnv>({ strict: false });

/**
 * A site on Stripe: the PaymentIntent for the gift (+ the fee when covered) in the site's currency,
 * manual capture, named by the donor's crumb and Idempotency-Key, so the same key asks Stripe with
 * the same idempotency key and gets the same intent back. The donor confirms it with Stripe.js,
 * then sends POST / with the same key and `payment: { provider: 'stripe', paymentIntentId }`. A monthly
 * gift's intent names the donor's Stripe Customer and saves the card (`setupFutureUsage` in the answer:
 * Stripe.js's element must say the same); the first gift keeps it for the renewal Cron.
 */
donations.post('/stripe/intent', cartWriteLimit, jsonBody(intentBody), async (c) => {
  const key = idempotencyKey(c);
  const body = c.req.valid('json');
  const site = c.var.site;
  const settings = stripeSettings((await sitePayments(c.var.db, c.env, site)).env);
  if (!settings) throw new ApiError(422, 'payments_off', DONATION_MESSAGES.paymentsOff, { fields: { 'payment.provider': DONATION_MESSAGES.paymentsOff } });
  const refusal = donationAmountError(body.amount, site.currency, site.locale, await siteDonationLimits(c.var.db, site));
  if (refusal) throw new ApiError(400, 'invalid_amount', refusal, { fields: { amount: refusal } });
  const feeCents = feeOf(body, site.currency);
  const stripe = stripeClient(settings);
  // A monthly gift saves the card to the donor's Customer (setup_future_usage off_session), as a subscription checkout does.
  const saveForCustomer = body.frequency === 'monthly' && body.email ? await customerFor(stripe, site.id, body.email) : undefined;
  const intent = await prepareIntent(stripe, {
    websiteId: site.id, cartId: await donationIntentCart(requesterOf(c), key), amountCents: (body.amount + feeCents) as Cents, currency: site.currency, saveForCustomer,
  });
  return c.json({ paymentIntent: intent, feeCents, ...(settings.publishableKey ? { publishableKey: settings.publishableKey } : {}) });
});

donations.post('/', cartWriteLimit, jsonBody(donationBody), async (c) => {
  const key = idempotencyKey(c);
  const body = c.req.valid('json');
  const site = c.var.site;
  const payment = body.payment;
  const provider = await donationProvider(c.var.db, c.env, site, payment?.provider ?? 'test');
  const language = await mailLanguage(c.var.db, site, body.language);
  const placed = await placeDonation(c.var.db, {
    site: { id: site.id, currency: site.currency, title: site.title, locale: site.locale },
    requester: requesterOf(c),
    idempotencyKey: key,
    amountCents: body.amount,
    limits: await siteDonationLimits(c.var.db, site),
    feeCents: feeOf(body, site.currency),
    email: body.email,
    name: body.name,
    message: body.message,
    anonymous: body.anonymous,
    monthly: body.frequency === 'monthly',
    siteUserId: c.var.siteUser?.id ?? null,
    card: payment?.provider === 'test' ? payment.card : undefined,
    paymentIntentId: payment?.provider === 'stripe' ? payment.paymentIntentId : undefined,
    provider,
    origin: new URL(c.req.url).origin,
    ...(language ? { language: { code: language.code, prefix: language.prefix, texts: language.texts } } : {}),
    leaseMs: leaseMs(c.env),
    now: Date.now(),
  });
  if (placed.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json({ donation: orderJson(placed.order), ...(placed.confirmationPath ? { confirmationUrl: placed.confirmationPath } : {}) }, 201);
});
