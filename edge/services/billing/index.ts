import { planById, PLANS, upgradeDestination, type PlanId } from '../../../domain/platform/plans.js';
import { isSiteExpired, SUBSCRIPTION_STATE, trialDaysRemaining } from '../../../domain/platform/trial.js';
import { query, type Db } from '../db.js';
import { stripeSettings, type StripeEnv } from '../payments/stripe-client.js';
import { forgetSite } from '../site-versions.js';
import type { SiteRecord } from '../websites.js';
import { billingPrices } from './prices.js';
import { stripeBilling, testBilling, type BillingProvider, type SubscribeResult } from './provider.js';

export type { BillingProvider } from './provider.js';

/** The deployment's billing provider: Stripe when BILLING_PROVIDER=stripe and a key is set, else the local test one. */
export function billingProviderFor(env: BillingEnv): BillingProvider {
  const stripe = env.BILLING_PROVIDER === 'stripe' ? stripeSettings(env) : undefined;
  return stripe ? stripeBilling(stripe, billingPrices(env)) : testBilling();
}

type BillingEnv = StripeEnv & { BILLING_PROVIDER?: string; STRIPE_BILLING_PRICES?: string };

/**
 * What the billing screen's Payment Element needs: the publishable key, only when plans are
 * billed through Stripe with both keys set (never the secret key). Otherwise null: the screen
 * keeps the local test provider's card field.
 */
export function billingStripeKey(env: BillingEnv): string | null {
  const stripe = env.BILLING_PROVIDER === 'stripe' ? stripeSettings(env) : undefined;
  return stripe?.publishableKey ?? null;
}

/** What the owner's billing screen shows (docs/api/billing.md). */
export interface BillingView {
  plan: string;
  planName: string;
  state: number;
  stateName: string;
  /** SPEC §4 days remaining while on trial; null otherwise. */
  trialDaysLeft: number | null;
  trialEndsOn: number | null;
  expired: boolean;
  /** SPEC §2 upgrade destination for the site's state. */
  upgradeUrl: string;
  provider: string;
  /** Stripe's publishable key for the Payment Element (BILLING_PROVIDER=stripe); null with the local test provider. */
  stripePublishableKey: string | null;
  plans: { id: string; name: string; monthlyCents: number; features: readonly string[] }[];
}

export function billingView(site: SiteRecord, provider: BillingProvider, now: number, stripePublishableKey: string | null = null): BillingView {
  const onTrial = site.subscriptionState === SUBSCRIPTION_STATE.trial && site.trialEndsOn !== null;
  return {
    plan: site.plan,
    planName: planById(site.plan)?.name ?? site.plan,
    state: site.subscriptionState,
    stateName: Object.entries(SUBSCRIPTION_STATE).find(([, code]) => code === site.subscriptionState)?.[0] ?? String(site.subscriptionState),
    trialDaysLeft: onTrial ? trialDaysRemaining(site.trialEndsOn!, now, site.timeZone) : null,
    trialEndsOn: site.trialEndsOn,
    expired: isSiteExpired(site),
    upgradeUrl: upgradeDestination(site.subscriptionState),
    provider: provider.name,
    stripePublishableKey: provider.name === 'stripe' ? stripePublishableKey : null,
    plans: PLANS.map((p) => ({ id: p.id, name: p.name, monthlyCents: p.monthlyCents, features: p.features })),
  };
}

/**
 * Buys `plan` for the site: the provider first, then one UPDATE makes the site paid on that
 * plan (an expired or trial site comes back as it was: nothing was deleted) and moves its
 * content version so cached pages and the expired page give way at once.
 */
export async function subscribeSite(
  db: Db, provider: BillingProvider, site: SiteRecord, input: { plan: PlanId; email: string; card?: string | undefined; setupIntent?: string | undefined; idempotencyKey: string }, now: number,
): Promise<SubscribeResult> {
  const plan = planById(input.plan)!;
  const result = await provider.subscribe({
    websiteId: site.id, plan: plan.id, email: input.email, monthlyCents: plan.monthlyCents, previousReference: site.billingReference,
    card: input.card, setupIntent: input.setupIntent, idempotencyKey: input.idempotencyKey,
  });
  if (!result.ok) return result;
  await query(() =>
    db.$client
      .prepare(
        `UPDATE websites SET plan = ?2, subscription_state = ?3, trial_ends_on = NULL, billing_reference = ?4,
           content_version = content_version + 1, updated_on = ?5 WHERE id = ?1`,
      )
      .bind(site.id, plan.id, SUBSCRIPTION_STATE.paid, result.reference, now)
      .run(),
  );
  forgetSite(site.id);
  return result;
}

/**
 * The Cron job, on each shard: every trial that has ended becomes expired in one atomic
 * UPDATE (a site renewed meanwhile is no longer on trial and is left alone). Nothing is
 * deleted. Only sites whose home is this shard: on shard 0 the directory also holds a row for
 * each site living on another shard, whose subscription copy is not the site's and is never
 * flipped (docs/platform.md "Directory freshness"); that shard's own run expires the site.
 * Answers how many sites expired.
 */
export async function expireEndedTrials(db: Db, now: number, shard = 0): Promise<number> {
  const result = await query(() =>
    db.$client
      .prepare(
        `UPDATE websites SET subscription_state = ?1, content_version = content_version + 1, updated_on = ?3
          WHERE subscription_state = ?2 AND trial_ends_on IS NOT NULL AND trial_ends_on <= ?3${shard === 0 ? ' AND shard = 0' : ''} RETURNING id`,
      )
      .bind(SUBSCRIPTION_STATE.expired, SUBSCRIPTION_STATE.trial, now)
      .all<{ id: string }>(),
  );
  // This isolate's remembered versions give way at once (others within SITE_VERSION_TTL_MS).
  for (const row of result.results) forgetSite(row.id);
  return result.results.length;
}
