import type { PlanId } from '../../../domain/platform/plans.js';
import { stripeClient, type StripeSettings } from '../payments/stripe-client.js';

/** One plan purchase: the site, its plan, who pays, and the price per month in minor units. */
export interface SubscribeRequest {
  websiteId: string;
  plan: PlanId;
  email: string;
  monthlyCents: number;
  /** The site's current provider subscription, replaced by the new one. */
  previousReference: string | null;
  /** The local provider's card (4000 0000 0000 0002 declines); Stripe collects cards itself. */
  card?: string | undefined;
  /** Replays of one purchase (a retried request) reach the provider with the same key. */
  idempotencyKey: string;
}

export type SubscribeResult = { ok: true; reference: string } | { ok: false; message: string };

/** Bills the sites' plans: the local test provider by default, Stripe subscriptions in production. */
export interface BillingProvider {
  name: 'test' | 'stripe';
  subscribe(request: SubscribeRequest): Promise<SubscribeResult>;
}

/** The message of a declined plan payment (either provider). */
export const BILLING_DECLINED = 'Your card was declined.';

/** The local default: no network; every card but the declining test card pays. */
export function testBilling(): BillingProvider {
  return {
    name: 'test',
    async subscribe(request) {
      if (request.card?.replace(/[\s-]/g, '') === '4000000000000002') return { ok: false, message: BILLING_DECLINED };
      return { ok: true, reference: `test_sub_${request.websiteId}_${request.plan}_${request.idempotencyKey.slice(0, 8)}` };
    },
  };
}

/**
 * Stripe subscriptions: a Customer for the site, then a monthly Subscription whose price is
 * the plan's (product `atelier_plan_<id>`); the previous subscription is cancelled once the
 * new one is active. Calls carry idempotency keys derived from the request's.
 */
export function stripeBilling(settings: StripeSettings): BillingProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    async subscribe(request) {
      try {
        const customer = await stripe.customers.create(
          { email: request.email, metadata: { websiteId: request.websiteId } },
          { idempotencyKey: `${request.idempotencyKey}-customer` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price_data: { currency: 'usd', product: `atelier_plan_${request.plan}`, unit_amount: request.monthlyCents, recurring: { interval: 'month' } } }],
            metadata: { websiteId: request.websiteId, plan: request.plan },
          },
          { idempotencyKey: `${request.idempotencyKey}-subscription` },
        );
        if (subscription.status !== 'active' && subscription.status !== 'trialing') return { ok: false, message: BILLING_DECLINED };
        if (request.previousReference?.startsWith('sub_')) await stripe.subscriptions.cancel(request.previousReference);
        return { ok: true, reference: subscription.id };
      } catch (err) {
        const message = err instanceof Error && 'type' in err && (err as { type: string }).type === 'StripeCardError' ? BILLING_DECLINED : 'The payment service is unavailable. Please try again.';
        console.error(`billing: Stripe subscription for ${request.websiteId} failed: ${String(err)}`);
        return { ok: false, message };
      }
    },
  };
}
