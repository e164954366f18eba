import { useEffect, useRef, useState } from 'react';
import type { StoreTexts } from '../../../domain/languages/store-texts.js';
import { mountPaymentElement, type StripeConfig, type StripePayment } from './stripe-payment.js';

/**
 * The card fieldset when Stripe is set up: Stripe's Payment Element (its own labelled,
 * keyboard-usable fields in Stripe's frame) instead of the test card fields; `saveCard`
 * for a subscription, whose renewals charge the card later. `onReady`
 * hands the form the mounted element, or the message why it could not load; null while
 * loading or after unmounting.
 */
export function StripeField({ config, amountCents, currency, saveCard = false, onReady, texts: t }: { config: StripeConfig; amountCents: number; currency: string; saveCard?: boolean; onReady: (payment: StripePayment | string | null) => void; texts: StoreTexts }) {
  const box = useRef<HTMLDivElement>(null);
  const payment = useRef<StripePayment | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  // The first amount mounts the element; later totals only update it.
  const firstAmount = useRef(amountCents);

  useEffect(() => {
    let gone = false;
    mountPaymentElement(config, box.current!, firstAmount.current, currency, saveCard).then(
      (p) => {
        if (gone) return p.destroy();
        payment.current = p;
        setState('ready');
        onReady(p);
      },
      (e: Error) => {
        if (gone) return;
        setState(e.message);
        onReady(e.message);
      },
    );
    return () => {
      gone = true;
      payment.current?.destroy();
      payment.current = null;
      onReady(null);
    };
    // Mounted once per checkout: the key, currency and kind of cart are the page's.
  }, [config.publishableKey, currency, saveCard]);

  useEffect(() => {
    if (amountCents > 0) payment.current?.setAmount(amountCents);
  }, [amountCents, state]);

  return (
    <fieldset className="stripe-payment" aria-busy={state === 'loading' ? true : undefined}>
      <legend>{t.payment}</legend>
      <div ref={box} className="stripe-payment-element" />
      {state === 'loading' ? <p className="stripe-loading">{t.loadingCardPayment}</p> : null}
      {state !== 'loading' && state !== 'ready' ? <p className="field-error" role="alert">{state}</p> : null}
    </fieldset>
  );
}
