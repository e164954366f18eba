import { useCallback, useEffect, useState } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { minorText, parseMinor, SETTINGS_API, settingsWrite } from '../../checkout-settings-client.js';
import { DeleteActions, EditActions, useVersionedRows } from '../../use-versioned-rows.js';
import { formatMoney } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';

interface Rate {
  kind: 'flat' | 'weight' | 'value' | 'free-over' | 'pickup';
  id?: string;
  name: string;
  amountCents?: number;
  freeFromCents?: number;
  tiers?: { upToGrams?: number; upToCents?: number; amountCents: number }[];
}
interface Zone { id: string; name: string; countries: string[]; regions: string[]; rates: Rate[]; position: number; version: number }
interface ZonesAnswer { zones: Zone[]; currency: string; fractionDigits: number }

const KINDS = [
  { value: 'flat', label: 'Flat rate' },
  { value: 'free-over', label: 'Free over an amount' },
  { value: 'weight', label: 'By weight' },
  { value: 'value', label: 'By order value' },
  { value: 'pickup', label: 'Local pickup' },
] as const;

/** A rate as the dialog edits it: amounts as typed text. */
interface RateDraft { kind: Rate['kind']; id?: string; name: string; amount: string; freeFrom: string; tiers: { upTo: string; amount: string }[] }
interface ZoneDraft { name: string; countries: string; regions: string; rates: RateDraft[] }

const API = `${SETTINGS_API}/shipping-zones`;

function describeRate(rate: Rate, currency: string): string {
  const money = (n: number | undefined) => formatMoney(n ?? 0, currency);
  switch (rate.kind) {
    case 'flat':
      return money(rate.amountCents);
    case 'pickup':
      return 'Free (local pickup)';
    case 'free-over':
      return `${money(rate.amountCents)}, free from ${money(rate.freeFromCents)}`;
    case 'weight':
      return (rate.tiers ?? []).map((t) => `up to ${t.upToGrams} g: ${money(t.amountCents)}`).join('; ');
    case 'value':
      return (rate.tiers ?? []).map((t) => `orders up to ${money(t.upToCents)}: ${money(t.amountCents)}`).join('; ');
  }
}

function draftOf(zone: Zone | undefined, digits: number): ZoneDraft {
  if (!zone) return { name: '', countries: '', regions: '', rates: [{ kind: 'flat', name: 'Standard', amount: '', freeFrom: '', tiers: [] }] };
  return {
    name: zone.name,
    countries: zone.countries.join(', '),
    regions: zone.regions.join(', '),
    rates: zone.rates.map((r) => ({
      kind: r.kind, ...(r.id ? { id: r.id } : {}), name: r.name, amount: minorText(r.amountCents, digits), freeFrom: minorText(r.freeFromCents, digits),
      tiers: (r.tiers ?? []).map((t) => ({ upTo: r.kind === 'weight' ? String(t.upToGrams ?? '') : minorText(t.upToCents, digits), amount: minorText(t.amountCents, digits) })),
    })),
  };
}

const list = (text: string) => text.split(/[\s,]+/).map((s) => s.trim().toUpperCase()).filter(Boolean);

/** The body the API takes, or the client's own field messages (amounts that are no amounts). */
function bodyOf(draft: ZoneDraft, digits: number): { body?: unknown; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const money = (text: string, key: string) => {
    const n = parseMinor(text, digits);
    if (n === undefined) errors[key] = digits === 0 ? 'Enter an amount in whole units.' : 'Enter an amount such as 8.00.';
    return n ?? 0;
  };
  const rates = draft.rates.map((r, i) => {
    const base = { kind: r.kind, ...(r.id ? { id: r.id } : {}), name: r.name };
    switch (r.kind) {
      case 'flat':
        return { ...base, amountCents: money(r.amount, `rates.${i}.amountCents`) };
      case 'pickup':
        return base;
      case 'free-over':
        return { ...base, amountCents: money(r.amount, `rates.${i}.amountCents`), freeFromCents: money(r.freeFrom, `rates.${i}.freeFromCents`) };
      case 'weight':
        return { ...base, tiers: r.tiers.map((t, j) => ({ upToGrams: Number(t.upTo) || 0, amountCents: money(t.amount, `rates.${i}.tiers.${j}.amountCents`) })) };
      case 'value':
        return { ...base, tiers: r.tiers.map((t, j) => ({ upToCents: money(t.upTo, `rates.${i}.tiers.${j}.upToCents`), amountCents: money(t.amount, `rates.${i}.tiers.${j}.amountCents`) })) };
    }
  });
  if (Object.keys(errors).length) return { errors };
  return { body: { name: draft.name, countries: list(draft.countries), regions: list(draft.regions), rates }, errors };
}

