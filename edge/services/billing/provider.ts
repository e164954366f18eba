import type { PlanId } from '../../../domain/platform/plans.js';
import { stripeClient, type StripeSettings } from '../payments/stripe-client.js';
import { PLAN_PRODUCT_PREFIX, priceForPlan, type PriceTable } from './prices.js';

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
  /** Stripe: the SetupIntent the browser's Payment Element confirmed (its customer and card pay the plan). */
  setupIntent?: string | undefined;
}

export type SubscribeResult = { ok: true; reference: string } | { ok: false; message: string };

/** Before a Stripe purchase: the SetupIntent the browser's Payment Element confirms (its client secret only). */
export type CardSetupResult = { ok: true; clientSecret: string } | { ok: false; message: string };

/** Bills the sites' plans: the local test provider by default, Stripe subscriptions in production. */
export interface BillingProvider {
  name: 'test' | 'stripe';
  subscribe(request: SubscribeRequest): Promise<SubscribeResult>;
  /** Stripe only: a Customer and a SetupIntent for the card the owner enters in the browser. */
  setUpCard?(request: Pick<SubscribeRequest, 'websiteId' | 'plan' | 'email' | 'idempotencyKey'>): Promise<CardSetupResult>;
}

/** A Stripe purchase without a card confirmed in the browser for this site. */
export const BILLING_CARD_MISSING = 'Enter your card details to pay for the plan.';
const STRIPE_DOWN = 'The payment service is unavailable. Please try again.';

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
 * Stripe subscriptions: a monthly Subscription at the plan's price (its price id from
 * STRIPE_BILLING_PRICES, else `price_data` for product `atelier_plan_<id>`), paid by the card
 * of the SetupIntent the owner confirmed in the browser (its Customer; without one, a new
 * Customer); the previous subscription is cancelled once the new one is active. Calls carry
 * idempotency keys derived from the request's.
 */
export function stripeBilling(settings: StripeSettings, prices: PriceTable = new Map()): BillingProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    async setUpCard(request) {
      try {
        const customer = await stripe.customers.create(
          { email: request.email, metadata: { websiteId: request.websiteId } },
          { idempotencyKey: `${request.idempotencyKey}-card-customer` },
        );
        const intent = await stripe.setupIntents.create(
          { customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { websiteId: request.websiteId, plan: request.plan } },
          { idempotencyKey: `${request.idempotencyKey}-card-setup` },
        );
        return intent.client_secret ? { ok: true, clientSecret: intent.client_secret } : { ok: false, message: STRIPE_DOWN };
      } catch (err) {
        console.error(`billing: Stripe card set-up for ${request.websiteId} failed: ${String(err)}`);
        return { ok: false, message: STRIPE_DOWN };
      }
    },
    async subscribe(request) {
      try {
        let payer: { customer: string; paymentMethod?: string };
        if (request.setupIntent) {
          // Only a set-up this site made and the browser confirmed pays for its plan.
          const intent = await stripe.setupIntents.retrieve(request.setupIntent);
          const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
          const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
          if (intent.status !== 'succeeded' || intent.metadata?.websiteId !== request.websiteId || !customer || !paymentMethod) return { ok: false, message: BILLING_CARD_MISSING };
          payer = { customer, paymentMethod };
        } else {
          const customer = await stripe.customers.create(
            { email: request.email, metadata: { websiteId: request.websiteId } },
            { idempotencyKey: `${request.idempotencyKey}-customer` },
          );
          payer = { customer: customer.id };
        }
        const price = priceForPlan(prices, request.plan);
        const subscription = await stripe.subscriptions.create(
          {
            customer: payer.customer,
            ...(payer.paymentMethod ? { default_payment_method: payer.paymentMethod } : {}),
            items: [price ? { price } : { price_data: { currency: 'usd', product: `${PLAN_PRODUCT_PREFIX}${request.plan}`, unit_amount: request.monthlyCents, recurring: { interval: 'month' } } }],
            metadata: { websiteId: request.websiteId, plan: request.plan },
          },
          { idempotencyKey: `${request.idempotencyKey}-subscription` },
        );
        if (subscription.status !== 'active' && subscription.status !== 'trialing') return { ok: false, message: BILLING_DECLINED };
        if (request.previousReference?.startsWith('sub_')) await stripe.subscriptions.cancel(request.previousReference);
        return { ok: true, reference: subscription.id };
      } catch (err) {
        const type = err instanceof Error && 'type' in err ? (err as { type: string }).type : '';
        const message = type === 'StripeCardError' ? BILLING_DECLINED : type === 'StripeInvalidRequestError' && request.setupIntent ? BILLING_CARD_MISSING : STRIPE_DOWN;
        console.error(`billing: Stripe subscription for ${request.websiteId} failed: ${String(err)}`);
        return { ok: false, message };
      }
    },
  };
}
