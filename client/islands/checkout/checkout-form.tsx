import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatCents } from '../../runtime/money.js';
import { AddressAutocomplete } from './address-autocomplete.js';
import { checkoutApi, type PricedCart } from './checkout-api.js';
import { GiftCardField, giftCardShare, type AppliedGiftCard } from './gift-card-field.js';
import { fieldsFromPlace } from './place-fields.js';
import { payThroughStripe, testCardPayment } from './order-payment.js';
import { postcodeHint } from './postcode.js';
import { StripeField } from './stripe-field.js';
import type { StripeConfig, StripePayment } from './stripe-payment.js';
import { COUNTRIES, REGIONS } from './regions.js';

type Fields = Record<string, string>;

function Field({ id, label, error, ...input }: { id: string; label: string; error?: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

/** A subscription cart's checkout (page 201 with ?cartToken=): its priced cart comes with the page. */
export interface SubscriptionCheckout {
  cartToken: string;
  priceWording: string;
  cart: PricedCart;
}

/**
 * The checkout form: contact, address (country first), shipping, coupon, gift
 * card, card, summary. For a subscription the cart is the page's, the order call names
 * its token, the summary says the SPEC §9 price wording, and coupons and gift cards are off.
 * With `stripe` (the deployment has Stripe) the card is Stripe's Payment Element: the server
 * makes the intent, Stripe.js authorises it, then the order names it; else the test card.
 */
export function CheckoutForm({ currency, subscription, stripe }: { currency: string; subscription?: SubscriptionCheckout | undefined; stripe?: StripeConfig | undefined }) {
  const [cart, setCart] = useState<PricedCart | null>(null);
  const [v, setV] = useState<Fields>({ country: 'US', region: '', email: '', firstName: '', lastName: '', address1: '', city: '', postalCode: '', coupon: '', card: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<Fields>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  const key = useRef<string>(crypto.randomUUID());
  // The mounted Payment Element, or why Stripe.js could not load (null while loading).
  const [stripePayment, setStripePayment] = useState<StripePayment | string | null>(null);
  // A subscription pays through Stripe too: its intent names the cart token and saves the card.
  const viaStripe = stripe;
  // The fields as last rendered: a chosen address arrives after a fetch, when `v` may be stale.
  const latest = useRef(v);
  latest.current = v;
  const set = (name: string) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [name]: e.target.value }));
  const money = (n: number) => formatCents(n, cart?.currency ?? currency);

  useEffect(() => {
    if (subscription) setCart(subscription.cart);
    else void checkoutApi.cart().then(setCart, (e: Error) => setAlert(e.message));
  }, [subscription]);

  async function locate(next: Fields) {
    const hint = next.postalCode ? postcodeHint(next.country!, next.postalCode) : null;
    setErrors((old) => ({ ...old, postalCode: hint ?? '' }));
    // The cart API speaks for the shopping cart only; a subscription is priced when placed.
    if (hint || !cart?.entries.length || subscription) return;
    try {
      setCart(await checkoutApi.setLocation({ country: next.country!, ...(next.region ? { region: next.region } : {}), ...(next.postalCode ? { postalCode: next.postalCode } : {}) }));
    } catch (e) {
      setErrors((old) => ({ ...old, postalCode: (e as Error).message }));
    }
  }

  async function applyCoupon() {
    if (!v.coupon?.trim()) return;
    try {
      const next = await checkoutApi.addCoupon(v.coupon);
      setCart(next);
      const refused = next.invalidCoupons.find((c) => c.code === v.coupon!.trim().toUpperCase());
      setErrors((old) => ({ ...old, coupon: refused?.message ?? '' }));
    } catch (e) {
      setErrors((old) => ({ ...old, coupon: (e as Error).message }));
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert('');
    const address = { firstName: v.firstName, lastName: v.lastName, address1: v.address1, city: v.city, region: v.region, postalCode: v.postalCode, country: v.country };
    const choices = {
      ...(cart?.requiresShipping ? { shippingAddress: address, billingAddress: address } : {}),
      ...(cart?.selectedShippingOption ? { shippingOptionId: cart.selectedShippingOption.id } : {}),
      ...(giftCard ? { giftCardCode: giftCard.code } : {}),
    };
    setBusy(true);
    try {
      // A gift card that covers the whole order needs no card.
      const payment = share.dueCents <= 0 ? undefined : viaStripe ? await payThroughStripe(stripePayment, () => checkoutApi.stripeIntent({ ...choices, ...(subscription ? { cartToken: subscription.cartToken, email: v.email } : {}) })) : testCardPayment(v);
      const answer = await checkoutApi.placeOrder(key.current, {
        email: v.email,
        ...(subscription ? { cartToken: subscription.cartToken } : {}),
        ...choices,
        ...(payment ? { payment } : {}),
      });
      window.location.assign(answer.confirmationUrl ?? '/');
    } catch (err) {
      const fields = (err as Error & { fields?: Fields }).fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.replace(/^(shippingAddress|billingAddress|payment\.card)\./, ''), m])));
      setAlert((err as Error).message);
      // A refused attempt is over: the next one is a new order attempt with its own key.
      key.current = crypto.randomUUID();
      setBusy(false);
    }
  }

  const share = giftCardShare(giftCard, cart?.grandTotalCents ?? 0);
  if (!cart) return <p>Loading your cart…</p>;
  if (cart.entries.length === 0) return <p>You have nothing in your shopping cart.</p>;
  const regions = REGIONS[v.country!];
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <h1>Checkout</h1>
      <fieldset>
        <legend>Contact</legend>
        <Field id="email" label="Email" type="email" autoComplete="email" value={v.email} onChange={set('email')} error={errors.email} required />
      </fieldset>
      {cart.requiresShipping ? (
        <fieldset>
          <legend>Shipping address</legend>
          <div className="field">
            <label htmlFor="country">Country</label>
            <select id="country" value={v.country} onChange={(e) => { const next = { ...v, country: e.target.value, region: '' }; setV(next); void locate(next); }}>
              {COUNTRIES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
            </select>
          </div>
          <Field id="firstName" label="First name" autoComplete="given-name" value={v.firstName} onChange={set('firstName')} error={errors.firstName} />
          <Field id="lastName" label="Last name" autoComplete="family-name" value={v.lastName} onChange={set('lastName')} error={errors.lastName} />
          <AddressAutocomplete id="address1" label="Address" value={v.address1!} country={v.country!} error={errors.address1}
            onChange={(address1) => setV((old) => ({ ...old, address1 }))}
            onChoose={(place, street) => { const next = fieldsFromPlace(latest.current, place, street); setV(next); void locate(next); }} />
          <Field id="city" label="City" autoComplete="address-level2" value={v.city} onChange={set('city')} error={errors.city} />
          {regions ? (
            <div className="field">
              <label htmlFor="region">State / region</label>
              <select id="region" value={v.region} aria-invalid={errors.region ? true : undefined} aria-describedby={errors.region ? 'region-error' : undefined}
                onChange={(e) => { const next = { ...v, region: e.target.value }; setV(next); setErrors((old) => ({ ...old, region: '' })); void locate(next); }}>
                <option value="">Select…</option>
                {regions.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
              </select>
              {errors.region ? <p className="field-error" id="region-error">{errors.region}</p> : null}
            </div>
          ) : (
            <Field id="region" label="State / region" value={v.region} onChange={set('region')} onBlur={() => void locate(v)} />
          )}
          <Field id="postalCode" label="Postal code" autoComplete="postal-code" value={v.postalCode} onChange={set('postalCode')} onBlur={() => void locate(v)} error={errors.postalCode} />
          {cart.shippingOptions.length ? (
            <fieldset>
              <legend>Shipping option</legend>
              {cart.shippingOptions.map((o) => (
                <label key={o.id} className="shipping-option">
                  <input type="radio" name="shippingOption" value={o.id} checked={cart.selectedShippingOption?.id === o.id} onChange={() => void checkoutApi.setOption(o.id).then(setCart)} />
                  {o.name} — {money(o.amountCents)}
                </label>
              ))}
            </fieldset>
          ) : null}
        </fieldset>
      ) : null}
      {subscription ? null : (
        <>
          <fieldset>
            <legend>Coupon</legend>
            <Field id="coupon" label="Coupon code" value={v.coupon} onChange={set('coupon')} error={errors.coupon} />
            <button type="button" onClick={() => void applyCoupon()}>Apply</button>
          </fieldset>
          <GiftCardField applied={giftCard} onApplied={setGiftCard} onCart={setCart} error={errors.giftCardCode} />
        </>
      )}
      {share.dueCents > 0 && viaStripe ? (
        <StripeField config={viaStripe} amountCents={share.dueCents} currency={cart.currency ?? currency} saveCard={!!subscription} onReady={setStripePayment} />
      ) : share.dueCents > 0 ? (
        <fieldset>
          <legend>Payment (test card)</legend>
          <Field id="card" label="Card number" inputMode="numeric" autoComplete="cc-number" value={v.card} onChange={set('card')} error={errors.number ?? errors['payment.card']} />
          <Field id="exp" label="Expiry (MM/YY)" autoComplete="cc-exp" value={v.exp} onChange={set('exp')} error={errors.expMonth ?? errors.expYear} />
          <Field id="cvc" label="Security code" inputMode="numeric" autoComplete="cc-csc" value={v.cvc} onChange={set('cvc')} error={errors.cvc} />
        </fieldset>
      ) : (
        <p className="gift-card-covers">Your gift card covers this order: no card payment is needed.</p>
      )}
      <section className="order-summary" aria-label="Order summary">
        <ul>{cart.entries.map((e) => <li key={e.id}>{e.title} × {e.quantity} — {money(e.subTotalCents ?? 0)}</li>)}</ul>
        {subscription ? <p className="subscription-wording">{subscription.priceWording}</p> : null}
        <p>Subtotal: {money(cart.subtotalCents)}</p>
        {cart.discountCents ? <p>Discount: −{money(cart.discountCents)}</p> : null}
        {cart.requiresShipping ? <p>Shipping: {money(cart.shippingCostCents)}</p> : null}
        <p>Tax: {money(cart.taxCents)}</p>
        <p className="order-total">Total: <strong>{money(cart.grandTotalCents)}</strong></p>
        {giftCard ? (
          <>
            <p className="order-gift-card">Gift card (ending {giftCard.summary.last4}): −{money(share.appliedCents)}</p>
            <p className="order-due">To pay by card: <strong>{money(share.dueCents)}</strong></p>
          </>
        ) : null}
      </section>
      {alert ? <p className="checkout-error" role="alert">{alert}</p> : null}
      <button type="submit" className="button" disabled={busy}>{busy ? 'Placing order…' : subscription ? 'Subscribe' : 'Place order'}</button>
    </form>
  );
}
