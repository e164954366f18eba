import { useState, type FormEvent, type ReactNode } from 'react';
import { donationLimits } from '../../../../domain/commerce/donations.js';
import { INSTALMENT_PROVIDERS, STORE_CURRENCIES, type PaymentsView } from '../../../../domain/commerce/preferences.js';
import { fractionDigits } from '../../../../domain/money/fraction-digits.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { formatMoney } from '../../format.js';
import { Button } from '../../ui/button.js';
import { SelectField, Switch, TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useNamespace, type NamespaceForm } from './use-namespace.js';

const CURRENCY_OPTIONS = STORE_CURRENCIES.map((c) => ({ value: c, label: `${c} (${fractionDigits(c)} decimal${fractionDigits(c) === 1 ? '' : 's'})` }));
const PROVIDER_OPTIONS = Object.entries(INSTALMENT_PROVIDERS).map(([p, locales]) => ({ value: p, label: `${p[0]!.toUpperCase()}${p.slice(1)} (${locales.join(', ')})` }));
const SECTIONS = [
  ['store', 'Store'],
  ['checkout', 'Checkout'],
  ['tax', 'Tax'],
  ['instalments', 'Instalments'],
  ['email', 'Email'],
  ['payments', 'Payments'],
  ['donations', 'Donations'],
] as const;
type Section = (typeof SECTIONS)[number][0];

/** A whole number typed in a field, or the text itself when it is none (zod then names the problem). */
const numberOf = (text: string): number => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : (text as unknown as number));

/** One namespace's form: loading and error states, the fields, Save, and its messages. */
function SectionForm<T>({ form, title, children, saved }: { form: NamespaceForm<T>; title: string; children: (v: T) => ReactNode; saved: string }) {
  const toast = useToast();
  if (form.loadError) return <ErrorPanel message={form.loadError} />;
  if (!form.value) return <Skeleton rows={4} label={`Loading ${title.toLowerCase()} settings`} />;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await form.save()) toast(saved);
  };
  return (
    <form className="owner-form" noValidate onSubmit={(e) => void submit(e)} aria-label={`${title} settings`}>
      {children(form.value)}
      <div>
        <Button type="submit" busy={form.saving} disabled={!form.dirty}>
          Save {title.toLowerCase()} settings
        </Button>
      </div>
      {form.failure ? <p role="alert">{form.failure}</p> : null}
    </form>
  );
}

function StoreSection() {
  const form = useNamespace('store');
  return (
    <SectionForm form={form} title="Store" saved="Store settings saved.">
      {(v) => (
        <>
          <SelectField label="Store currency" value={v.currency} options={CURRENCY_OPTIONS} onChange={(e) => form.set('currency', e.target.value as typeof v.currency)} />
          <p className="owner-hint">
            Prices keep their number when the currency changes (10.00 USD becomes 10 JPY). Orders already placed keep their currency. The change is refused while an open cart holds items.
          </p>
          {form.errors.currency ? <p role="alert" data-field-error>{form.errors.currency}</p> : null}
          <Switch checked={v.multipleQuantityAllowedForServices} onChange={(on) => form.set('multipleQuantityAllowedForServices', on)}>
            Shoppers may buy more than one of a service
          </Switch>
          <Switch checked={v.useCLDRMoneyFormat} onChange={(on) => form.set('useCLDRMoneyFormat', on)}>
            Format prices for each shopper's language (CLDR)
          </Switch>
          <Switch checked={v.expressCheckout} onChange={(on) => form.set('expressCheckout', on)}>
            Express checkout (a Buy now button on product pages)
          </Switch>
          <TextField label="Minutes a cart holds stock" type="number" min={1} max={1440} value={String(v.stockHoldMinutes)} error={form.errors.stockHoldMinutes} onChange={(e) => form.set('stockHoldMinutes', numberOf(e.target.value))} />
          <TextField label="Captcha site key" value={v.captchaSiteKey} maxLength={100} error={form.errors.captchaSiteKey} hint="The public key of the bot check on forms; leave empty for none." onChange={(e) => form.set('captchaSiteKey', e.target.value)} />
        </>
      )}
    </SectionForm>
  );
}

function CheckoutSection() {
  const form = useNamespace('checkout');
  return (
    <SectionForm form={form} title="Checkout" saved="Checkout settings saved.">
      {(v) => (
        <>
          <Switch checked={v.guestCheckout} onChange={(on) => form.set('guestCheckout', on)}>
            Guests may check out without an account
          </Switch>
          <Switch checked={v.collectPhoneNumber} onChange={(on) => form.set('collectPhoneNumber', on)}>
            Ask for a phone number
          </Switch>
        </>
      )}
    </SectionForm>
  );
}

