import { useCallback, useEffect, useState } from 'react';
import { REGIONS } from '../../../../domain/postal-codes/region-tables.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { SETTINGS_API, settingsWrite } from '../../checkout-settings-client.js';
import { DeleteActions, EditActions, useVersionedRows } from '../../use-versioned-rows.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';

interface TaxRule { id: string; name: string; country: string; region: string | null; rateBps: number; inclusive: boolean; appliesToShipping: boolean; version: number }
interface Draft { name: string; country: string; region: string; rate: string; inclusive: boolean; appliesToShipping: boolean }

const API = `${SETTINGS_API}/tax-rules`;

/** '8.25' or '8.25 %' -> 825 basis points (at most two decimals); undefined for anything else. */
function percentToBps(text: string): number | undefined {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
}

const percent = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/**
 * /config/taxes: tax rates per country or region (SPEC §3 region tables), each added on top of
 * prices or included in them (VAT style), with or without shipping. The region a shopper pays
 * comes from the postcode where the postcode decides it (US, Canada).
 */
export function TaxesScreen() {
  const [load, setLoad] = useState<{ state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; rules: TaxRule[] }>({ state: 'loading' });
  const [editing, setEditing] = useState<{ rule?: TaxRule; draft: Draft } | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refresh = useCallback(async () => {
    try {
      setLoad({ state: 'ready', rules: (await ownerFetch<{ taxRules: TaxRule[] }>('GET', API)).taxRules });
    } catch (error) {
      setLoad({ state: 'error', message: error instanceof OwnerApiError ? error.message : TEXT.loadRetry });
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);
  const { busy, failure, setFailure, deleting, setDeleting, write, remove } = useVersionedRows<TaxRule>(API, refresh);

  if (load.state === 'loading') return (<><h1>Taxes</h1><Skeleton label="Loading tax rules" /></>);
  if (load.state === 'error') return (<><h1>Taxes</h1><ErrorPanel message={load.message} onRetry={() => void refresh()} /></>);

  const open = (rule?: TaxRule) => {
    setErrors({});
    setFailure('');
    setEditing({
      ...(rule ? { rule } : {}),
      draft: rule
        ? { name: rule.name, country: rule.country, region: rule.region ?? '', rate: String(rule.rateBps / 100), inclusive: rule.inclusive, appliesToShipping: rule.appliesToShipping }
        : { name: '', country: 'US', region: '', rate: '', inclusive: false, appliesToShipping: false },
    });
  };
  const change = (patch: Partial<Draft>, field?: string) => {
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
    if (field) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const save = async () => {
    if (!editing) return;
    const { draft, rule } = editing;
    const rateBps = percentToBps(draft.rate);
    if (rateBps === undefined) return setErrors({ rateBps: 'Enter a rate such as 8.25.' });
    setFailure('');
    const body = { name: draft.name, country: draft.country.trim().toUpperCase(), region: draft.region || null, rateBps, inclusive: draft.inclusive, appliesToShipping: draft.appliesToShipping };
    await write(
      () => (rule ? settingsWrite('PUT', `${API}/${encodeURIComponent(rule.id)}`, rule.version, body) : settingsWrite('POST', API, null, body)),
      `Tax rule ${draft.name.trim()} saved.`,
      () => setEditing(undefined),
      setErrors,
    );
  };

  const draft = editing?.draft;
  const regions = draft ? REGIONS[draft.country.trim().toUpperCase()] : undefined;
  return (
    <>
      <h1>Taxes</h1>
      <div>
        <Button onClick={() => open()}>Add tax rule</Button>
      </div>
      {load.rules.length === 0 ? (
        <EmptyState title="No tax rules yet">
          <p>Checkout adds no tax until you add a rate for a country or region.</p>
        </EmptyState>
      ) : (
        <table className="owner-table" aria-label="Tax rules">
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Where</th><th scope="col">Rate</th><th scope="col">Prices</th><th scope="col">Shipping</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {load.rules.map((rule) => (
              <tr key={rule.id} data-rule={rule.name}>
                <td>{rule.name}</td>
                <td>{rule.country}{rule.region ? ` – ${rule.region}` : ' (whole country)'}</td>
                <td>{percent(rule.rateBps)}</td>
                <td>{rule.inclusive ? 'Included in prices' : 'Added at checkout'}</td>
                <td>{rule.appliesToShipping ? 'Taxed' : 'Not taxed'}</td>
                <td className="owner-row-actions">
                  <Button variant="secondary" onClick={() => open(rule)} aria-label={`Edit ${rule.name}`}>Edit</Button>
                  <Button variant="danger" onClick={() => setDeleting(rule)} aria-label={`Delete ${rule.name}`}>Delete</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog
        open={editing !== undefined}
        title={editing?.rule ? `Edit ${editing.rule.name}` : 'Add tax rule'}
        onClose={() => setEditing(undefined)}
        actions={<EditActions onCancel={() => setEditing(undefined)} onSave={() => void save()} busy={busy} saveLabel="Save tax rule" />}
      >
        {draft ? (
          <form className="owner-form" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
            <TextField label="Name" value={draft.name} maxLength={100} error={errors.name} onChange={(e) => change({ name: e.target.value }, 'name')} />
            <TextField label="Country" hint="Two-letter code, for example US" value={draft.country} maxLength={2} error={errors.country} onChange={(e) => change({ country: e.target.value, region: '' }, 'country')} />
            {regions ? (
              <SelectField label="Region" value={draft.region} options={[{ value: '', label: 'Whole country' }, ...regions.map(([code, name]) => ({ value: code, label: name }))]}
                onChange={(e) => change({ region: e.target.value }, 'region')} />
            ) : null}
            {errors.region ? <p className="ui-field-error" data-field-error>{errors.region}</p> : null}
            <TextField label="Rate (%)" inputMode="decimal" value={draft.rate} error={errors.rateBps} onChange={(e) => change({ rate: e.target.value }, 'rateBps')} />
            <Checkbox label="Prices already include this tax" checked={draft.inclusive} onChange={(e) => change({ inclusive: e.target.checked })} />
            <Checkbox label="Charge this tax on shipping too" checked={draft.appliesToShipping} onChange={(e) => change({ appliesToShipping: e.target.checked })} />
            {failure ? <p role="alert">{failure}</p> : null}
          </form>
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.name ?? ''}?`}
        onClose={() => setDeleting(undefined)}
        actions={<DeleteActions onCancel={() => setDeleting(undefined)} onDelete={() => void remove((r) => `Tax rule ${r.name} deleted.`)} busy={busy} />}
      >
        <p>Checkout stops charging it at once.</p>
        {failure ? <p role="alert">{failure}</p> : null}
      </Dialog>
    </>
  );
}
