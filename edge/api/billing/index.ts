import { Hono } from 'hono';
import { z } from 'zod';
import { PLAN_IDS } from '../../../domain/platform/plans.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { billingProviderFor, billingView, subscribeSite } from '../../services/billing/index.js';
import { findSiteByHost, hostName } from '../../services/websites.js';
import { jsonBody } from '../validate.js';

/**
 * /api/owner/billing (docs/api/billing.md): the site's plan, subscription state and trial
 * days; buying or renewing a plan. Reachable while the site is expired (edge/pages/unavailable.ts).
 */
export const billingApi = new Hono<AppEnv>({ strict: false });

const guard = requirePermission('billing');

billingApi.get('/', guard, (c) => c.json(billingView(c.var.site, billingProviderFor(c.env), Date.now())));

const subscribeBody = z.strictObject({
  plan: z.enum(PLAN_IDS),
  /** The local test provider's card number; Stripe deployments collect cards with Stripe. */
  card: z.string().trim().max(32).optional(),
});

billingApi.post('/subscribe', guard, jsonBody(subscribeBody), async (c) => {
  const body = c.req.valid('json');
  const provider = billingProviderFor(c.env);
  const key = c.req.header('Idempotency-Key')?.slice(0, 100) || crypto.randomUUID();
  const result = await subscribeSite(c.var.db, provider, c.var.site, { plan: body.plan, email: c.var.siteUser!.email, card: body.card, idempotencyKey: key }, Date.now());
  if (!result.ok) throw new ApiError(402, 'payment_declined', result.message);
  const site = (await findSiteByHost(c.var.db, hostName(new URL(c.req.url).host)))!;
  return c.json(billingView(site, provider, Date.now()));
});