function TaxSection() {
  const form = useNamespace('tax');
  return (
    <SectionForm form={form} title="Tax" saved="Tax settings saved.">
      {(v) => (
        <>
          <Switch checked={v.pricesIncludeTax} onChange={(on) => form.set('pricesIncludeTax', on)}>
            Prices include tax
          </Switch>
          <p className="owner-hint">
            On: the prices you enter (products and shipping) already include tax. Checkout takes the tax of the shopper&apos;s region out of them instead of adding it, and the store says &ldquo;Price includes tax&rdquo;. Off: each tax rule says whether it is added or included.
          </p>
        </>
      )}
    </SectionForm>
  );
}

function InstalmentsSection({ currency }: { currency: string }) {
  const form = useNamespace('installments');
  return (
    <SectionForm form={form} title="Instalments" saved="Instalment settings saved.">
      {(v) => (
        <>
          <Switch checked={v.enabled} onChange={(on) => form.set('enabled', on)}>
            Show instalment messaging on product pages
          </Switch>
          <SelectField label="Provider" value={v.provider} options={PROVIDER_OPTIONS} onChange={(e) => form.set('provider', e.target.value as typeof v.provider)} />
          {form.errors.provider ? <p role="alert" data-field-error>{form.errors.provider}</p> : null}
          <TextField label="Number of payments" type="number" min={2} max={12} value={String(v.numInstallments)} error={form.errors.numInstallments} onChange={(e) => form.set('numInstallments', numberOf(e.target.value))} />
          <TextField label="Smallest order (minor units)" type="number" min={0} value={String(v.minCents)} error={form.errors.minCents} hint={Number.isInteger(v.minCents) ? formatMoney(v.minCents, currency) : undefined} onChange={(e) => form.set('minCents', numberOf(e.target.value))} />
          <TextField label="Largest order (minor units)" type="number" min={0} value={String(v.maxCents)} error={form.errors.maxCents} hint={Number.isInteger(v.maxCents) ? formatMoney(v.maxCents, currency) : undefined} onChange={(e) => form.set('maxCents', numberOf(e.target.value))} />
        </>
      )}
    </SectionForm>
  );
}

/** Donation limits in the store's currency (a currency the owner never set uses the defaults, shown filled in). */
function DonationsSection({ currency }: { currency: string }) {
  const form = useNamespace('donations');
  return (
    <SectionForm form={form} title="Donations" saved="Donation settings saved.">
      {(v) => {
        const limits = donationLimits(currency, v.limits);
        const set = (key: 'minCents' | 'maxCents', text: string) => form.set('limits', { ...v.limits, [currency]: { ...limits, [key]: numberOf(text) } });
        const error = (key: string) => form.errors[`limits.${currency}.${key}`];
        return (
          <>
            <p className="owner-hint">The smallest and largest gift the donate page and the donation block take, in {currency}. Other currencies keep their own limits.</p>
            <TextField label="Smallest donation (minor units)" type="number" min={1} value={String(limits.minCents)} error={error('minCents')} hint={Number.isInteger(limits.minCents) ? formatMoney(limits.minCents, currency) : undefined} onChange={(e) => set('minCents', e.target.value)} />
            <TextField label="Largest donation (minor units)" type="number" min={1} value={String(limits.maxCents)} error={error('maxCents')} hint={Number.isInteger(limits.maxCents) ? formatMoney(limits.maxCents, currency) : undefined} onChange={(e) => set('maxCents', e.target.value)} />
          </>
        );
      }}
    </SectionForm>
  );
}

function EmailSection() {
  const form = useNamespace('email');
  return (
    <SectionForm form={form} title="Email" saved="Email settings saved.">
      {(v) => (
        <>
          <TextField label="Sender name" value={v.senderName} maxLength={100} error={form.errors.senderName} hint="The name shoppers see on order and gift card mails; empty uses the site title." onChange={(e) => form.set('senderName', e.target.value)} />
          <TextField label="Reply-to address" type="email" value={v.replyTo} maxLength={254} error={form.errors.replyTo} hint="Where shoppers' replies go; empty for none." onChange={(e) => form.set('replyTo', e.target.value)} />
        </>
      )}
    </SectionForm>
  );
}

