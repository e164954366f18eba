import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatCents } from '../../runtime/money.js';
import { AddressAutocomplete } from './address-autocomplete.js';
import { checkoutApi, type PricedCart } from './checkout-api.js';
import { GiftCardField, giftCardShare, type AppliedGiftCard } from './gift-card-field.js';
import { fieldsFromPlace } from './place-fields.js';
import { payThroughStripe, testCardPayment } from './order-payment.js';
import { OrderSummary } from './order-summary.js';
import { postcodeHint } from './postcode.js';
import { StripeField } from './stripe-field.js';
import type { StripeConfig, StripePayment } from './stripe-payment.js';
import { countryOptions, regionOptions } from './regions.js';
import { fillText, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';

type Fields = Record<string, string>;

/** A labelled input with its error right below it (described by it, marked invalid). */
function Field({ id, label, error, className, ...input }: { id: string; label: string; error?: string | undefined; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' has-error' : ''}`}>
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

/** The demo store's test card note in the page's language, the card number in bold where the text has `{card}`. */
function TestCardNote({ text }: { text: string }) {
  const [before, after] = text.split('{card}', 2);
  return (
    <p className="test-card-note">
      {before}
      {after !== undefined && <strong>4242 4242 4242 4242</strong>}
      {after}
    </p>
  );
}

/** The server's field names (`shippingAddress.city`, `payment.card.number`) as the form's. */
const FIELD_OF: Record<string, string> = { number: 'card', 'payment.card': 'card', expMonth: 'exp', expYear: 'exp', giftCardCode: 'giftCardCode' };
function formField(name: string): string {
  const bare = name.replace(/^(shippingAddress|billingAddress|payment\.card)\./, '');
  return FIELD_OF[bare] ?? bare;
}

/** The labels the live region names when fields need attention, in the page's language. */
const labelsOf = (t: StoreTexts): Record<string, string> => ({
  email: t.email, firstName: t.firstName, lastName: t.lastName, address1: t.address, city: t.city, region: t.region,
  postalCode: t.postalCode, country: t.country, phone: t.phone, coupon: t.couponCode, card: t.cardNumber, exp: t.expiry, cvc: t.securityCode, giftCardCode: t.giftCardCode,
});

/**
 * The checkout form in the order shoppers know: contact, delivery (address with
 * autocomplete, country first, then the shipping option), payment (coupon, gift card,
 * card), then the pay button naming the amount and a trust line; the order summary beside
 * it (collapsed behind its total on phones). Each error sits below its field and goes as soon
 * as the field is edited; a live region says which fields need attention, and a refusal of
 * the whole order (a declined card) is an alert above the button. For a subscription the cart
 * is the page's, the order call names its token, the summary says the SPEC §9 price wording,
 * and coupons and gift cards are off. With `stripe` the card is Stripe's Payment Element (the
 * server makes the intent, Stripe.js authorises it, then the order names it); else the local
 * test provider's card fields, with the demo's test card named above them.
 *
 * `initialCart` is the priced cart the page was rendered with, so the first render is the
 * whole form (no 'Loading' line that the form would then push down: checkout CLS).
 */
export function CheckoutForm({ currency, subscription, stripe, initialCart, texts: t = storeTexts(), locale, phoneRequired = false, pricesIncludeTax = false }: {
  currency: string; subscription?: SubscriptionCheckout | undefined; stripe?: StripeConfig | undefined; initialCart?: PricedCart | undefined;
  /** The store's words in the page's language (issue 29; `storeTexts` of the page). */
  texts?: StoreTexts | undefined;
  /** The page's language (a French page names the countries in French); English without it. */
  locale?: string | undefined;
  /** The owner asks for a phone number (commerce preferences `checkout.collectPhoneNumber`). */
  phoneRequired?: boolean;
  /** Prices include tax (commerce preferences `tax.pricesIncludeTax`): the summary says what of them is tax. */
  pricesIncludeTax?: boolean;
}) {
  const LABELS = labelsOf(t);
  const [cart, setCart] = useState<PricedCart | null>(subscription?.cart ?? initialCart ?? null);
  const [v, setV] = useState<Fields>({ country: 'US', region: '', email: '', firstName: '', lastName: '', address1: '', city: '', postalCode: '', phone: '', coupon: '', card: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<Fields>({});
  const [alert, setAlert] = useState('');
  const [announce, setAnnounce] = useState('');
  const [busy, setBusy] = useState(false);
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  const key = useRef<string>(crypto.randomUUID());
  const alertRef = useRef<HTMLDivElement>(null);
  // The mounted Payment Element, or why Stripe.js could not load (null while loading).
  const [stripePayment, setStripePayment] = useState<StripePayment | string | null>(null);
  // A subscription pays through Stripe too: its intent names the cart token and saves the card.
  const viaStripe = stripe;
  // The fields as last rendered: a chosen address arrives after a fetch, when `v` may be stale.
  const latest = useRef(v);
  latest.current = v;
  const clearError = (name: string) => setErrors((old) => (old[name] ? { ...old, [name]: '' } : old));
  const set = (name: string) => (e: { target: { value: string } }) => {
    setV((old) => ({ ...old, [name]: e.target.value }));
    clearError(name);
  };
  const money = (n: number) => formatCents(n, cart?.currency ?? currency);

  useEffect(() => {
    if (subscription || initialCart) return;
    void checkoutApi.cart().then(setCart, (e: Error) => setAlert(e.message));
  }, [subscription, initialCart]);

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
    setAnnounce('');
    const address = { firstName: v.firstName, lastName: v.lastName, address1: v.address1, city: v.city, region: v.region, postalCode: v.postalCode, country: v.country, ...(phoneRequired ? { phone: v.phone } : {}) };
    const choices = {
      // Nothing to ship: the phone (when the store asks for it) is the order's own field, asked under Contact.
      ...(cart?.requiresShipping ? { shippingAddress: address, billingAddress: address } : phoneRequired ? { phone: v.phone } : {}),
      ...(cart?.selectedShippingOption ? { shippingOptionId: cart.selectedShippingOption.id } : {}),
      ...(giftCard ? { giftCardCode: giftCard.code } : {}),
    };
    setBusy(true);
    try {
      // A gift card that covers the whole order needs no card.
      const payment = share.dueCents <= 0 ? undefined : viaStripe ? await payThroughStripe(stripePayment, () => checkoutApi.stripeIntent({ ...choices, ...(subscription ? { cartToken: subscription.cartToken, email: v.email } : {}), language: document.documentElement.lang })) : testCardPayment(v);
      const answer = await checkoutApi.placeOrder(key.current, {
        email: v.email,
        ...(subscription ? { cartToken: subscription.cartToken } : {}),
        // The page's language: an added one is recorded on the order and the confirmation mail is in it.
        language: document.documentElement.lang,
        ...choices,
        ...(payment ? { payment } : {}),
      });
      // A replayed order answers without a page: the home page of the page's language.
      window.location.assign(answer.confirmationUrl ?? t.homeUrl ?? '/');
    } catch (err) {
      const fields = (err as Error & { fields?: Fields }).fields ?? {};
      const next: Fields = {};
      // Only fields the form shows can carry their message; a refusal of something the shopper cannot edit here
      // (the store not taking test cards) is the alert's own message.
      for (const [name, message] of Object.entries(fields)) if (formField(name) in LABELS) next[formField(name)] ??= message;
      setErrors(next);
      // Refused fields are named beside each field: the alert says to look at them (SPEC §8);
      // any other refusal (a declined card) is the provider's own message.
      setAlert(Object.keys(next).length ? t.checkoutUpdateMissing : (err as Error).message);
      const named = Object.keys(next).map((n) => LABELS[n] ?? n);
      setAnnounce(named.length ? fillText(named.length === 1 ? t.fieldNeedsAttention : t.fieldsNeedAttention, { count: named.length, fields: named.join(', ') }) : '');
      // A refused attempt is over: the next one is a new order attempt with its own key.
      key.current = crypto.randomUUID();
      setBusy(false);
    }
  }

  // The refusal in view once it is shown (the button may be far below the first bad field on a phone).
  useEffect(() => {
    if (alert) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [alert]);

  const share = giftCardShare(giftCard, cart?.grandTotalCents ?? 0);
  if (!cart) return <div className="checkout-loading"><h1>{t.checkout}</h1><p>{t.loadingCart}</p></div>;
  if (cart.entries.length === 0) {
    return (
      <div className="empty-state">
        <h1>{t.checkout}</h1>
        <p>{t.cartEmpty}</p>
        <a className="button button-secondary" href={t.homeUrl ?? '/'}>{t.continueShopping}</a>
      </div>
    );
  }
  // The region names in the page's language (its codes the table's, lang27).
  const regions = regionOptions(v.country!, locale);
  // 'Update the missing or invalid information above.' goes with the last field error.
  const shownAlert = alert === t.checkoutUpdateMissing && !Object.values(errors).some(Boolean) ? '' : alert;
  const payLabel = subscription ? t.subscribe : t.placeOrder;
  const amount = share.dueCents > 0 ? share.dueCents : cart.grandTotalCents;
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <h1>{t.checkout}</h1>
      <div className="checkout-layout">
        <OrderSummary texts={t} cart={cart} money={money} wording={subscription?.priceWording} giftCard={giftCard} share={share} pricesIncludeTax={pricesIncludeTax} />
        <div className="checkout-main">
          <fieldset className="checkout-step">
            <legend>{t.contact}</legend>
            <Field id="email" label={t.email} type="email" autoComplete="email" value={v.email} onChange={set('email')} error={errors.email} required />
            {phoneRequired && !cart.requiresShipping ? <Field id="phone" label={t.phone} type="tel" autoComplete="tel" value={v.phone} onChange={set('phone')} error={errors.phone} required /> : null}
          </fieldset>
          {cart.requiresShipping ? (
            <fieldset className="checkout-step">
              <legend>{t.delivery}</legend>
              <div className="field">
                <label htmlFor="country">{t.country}</label>
                <select id="country" value={v.country} onChange={(e) => { const next = { ...v, country: e.target.value, region: '' }; setV(next); void locate(next); }}>
                  {countryOptions(locale).map(([code, name]) => <option key={code} value={code}>{name}</option>)}
                </select>
              </div>
              <div className="field-row">
                <Field id="firstName" label={t.firstName} autoComplete="given-name" value={v.firstName} onChange={set('firstName')} error={errors.firstName} />
                <Field id="lastName" label={t.lastName} autoComplete="family-name" value={v.lastName} onChange={set('lastName')} error={errors.lastName} />
              </div>
              <AddressAutocomplete texts={t} locale={locale} id="address1" label={t.address} value={v.address1!} country={v.country!} error={errors.address1}
                onChange={(address1) => { setV((old) => ({ ...old, address1 })); clearError('address1'); }}
                onChoose={(place, street) => { const next = fieldsFromPlace(latest.current, place, street); setV(next); setErrors((old) => ({ ...old, address1: '', city: '', region: '', postalCode: '' })); void locate(next); }} />
              <div className="field-row field-row-3">
                <Field id="city" label={t.city} autoComplete="address-level2" value={v.city} onChange={set('city')} error={errors.city} />
                {regions ? (
                  <div className={`field${errors.region ? ' has-error' : ''}`}>
                    <label htmlFor="region">{t.region}</label>
                    <select id="region" value={v.region} aria-invalid={errors.region ? true : undefined} aria-describedby={errors.region ? 'region-error' : undefined}
                      onChange={(e) => { const next = { ...v, region: e.target.value }; setV(next); clearError('region'); void locate(next); }}>
                      <option value="">{t.select}</option>
                      {regions.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
                    </select>
                    {errors.region ? <p className="field-error" id="region-error">{errors.region}</p> : null}
                  </div>
                ) : (
                  <Field id="region" label={t.region} value={v.region} onChange={set('region')} onBlur={() => void locate(v)} error={errors.region} />
                )}
                <Field id="postalCode" label={t.postalCode} autoComplete="postal-code" value={v.postalCode} onChange={set('postalCode')} onBlur={() => void locate(v)} error={errors.postalCode} />
              </div>
              {phoneRequired ? <Field id="phone" label={t.phone} type="tel" autoComplete="tel" value={v.phone} onChange={set('phone')} error={errors.phone} required /> : null}
              {cart.shippingOptions.length ? (
                <fieldset className="shipping-options">
                  <legend>{t.shippingOption}</legend>
                  {cart.shippingOptions.map((o) => (
                    <label key={o.id} className="shipping-option">
                      <input type="radio" name="shippingOption" value={o.id} checked={cart.selectedShippingOption?.id === o.id} onChange={() => void checkoutApi.setOption(o.id).then(setCart)} />
                      <span className="shipping-option-name">{o.name}</span> <span className="shipping-option-price">{money(o.amountCents)}</span>
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p className="shipping-options-hint">{t.shippingHint}</p>
              )}
            </fieldset>
          ) : null}
          <fieldset className="checkout-step">
            <legend>{t.payment}</legend>
            {subscription ? null : (
              <div className="checkout-codes">
                <div className="field-with-button">
                  <Field id="coupon" label={t.couponCode} value={v.coupon} onChange={set('coupon')} error={errors.coupon} />
                  <button type="button" className="button button-secondary" onClick={() => void applyCoupon()}>{t.apply}</button>
                </div>
                <GiftCardField texts={t} applied={giftCard} onApplied={setGiftCard} onCart={setCart} error={errors.giftCardCode} />
              </div>
            )}
            {share.dueCents > 0 && viaStripe ? (
              <StripeField texts={t} config={viaStripe} amountCents={share.dueCents} currency={cart.currency ?? currency} saveCard={!!subscription} onReady={setStripePayment} />
            ) : share.dueCents > 0 ? (
              <fieldset className="card-fields">
                <legend>{t.testCard}</legend>
                <TestCardNote text={t.testCardNote} />
                <Field id="card" label={t.cardNumber} inputMode="numeric" autoComplete="cc-number" value={v.card} onChange={set('card')} error={errors.card} />
                <div className="field-row">
                  <Field id="exp" label={t.expiry} autoComplete="cc-exp" value={v.exp} onChange={set('exp')} error={errors.exp} />
                  <Field id="cvc" label={t.securityCode} inputMode="numeric" autoComplete="cc-csc" value={v.cvc} onChange={set('cvc')} error={errors.cvc} />
                </div>
              </fieldset>
            ) : (
              <p className="gift-card-covers">{t.giftCardCovers}</p>
            )}
          </fieldset>
          <p className="sr-only checkout-announcer" aria-live="polite">{announce}</p>
          {shownAlert ? <div className="checkout-error" role="alert" ref={alertRef}>{shownAlert}</div> : null}
          <button type="submit" className="button checkout-pay" disabled={busy}>
            {busy ? t.placingOrder : <>{payLabel} <span className="checkout-pay-amount">· {money(amount)}</span></>}
          </button>
          <p className="checkout-trust"><strong>{t.secureCheckout}</strong> {t.secureCheckoutNote}</p>
        </div>
      </div>
    </form>
  );
}
