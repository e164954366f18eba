import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { bodyGuard, JSON_TYPES } from '../../middleware/body-guard/index.js';
import { billingPrices } from '../../services/billing/prices.js';
import { applyBillingEvent } from '../../services/billing/webhook.js';
import { verifiedStripeRequest } from '../../services/payments/stripe-webhooks.js';
import { shardDbs } from '../../services/shards/bindings.js';

/**
 * /api/billing on the platform host (docs/api/billing.md "Webhook"): the Stripe events of the
 * platform's own billing account, which bills the sites' plans. No crumb (Stripe has no
 * cookie): the `Stripe-Signature` HMAC over the raw body, with STRIPE_BILLING_WEBHOOK_SECRET,
 * is the credential. Events are JSON only and may outgrow 64 KB.
 */
export const billingWebhookApi = new Hono<AppEnv>({ strict: false });

/** Every answer, refusals of the body guard included, is never cached. */
const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

billingWebhookApi.post('/stripe/webhook', noStore, bodyGuard({ maxBytes: 256 * 1024, types: JSON_TYPES }), async (c) => {
  const secret = c.env.STRIPE_BILLING_WEBHOOK_SECRET;
  if (!secret) throw new ApiError(404, 'not_found', 'Stripe billing webhooks are not set up on this deployment.');
  const event = await verifiedStripeRequest(c.req, secret);
  return c.json(await applyBillingEvent(shardDbs(c.env), event, Date.now(), billingPrices(c.env)));
});
