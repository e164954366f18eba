import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import type { PricedCart } from './checkout-api.js';
import { CheckoutForm, type SubscriptionCheckout } from './checkout-form.js';
import type { StripeConfig } from './stripe-payment.js';

function subscriptionOf(props: Record<string, unknown>): SubscriptionCheckout | undefined {
  const s = props.subscription as { cartToken?: unknown; priceWording?: unknown } | undefined;
  const cart = props.cart as PricedCart | undefined;
  if (!s || typeof s.cartToken !== 'string' || !cart || !Array.isArray(cart.entries)) return undefined;
  return { cartToken: s.cartToken, priceWording: typeof s.priceWording === 'string' ? s.priceWording : '', cart };
}

function stripeOf(props: Record<string, unknown>): StripeConfig | undefined {
  const s = props.stripe as { publishableKey?: unknown } | undefined;
  return s && typeof s.publishableKey === 'string' && s.publishableKey.startsWith('pk_') ? { publishableKey: s.publishableKey } : undefined;
}

/** `data-island="checkout"` on /checkout (eager): prop currency; subscription and cart for a subscription checkout; stripe when the deployment has Stripe. */
const mount: MountIsland = (el, props) => {
  renderIsland(el, <CheckoutForm currency={typeof props.currency === 'string' ? props.currency : 'USD'} subscription={subscriptionOf(props)} stripe={stripeOf(props)} />);
};
export default mount;
