import { lazy, Suspense, useState } from 'react';
import type { BillingView } from '../../../../edge/services/billing/index.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatDate, formatMoney } from '../../format.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import './billing.css';

const BASE = '/api/owner/billing';

/** Stripe's card form: its own chunk, loaded only on a deployment billing through Stripe. */
const StripeCard = lazy(() => import('./stripe-card.js'));

/**
 * Whether this document was loaded at a billing path: only there does the page's CSP let
 * Stripe.js in (edge/middleware/security-headers), so a client-side arrival loads the page afresh.
 */
function documentAtBilling(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const loaded = new URL(entry?.name ?? window.location.href, window.location.href);
  return /^\/config\/billing(\/|$)/.test(loaded.pathname);
}

/** The plan a fresh load asked for (`?plan=`), to open Stripe's card form at once. */
const planAsked = () => new URLSearchParams(window.location.search).get('plan');

const FEATURE_TEXT: Record<string, string> = {
  analytics: 'Analytics',
  commerce: 'Selling online',
  giftCards: 'Gift cards',
  members: 'Member areas',
  subscriptions: 'Product subscriptions',
  invoicing: 'Invoicing',
  instalmentProviders: 'Instalment payments',
};

const STATE_TEXT: Record<string, string> = { trial: 'Trial', expired: 'Expired', paid: 'Paid', pastDue: 'Past due', comped: 'Complimentary' };

/**
 * /config/billing (and its SPEC §2 upgrade destinations /config/billing/upgrade and
 * /config/billing/website-subscriptions): the site's plan, state and trial days; choose a
 * plan to upgrade, or renew an expired site (docs/api/billing.md).
 */
export function BillingScreen({ heading }: { heading: string }) {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad('billing', () => ownerFetch<BillingView>('GET', BASE));
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState<string | null>(planAsked);

  const choose = (plan: string) => {
    if (result.state === 'ready' && result.data.stripePublishableKey) {
      if (!documentAtBilling()) return window.location.assign(`${window.location.pathname}?plan=${encodeURIComponent(plan)}`);
      setError(null);
      return setPaying(plan);
    }
    setBusy(plan);
    setError(null);
    ownerFetch<BillingView>('POST', BASE + '/subscribe', { plan, ...(card.trim() ? { card: card.trim() } : {}) }).then(
      // The shell's banner and navigation follow the new state on a fresh load.
      () => window.location.assign('/config/billing'),
      (err: unknown) => {
        setBusy(null);
        setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
      },
    );
  };

  return (
    <div className="billing-screen">
      <h1>{heading}</h1>
      {result.state === 'loading' ? <Skeleton label="Loading billing" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        <>
          <dl className="billing-summary">
            <dt>Plan</dt>
            <dd data-billing-plan>{result.data.planName}</dd>
            <dt>State</dt>
            <dd data-billing-state>{STATE_TEXT[result.data.stateName] ?? result.data.stateName}</dd>
            {result.data.trialDaysLeft !== null ? (
              <>
                <dt>Trial</dt>
                <dd data-billing-trial>
                  {result.data.trialDaysLeft} {result.data.trialDaysLeft === 1 ? 'day' : 'days'} left
                  {result.data.trialEndsOn !== null ? ` (last day ${formatDate(result.data.trialEndsOn - 1, timeZone)})` : ''}
                </dd>
              </>
            ) : null}
          </dl>
          {result.data.expired ? (
            <p className="billing-expired" role="alert">
              Visitors see a “not available” page. Choose a plan to renew: your pages, products and orders come back as they were.
            </p>
          ) : null}
          {result.data.provider === 'test' ? (
            <TextField label="Card number (test billing)" hint="Any card pays except 4000 0000 0000 0002, which is declined." value={card} onChange={(e) => setCard(e.target.value)} inputMode="numeric" autoComplete="off" />
          ) : null}
          {error ? (
            <p className="billing-error" role="alert">
              {error}
            </p>
          ) : null}
          {result.data.stripePublishableKey && paying ? (
            (() => {
              const plan = result.data.plans.find((p) => p.id === paying);
              return plan ? (
                <Suspense fallback={<Skeleton label="Loading the card form" />}>
                  <StripeCard publishableKey={result.data.stripePublishableKey} plan={plan} onCancel={() => setPaying(null)} />
                </Suspense>
              ) : null;
            })()
          ) : null}
          <ul className="billing-plans">
            {result.data.plans.map((p) => {
              const current = p.id === result.data.plan && result.data.state === 8;
              const label = result.data.expired ? `Renew on ${p.name}` : current ? 'Current plan' : `Choose ${p.name}`;
              return (
                <li key={p.id} className="billing-plan" data-plan={p.id}>
                  <h2>{p.name}</h2>
                  <p className="billing-price">{formatMoney(p.monthlyCents, 'USD')} a month</p>
                  <ul>
                    {p.features.map((f) => (
                      <li key={f}>{FEATURE_TEXT[f] ?? f}</li>
                    ))}
                  </ul>
                  <Button onClick={() => choose(p.id)} disabled={current || busy !== null || (paying === p.id && result.data.stripePublishableKey !== null)} busy={busy === p.id}>
                    {busy === p.id ? 'Paying…' : label}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
