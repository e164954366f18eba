import { Hono } from 'hono';
import { z } from 'zod';
import { PLAN_IDS } from '../../../domain/platform/plans.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { billingProviderFor, billingStripeKey, billingView, subscribeSite } from '../../services/billing/index.js';
import { BILLING_CARD_MISSING } from '../../services/billing/provider.js';
import { findSiteByHost, hostName } from '../../services/websites.js';
import { jsonBody } from '../validate.js';

/**
 * /api/owner/billing (docs/api/billing.md): the site's plan, subscription state and trial
 * days; buying or renewing a plan. Reachable while the site is expired (edge/pages/unavailable.ts).
 */
export const billingApi = new Hono<AppEnv>({ strict: false });

const guard = requirePermission('billing');

billingApi.get('/', guard, (c) => c.json(billingView(c.var.site, billingProviderFor(c.env), Date.now(), billingStripeKey(c.env))));

/**
 * Stripe billing only: a SetupIntent for the plan, whose client secret the billing screen's
 * Payment Element confirms in the browser (the card never reaches the worker).
 */
billingApi.post('/card-setup', guard, jsonBody(z.strictObject({ plan: z.enum(PLAN_IDS) })), async (c) => {
  const provider = billingProviderFor(c.env);
  if (!provider.setUpCard || !billingStripeKey(c.env)) throw new ApiError(404, 'not_found', 'Plans are not billed through Stripe on this deployment.');
  const key = c.req.header('Idempotency-Key')?.slice(0, 100) || crypto.randomUUID();
  const result = await provider.setUpCard({ websiteId: c.var.site.id, plan: c.req.valid('json').plan, email: c.var.siteUser!.email, idempotencyKey: key });
  if (!result.ok) throw new ApiError(503, 'payment_unavailable', result.message);
  c.header('Cache-Control', 'no-store');
  return c.json({ clientSecret: result.clientSecret });
});

const subscribeBody = z.strictObject({
  plan: z.enum(PLAN_IDS),
  /** The local test provider's card number; Stripe deployments collect cards with Stripe. */
  card: z.string().trim().max(32).optional(),
  /** Stripe: the SetupIntent the Payment Element confirmed (`seti_...`). */
  setupIntent: z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/).optional(),
});

billingApi.post('/subscribe', guard, jsonBody(subscribeBody), async (c) => {
  const body = c.req.valid('json');
  const provider = billingProviderFor(c.env);
  // With Stripe the card is the one the owner confirmed in the Payment Element, never a number sent here.
  if (provider.name === 'stripe' && !body.setupIntent) throw new ApiError(400, 'invalid_request', BILLING_CARD_MISSING, { fields: { setupIntent: BILLING_CARD_MISSING } });
  const key = c.req.header('Idempotency-Key')?.slice(0, 100) || crypto.randomUUID();
  const input = { plan: body.plan, email: c.var.siteUser!.email, card: body.card, setupIntent: body.setupIntent, idempotencyKey: key };
  const result = await subscribeSite(c.var.db, provider, c.var.site, input, Date.now());
  if (!result.ok) throw new ApiError(402, 'payment_declined', result.message);
  const site = (await findSiteByHost(c.var.db, hostName(new URL(c.req.url).host)))!;
  return c.json(billingView(site, provider, Date.now(), billingStripeKey(c.env)));
});