function PaymentsSection() {
  const toast = useToast();
  const form = useNamespace<'payments', PaymentsView>('payments', ['stripeSecretKeyLast4', 'stripeSecretKeySource']);
  const [secret, setSecret] = useState('');
  const [keyError, setKeyError] = useState('');
  const [keyBusy, setKeyBusy] = useState('');
  const [connection, setConnection] = useState<{ ok: boolean; message: string } | undefined>();
  const [last4, setLast4] = useState<string | null | undefined>();
  const shownLast4 = last4 !== undefined ? last4 : (form.value?.stripeSecretKeyLast4 ?? null);

  const keyCall = async (what: 'store' | 'remove' | 'test') => {
    setKeyBusy(what);
    setKeyError('');
    setConnection(undefined);
    try {
      if (what === 'store') {
        const answer = await ownerFetch<{ stripeSecretKeyLast4: string }>('PUT', '/api/owner/payment-keys/stripe', { secretKey: secret.trim() });
        setLast4(answer.stripeSecretKeyLast4);
        setSecret('');
        toast(`Stripe secret key ending ${answer.stripeSecretKeyLast4} stored.`);
      } else if (what === 'remove') {
        await ownerFetch('DELETE', '/api/owner/payment-keys/stripe');
        setLast4(null);
        toast('Stripe secret key removed.');
      } else {
        setConnection(await ownerFetch<{ ok: boolean; message: string }>('POST', '/api/owner/payment-keys/stripe/test'));
      }
    } catch (e) {
      setKeyError(e instanceof OwnerApiError ? (e.fields.secretKey ?? e.message) : TEXT.failed);
    } finally {
      setKeyBusy('');
    }
  };

  return (
    <>
      <SectionForm form={form} title="Payments" saved="Payment settings saved.">
        {(v) => (
          <>
            <Switch checked={v.testProvider} onChange={(on) => form.set('testProvider', on)}>
              Take test-card payments (the local test provider; off once real payments are set up)
            </Switch>
            <TextField label="Stripe publishable key" value={v.stripePublishableKey} autoComplete="off" error={form.errors.stripePublishableKey} hint="pk_test_… or pk_live_…; the one key the browser may see." onChange={(e) => form.set('stripePublishableKey', e.target.value)} />
          </>
        )}
      </SectionForm>
      <section className="owner-panel" aria-labelledby="stripe-secret-heading">
        <h3 id="stripe-secret-heading">Stripe secret key</h3>
        <p data-stripe-key-state>
          {shownLast4 ? `A secret key ending ${shownLast4} is stored (encrypted).` : form.value?.stripeSecretKeySource === 'deployment' ? 'The deployment provides the secret key.' : 'No secret key is stored.'}
        </p>
        <form
          className="owner-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void keyCall('store');
          }}
        >
          <TextField label="New secret key" type="password" autoComplete="off" value={secret} error={keyError || undefined} hint="Stored encrypted on the server; it is never shown again, only its last four characters." onChange={(e) => setSecret(e.target.value)} />
          <div className="owner-row-actions">
            <Button type="submit" busy={keyBusy === 'store'} disabled={!secret.trim()}>
              Store key
            </Button>
            <Button variant="secondary" busy={keyBusy === 'test'} onClick={() => void keyCall('test')}>
              Test connection
            </Button>
            {shownLast4 ? (
              <Button variant="danger" busy={keyBusy === 'remove'} onClick={() => void keyCall('remove')}>
                Remove key
              </Button>
            ) : null}
          </div>
        </form>
        {connection ? (
          <p role="status" data-connection={connection.ok ? 'ok' : 'failed'}>
            {connection.message}
          </p>
        ) : null}
      </section>
    </>
  );
}

/**
 * /config/commerce-settings: the store's commerce preferences (SPEC §7, one namespace per
 * section: store, checkout, tax, instalments, email, payments, donations) and the Stripe secret key, which
 * the browser only ever sends, never reads (its last four characters are shown).
 */
export function CommerceSettingsScreen() {
  const [section, setSection] = useState<Section>('store');
  const store = useNamespace('store');
  return (
    <>
      <h1>Commerce settings</h1>
      <div role="tablist" aria-label="Settings sections" className="owner-tabs">
        {SECTIONS.map(([id, label]) => (
          <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={section === id} aria-controls={`panel-${id}`} onClick={() => setSection(id)}>
            {label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${section}`} aria-labelledby={`tab-${section}`} className="owner-panel">
        {section === 'store' ? <StoreSection key="store" /> : null}
        {section === 'checkout' ? <CheckoutSection /> : null}
        {section === 'tax' ? <TaxSection /> : null}
        {section === 'instalments' ? <InstalmentsSection currency={store.value?.currency ?? 'USD'} /> : null}
        {section === 'email' ? <EmailSection /> : null}
        {section === 'payments' ? <PaymentsSection /> : null}
        {section === 'donations' ? <DonationsSection currency={store.value?.currency ?? 'USD'} /> : null}
      </section>
    </>
  );
}
