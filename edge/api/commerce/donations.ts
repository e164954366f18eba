import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { coverFeeCents, DONATION_MESSAGES } from '../../../domain/commerce/donations.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { CRUMB_COOKIE } from '../../middleware/crumb/index.js';
import { placeDonation } from '../../services/donations/place.js';
import { siteDonationLimits } from '../../services/donations/limits.js';
import { donationProvider } from '../../services/donations/provider.js';
import { leaseMs, orderJson } from '../../services/orders/index.js';
import { jsonBody } from '../validate.js';
import { cartWriteLimit, token } from './cart-request.js';
import { cardSchema, IDEMPOTENCY_KEY } from './order-schemas.js';

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
  payment: z.object({ provider: z.literal('test', { error: 'Unknown payment provider.' }), card: cardSchema.optional() }).optional(),
});

/** A donation without a cart (issue 30): its own Idempotency-Key, like placing an order. */
export const donations = new Hono<AppEnv>({ strict: false });

donations.post('/', cartWriteLimit, jsonBody(donationBody), async (c) => {
  const key = c.req.header('Idempotency-Key') ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'invalid_request', 'Send an Idempotency-Key header (8-255 characters).', { fields: { 'Idempotency-Key': 'Required: 8-255 printable characters.' } });
  }
  const body = c.req.valid('json');
  const site = c.var.site;
  const provider = await donationProvider(c.var.db, c.env, site);
  const placed = await placeDonation(c.var.db, {
    site: { id: site.id, currency: site.currency, title: site.title, locale: site.locale },
    requester: getCookie(c, CRUMB_COOKIE) ?? c.var.siteUser?.id ?? token(c) ?? '',
    idempotencyKey: key,
    amountCents: body.amount,
    limits: await siteDonationLimits(c.var.db, site),
    feeCents: body.coverFee && Number.isSafeInteger(body.amount) ? coverFeeCents(body.amount, site.currency) : 0,
    email: body.email,
    name: body.name,
    message: body.message,
    anonymous: body.anonymous,
    monthly: body.frequency === 'monthly',
    siteUserId: c.var.siteUser?.id ?? null,
    card: body.payment?.card,
    provider,
    origin: new URL(c.req.url).origin,
    leaseMs: leaseMs(c.env),
    now: Date.now(),
  });
  if (placed.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json({ donation: orderJson(placed.order), ...(placed.confirmationPath ? { confirmationUrl: placed.confirmationPath } : {}) }, 201);
});
