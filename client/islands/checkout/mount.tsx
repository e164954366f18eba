import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import type { PricedCart } from './checkout-api.js';
import { CheckoutForm, type SubscriptionCheckout } from './checkout-form.js';
import type { StripeConfig } from './stripe-payment.js';
import { storeTextsOf } from '../../../domain/languages/store-texts.js';

function subscriptionOf(props: Record<string, unknown>): SubscriptionCheckout | undefined {
  const s = props.subscription as { cartToken?: unknown; priceWording?: unknown } | undefined;
  const cart = props.cart as PricedCart | undefined;
  if (!s || typeof s.cartToken !== 'string' || !cart || !Array.isArray(cart.entries)) return undefined;
  return { cartToken: s.cartToken, priceWording: typeof s.priceWording === 'string' ? s.priceWording : '', cart };
}

/** The page's priced cart (a shopping cart's checkout), so the island's first render is the whole form. */
function cartOf(props: Record<string, unknown>): PricedCart | undefined {
  const cart = props.cart as PricedCart | undefined;
  return cart && Array.isArray(cart.entries) && Array.isArray(cart.shippingOptions) && typeof cart.grandTotalCents === 'number' ? cart : undefined;
}

function stripeOf(props: Record<string, unknown>): StripeConfig | undefined {
  const s = props.stripe as { publishableKey?: unknown; locale?: unknown; returnUrl?: unknown } | undefined;
  if (!s || typeof s.publishableKey !== 'string' || !s.publishableKey.startsWith('pk_')) return undefined;
  return {
    publishableKey: s.publishableKey,
    locale: typeof s.locale === 'string' && /^[a-z]{2,4}(?:-[A-Za-z0-9]{2,3})?$/.test(s.locale) ? s.locale : undefined,
    // Only a path of this site (never another origin or a script URL).
    returnUrl: typeof s.returnUrl === 'string' && /^\/(?!\/)[\w./-]*$/.test(s.returnUrl) ? s.returnUrl : undefined,
  };
}

/**
 * `data-island="checkout"` on /checkout (eager): props currency, texts (the store's words in the page's language) and cart
 * (the priced cart); subscription for a subscription checkout; stripe when the deployment has Stripe; fields (the owner's
 * checkout-field switches), pricesIncludeTax, and locale (a page not in English: its language, for the country names).
 */
const mount: MountIsland = (el, props) => {
  const fields = props.fields as { phoneRequired?: unknown } | undefined;
  renderIsland(el, (
    <CheckoutForm currency={typeof props.currency === 'string' ? props.currency : 'USD'} subscription={subscriptionOf(props)} stripe={stripeOf(props)} initialCart={cartOf(props)}
      texts={storeTextsOf(props.texts)} locale={typeof props.locale === 'string' ? props.locale : undefined} phoneRequired={fields?.phoneRequired === true} pricesIncludeTax={props.pricesIncludeTax === true} />
  ));
};
export default mount;
