import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import type { BillingView } from '../../../../edge/services/billing/index.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { formatMoney } from '../../format.js';
import { Button } from '../../ui/button.js';

const LOAD_FAILED = 'Card payments could not load. Please reload the page and try again.';

let stripeOnce: Promise<Stripe> | undefined;

/** Stripe.js on demand (the `pure` entry adds https://js.stripe.com's script only when called); a failed load is tried again next time. */
function stripeFor(publishableKey: string): Promise<Stripe> {
  stripeOnce ??= import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => stripe ?? Promise.reject(new Error(LOAD_FAILED)));
  return stripeOnce.catch((e: unknown) => {
    stripeOnce = undefined;
    throw e;
  });
}

interface Props {
  publishableKey: string;
  plan: { id: string; name: string; monthlyCents: number };
  onCancel: () => void;
}

/**
 * The card form of Stripe billing (docs/api/billing.md "Stripe in the browser"), loaded only
 * when plans are billed through Stripe: the server makes a SetupIntent for the plan, Stripe's
 * Payment Element collects the card (it never reaches Atelier), `confirmSetup` saves it, and
 * the server subscribes the site with it. The page's CSP names Stripe's hosts only on the
 * billing screen's paths.
 */
export default function StripeCard({ publishableKey, plan, onCancel }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'paying'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    let unmount: (() => void) | undefined;
    Promise.all([ownerFetch<{ clientSecret: string }>('POST', '/api/owner/billing/card-setup', { plan: plan.id }), stripeFor(publishableKey)]).then(
      ([{ clientSecret }, loaded]) => {
        if (gone || !container.current) return;
        const elements = loaded.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(container.current);
        unmount = () => element.destroy();
        stripe.current = { stripe: loaded, elements };
        setState('ready');
      },
      (err: unknown) => {
        if (!gone) setError(err instanceof OwnerApiError ? err.message : LOAD_FAILED);
      },
    );
    return () => {
      gone = true;
      unmount?.();
    };
  }, [plan.id, publishableKey]);

  const pay = async () => {
    const ready = stripe.current;
    if (!ready) return;
    setState('paying');
    setError(null);
    const { error: refused, setupIntent } = await ready.stripe.confirmSetup({
      elements: ready.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    if (refused || !setupIntent) {
      setState('ready');
      setError(refused?.message ?? TEXT.failed);
      return;
    }
    try {
      await ownerFetch<BillingView>('POST', '/api/owner/billing/subscribe', { plan: plan.id, setupIntent: setupIntent.id });
      // The shell's banner and navigation follow the new state on a fresh load.
      window.location.assign('/config/billing');
    } catch (err) {
      setState('ready');
      setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
    }
  };

  return (
    <section className="billing-card" aria-labelledby="billing-card-heading">
      <h2 id="billing-card-heading">Pay for {plan.name}</h2>
      <p className="billing-price">{formatMoney(plan.monthlyCents, 'USD')} a month, charged to this card.</p>
      <div ref={container} className="billing-card-element" aria-busy={state === 'loading' || undefined} />
      {error ? (
        <p className="billing-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="billing-card-actions">
        <Button onClick={() => void pay()} disabled={state === 'loading'} busy={state === 'paying'}>
          {state === 'paying' ? 'Paying…' : `Pay ${formatMoney(plan.monthlyCents, 'USD')} a month`}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={state === 'paying'}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