/**
 * /config/shipping: the store's shipping zones in checkout order, each with its rates (flat,
 * free over an amount, by weight, by order value, local pickup). Add and edit in a dialog
 * (errors beside each field), move zones up and down, delete after a confirmation. Amounts are
 * typed in the store currency (JPY without decimals).
 */
export function ShippingScreen() {
  const toast = useToast();
  const [load, setLoad] = useState<{ state: 'loading' } | { state: 'error'; message: string } | ({ state: 'ready' } & ZonesAnswer)>({ state: 'loading' });
  const [editing, setEditing] = useState<{ zone?: Zone; draft: ZoneDraft } | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refresh = useCallback(async () => {
    try {
      const answer = await ownerFetch<ZonesAnswer>('GET', API);
      setLoad({ state: 'ready', ...answer });
    } catch (error) {
      setLoad({ state: 'error', message: error instanceof OwnerApiError ? error.message : TEXT.loadRetry });
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);
  const { busy, failure, setFailure, deleting, setDeleting, write, remove } = useVersionedRows<Zone>(API, refresh);

  if (load.state === 'loading') return (<><h1>Shipping</h1><Skeleton label="Loading shipping zones" /></>);
  if (load.state === 'error') return (<><h1>Shipping</h1><ErrorPanel message={load.message} onRetry={() => void refresh()} /></>);
  const { zones, currency, fractionDigits: digits } = load;

  const open = (zone?: Zone) => {
    setErrors({});
    setFailure('');
    setEditing({ ...(zone ? { zone } : {}), draft: draftOf(zone, digits) });
  };
  const change = (update: (d: ZoneDraft) => ZoneDraft, field?: string) => {
    setEditing((e) => (e ? { ...e, draft: update(e.draft) } : e));
    if (field) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const setRate = (i: number, patch: Partial<RateDraft>, field?: string) =>
    change((d) => ({ ...d, rates: d.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) }), field);

  const save = async () => {
    if (!editing) return;
    const { body, errors: found } = bodyOf(editing.draft, digits);
    setErrors(found);
    setFailure('');
    if (!body) return;
    const zone = editing.zone;
    await write(
      () => (zone ? settingsWrite('PUT', `${API}/${encodeURIComponent(zone.id)}`, zone.version, body) : settingsWrite('POST', API, null, body)),
      `Shipping zone ${editing.draft.name.trim()} saved.`,
      () => setEditing(undefined),
      setErrors,
    );
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = zones.map((z) => z.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await settingsWrite('PUT', `${API}/order`, null, { ids });
      await refresh();
      toast(`${zones[index]!.name} moved ${by < 0 ? 'up' : 'down'}.`);
    } catch (error) {
      toast(error instanceof OwnerApiError ? error.message : TEXT.failed);
    }
  };


  const draft = editing?.draft;
  return (
    <>
      <h1>Shipping</h1>
      <p>Checkout offers the rates of the most specific zone for the shopper’s address: a region, then a country, then the rest of the world (*). Amounts are in {currency}.</p>
      <div>
        <Button onClick={() => open()}>Add shipping zone</Button>
      </div>
      {zones.length === 0 ? (
        <EmptyState title="No shipping zones yet">
          <p>Shoppers cannot check out physical products until a zone covers their address.</p>
        </EmptyState>
      ) : (
        <ol className="owner-list" aria-label="Shipping zones">
          {zones.map((zone, i) => (
            <li key={zone.id} className="owner-panel" data-zone={zone.name}>
              <h2>{zone.name}</h2>
              <p>
                {zone.countries.includes('*') ? 'Rest of the world' : zone.countries.join(', ')}
                {zone.regions.length ? ` (regions ${zone.regions.join(', ')})` : ''}
              </p>
              <ul>
                {zone.rates.map((rate) => (
                  <li key={rate.id} data-rate={rate.name}>
                    <strong>{rate.name}</strong>: {describeRate(rate, currency)}
                  </li>
                ))}
              </ul>
              <span className="owner-row-actions">
                <Button variant="secondary" onClick={() => open(zone)} aria-label={`Edit ${zone.name}`}>Edit</Button>
                <Button variant="secondary" disabled={i === 0} onClick={() => void move(i, -1)} aria-label={`Move up ${zone.name}`}>Move up</Button>
                <Button variant="secondary" disabled={i === zones.length - 1} onClick={() => void move(i, 1)} aria-label={`Move down ${zone.name}`}>Move down</Button>
                <Button variant="danger" onClick={() => setDeleting(zone)} aria-label={`Delete ${zone.name}`}>Delete</Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <Dialog
        open={editing !== undefined}
        drawer
        title={editing?.zone ? `Edit ${editing.zone.name}` : 'Add shipping zone'}
        onClose={() => setEditing(undefined)}
        actions={<EditActions onCancel={() => setEditing(undefined)} onSave={() => void save()} busy={busy} saveLabel="Save zone" />}
      >
        {draft ? (
          <form className="owner-form" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
            <TextField label="Zone name" value={draft.name} maxLength={100} error={errors.name} onChange={(e) => change((d) => ({ ...d, name: e.target.value }), 'name')} />
            <TextField label="Countries" hint="Two-letter codes separated by commas (US, CA), or * for the rest of the world" value={draft.countries} error={errors.countries ?? errors['countries.0']}
              onChange={(e) => change((d) => ({ ...d, countries: e.target.value }), 'countries')} />
            <TextField label="Regions (optional)" hint="Region codes of the one country, for example NY, NJ" value={draft.regions} error={errors.regions ?? Object.entries(errors).find(([k]) => k.startsWith('regions.'))?.[1]}
              onChange={(e) => change((d) => ({ ...d, regions: e.target.value }), 'regions')} />
            {errors.rates ? <p className="ui-field-error" data-field-error>{errors.rates}</p> : null}
            {draft.rates.map((rate, i) => (
              <fieldset key={i} className="owner-panel" data-rate-editor={i}>
                <legend>Rate {i + 1}</legend>
                <SelectField label="Kind" value={rate.kind} options={KINDS} onChange={(e) => setRate(i, { kind: e.target.value as Rate['kind'], tiers: rate.tiers.length ? rate.tiers : [{ upTo: '', amount: '' }] })} />
                <TextField label="Rate name" value={rate.name} maxLength={100} error={errors[`rates.${i}.name`]} onChange={(e) => setRate(i, { name: e.target.value }, `rates.${i}.name`)} />
                {rate.kind === 'flat' || rate.kind === 'free-over' ? (
                  <TextField label={`Price (${currency})`} inputMode="decimal" value={rate.amount} error={errors[`rates.${i}.amountCents`]} onChange={(e) => setRate(i, { amount: e.target.value }, `rates.${i}.amountCents`)} />
                ) : null}
                {rate.kind === 'free-over' ? (
                  <TextField label={`Free for orders from (${currency})`} inputMode="decimal" value={rate.freeFrom} error={errors[`rates.${i}.freeFromCents`]} onChange={(e) => setRate(i, { freeFrom: e.target.value }, `rates.${i}.freeFromCents`)} />
                ) : null}
                {rate.kind === 'weight' || rate.kind === 'value' ? (
                  <>
                    {errors[`rates.${i}.tiers`] ? <p className="ui-field-error" data-field-error>{errors[`rates.${i}.tiers`]}</p> : null}
                    {rate.tiers.map((tier, j) => (
                      <div key={j} className="owner-columns">
                        <TextField label={rate.kind === 'weight' ? `Tier ${j + 1}: up to (grams)` : `Tier ${j + 1}: orders up to (${currency})`} inputMode="decimal" value={tier.upTo}
                          error={errors[`rates.${i}.tiers.${j}.${rate.kind === 'weight' ? 'upToGrams' : 'upToCents'}`]}
                          onChange={(e) => setRate(i, { tiers: rate.tiers.map((t, k) => (k === j ? { ...t, upTo: e.target.value } : t)) }, `rates.${i}.tiers.${j}.${rate.kind === 'weight' ? 'upToGrams' : 'upToCents'}`)} />
                        <TextField label={`Tier ${j + 1}: price (${currency})`} inputMode="decimal" value={tier.amount} error={errors[`rates.${i}.tiers.${j}.amountCents`]}
                          onChange={(e) => setRate(i, { tiers: rate.tiers.map((t, k) => (k === j ? { ...t, amount: e.target.value } : t)) }, `rates.${i}.tiers.${j}.amountCents`)} />
                      </div>
                    ))}
                    <Button variant="secondary" onClick={() => setRate(i, { tiers: [...rate.tiers, { upTo: '', amount: '' }] })}>Add tier</Button>
                  </>
                ) : null}
                <Button variant="secondary" disabled={draft.rates.length === 1} onClick={() => change((d) => ({ ...d, rates: d.rates.filter((_, j) => j !== i) }))}>Remove rate {i + 1}</Button>
              </fieldset>
            ))}
            <Button variant="secondary" onClick={() => change((d) => ({ ...d, rates: [...d.rates, { kind: 'flat', name: '', amount: '', freeFrom: '', tiers: [] }] }))}>Add rate</Button>
            {failure ? <p role="alert">{failure}</p> : null}
          </form>
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.name ?? ''}?`}
        onClose={() => setDeleting(undefined)}
        actions={<DeleteActions onCancel={() => setDeleting(undefined)} onDelete={() => void remove((z) => `Shipping zone ${z.name} deleted.`)} busy={busy} />}
      >
        <p>Addresses in this zone fall to the next zone that covers them, or cannot be shipped to.</p>
        {failure ? <p role="alert">{failure}</p> : null}
      </Dialog>
    </>
  );
}
