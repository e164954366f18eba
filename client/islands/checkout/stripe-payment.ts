import type { Stripe, StripeElementLocale, StripeElements, StripePaymentElement } from '@stripe/stripe-js';

/** The publishable key the /checkout page hands the island when the deployment has Stripe. */
export interface StripeConfig {
  publishableKey: string;
  /** The page's language as a Stripe locale, chosen by the server (`auto` when Stripe lacks it). */
  locale?: string | undefined;
  /** The site-relative checkout path under the page's language prefix (`/fr/checkout`): Stripe's return_url. */
  returnUrl?: string | undefined;
}

/** A mounted Payment Element: what the checkout form needs of Stripe.js. */
export interface StripePayment {
  /** Validates the element's fields; the shopper's problem as Stripe words it, or undefined. */
  check(): Promise<string | undefined>;
  /** Confirms (authorises) the intent; Stripe's message on a decline, or undefined. */
  confirm(clientSecret: string): Promise<string | undefined>;
  /** The amount the element shows wallets and mandates (the server's intent sets the charge). */
  setAmount(amountCents: number): void;
  destroy(): void;
}

export const STRIPE_LOAD_FAILED = 'Card payments could not load. Please reload the page and try again.';

let stripeOnce: Promise<Stripe | null> | undefined;

/**
 * Stripe.js on demand: the `pure` entry adds https://js.stripe.com's script only when this
 * runs (a checkout with Stripe set up), never on import, so no other page loads it.
 */
function stripeFor(publishableKey: string): Promise<Stripe> {
  stripeOnce ??= import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
  // A failed load (offline, blocked) is not remembered: the next mount tries again.
  return stripeOnce.then((stripe) => stripe ?? Promise.reject(new Error(STRIPE_LOAD_FAILED))).catch((e: unknown) => {
    stripeOnce = undefined;
    throw e;
  });
}

/**
 * Mounts Stripe's Payment Element into `container` in deferred-intent mode: the intent is
 * made by the server at its own total only when the shopper pays, and is captured manually
 * after the order is recorded (docs/checkout.md, "Stripe"), so the element's options match the
 * server's intent: manual capture, cards only, and for a subscription (`saveCard`) the card
 * saved for off-session renewals (Stripe.js refuses an intent that differs). `returnPath` is the
 * page Stripe would come back to (the donate page's island passes `/donate`).
 */
export async function mountPaymentElement(config: StripeConfig, container: HTMLElement, amountCents: number, currency: string, saveCard = false, returnPath?: string): Promise<StripePayment> {
  const stripe = await stripeFor(config.publishableKey).catch(() => {
    throw new Error(STRIPE_LOAD_FAILED);
  });
  const elements: StripeElements = stripe.elements({
    mode: 'payment', amount: amountCents, currency: currency.toLowerCase(), captureMethod: 'manual', allowedPaymentMethodTypes: ['card'],
    ...(config.locale ? { locale: config.locale as StripeElementLocale } : {}),
    ...(saveCard ? { setupFutureUsage: 'off_session' as const } : {}),
  });
  const element: StripePaymentElement = elements.create('payment');
  element.mount(container);
  return {
    async check() {
      const { error } = await elements.submit();
      return error ? error.message ?? STRIPE_LOAD_FAILED : undefined;
    },
    async confirm(clientSecret) {
      // Cards only (the server's intent allows nothing else), so 3-D Secure opens in place and no redirect happens.
      const { error } = await stripe.confirmPayment({ elements, clientSecret, redirect: 'if_required', confirmParams: { return_url: `${window.location.origin}${returnPath ?? config.returnUrl ?? '/checkout'}` } });
      return error ? error.message ?? 'Your payment could not be completed. Please try again.' : undefined;
    },
    setAmount(amount) {
      elements.update({ amount });
    },
    destroy() {
      element.destroy();
    },
  };
}
