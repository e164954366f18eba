import { useEffect, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import { ownerFetch } from '../../api.js';
import { minorText, parseMinor, SETTINGS_API, settingsWrite } from '../../checkout-settings-client.js';
import { DeleteActions, EditActions, useVersionedRows } from '../../use-versioned-rows.js';
import { useOwner } from '../../context.js';
import { actionsColumn, moneyColumn } from '../../data-table/columns.js';
import { DataTable } from '../../data-table/data-table.js';
import { formatDate, formatMoney } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';

type Effect = { kind: 'percentage'; percentBps: number } | { kind: 'fixed'; amountCents: number } | { kind: 'free-shipping' };
interface Coupon {
  id: string; code: string; effect: Effect; minSubtotalCents: number | null; startsAt: number | null; endsAt: number | null;
  usageLimit: number | null; perCustomerLimit: number | null; timesUsed: number; productIds: string[]; categoryIds: string[]; version: number;
}
interface Draft {
  code: string; kind: Effect['kind']; value: string; minimum: string; starts: string; ends: string; usageLimit: string; perCustomerLimit: string;
  productIds: string[]; categoryIds: string[];
}
interface Choice { id: string; name: string }

const API = `${SETTINGS_API}/coupons`;
const column = createColumnHelper<Coupon>();
const KINDS = [
  { value: 'percentage', label: 'Percentage off' },
  { value: 'fixed', label: 'Fixed amount off' },
  { value: 'free-shipping', label: 'Free shipping' },
];

/** A yyyy-mm-dd day as the start of that day in the owner's browser, and back. */
const dayToMs = (day: string) => (day ? new Date(`${day}T00:00:00`).getTime() : null);
const msToDay = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const count = (text: string) => (text.trim() === '' ? null : /^\d{1,9}$/.test(text.trim()) ? Number(text) : Number.NaN);

function draftOf(c: Coupon | undefined, digits: number): Draft {
  if (!c) return { code: '', kind: 'percentage', value: '', minimum: '', starts: '', ends: '', usageLimit: '', perCustomerLimit: '', productIds: [], categoryIds: [] };
  const e = c.effect;
  return {
    code: c.code, kind: e.kind, value: e.kind === 'percentage' ? String(e.percentBps / 100) : e.kind === 'fixed' ? minorText(e.amountCents, digits) : '',
    minimum: minorText(c.minSubtotalCents, digits), starts: msToDay(c.startsAt), ends: msToDay(c.endsAt),
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit), perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
    productIds: c.productIds, categoryIds: c.categoryIds,
  };
}

/** The store's products and store categories, for the "applies to" choices. */
async function loadChoices(): Promise<{ products: Choice[]; categories: Choice[] }> {
  const products = (await ownerFetch<{ products: { id: string; title: string }[] }>('GET', '/api/owner/products?limit=200')).products.map((p) => ({ id: p.id, name: p.title }));
  const { collections } = await ownerFetch<{ collections: { id: string; type: number }[] }>('GET', '/api/owner/tags');
  const categories: Choice[] = [];
  for (const store of collections) {
    const tags = await ownerFetch<{ categories?: { id: string | null; name: string; type: string | null }[] }>('GET', `/api/owner/tags/${encodeURIComponent(store.id)}`);
    for (const c of tags.categories ?? []) if (c.id && c.type === 'category') categories.push({ id: c.id, name: c.name });
  }
  return { products, categories };
}

/**
 * /config/coupons: the store's coupon codes in the data table with how often each was used,
 * and a dialog to create or edit one: percentage, fixed amount or free shipping, minimum order,
 * start and end days, usage limits in total and per customer, and the products or categories it
 * applies to. Checkout enforces the limits atomically.
 */
export function CouponsScreen() {
  const { timeZone } = useOwner();
  const [version, setVersion] = useState(0);
  const [money, setMoney] = useState({ currency: 'USD', fractionDigits: 2 });
  const [editing, setEditing] = useState<{ coupon?: Coupon; draft: Draft } | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, deleting, setDeleting, write, remove } = useVersionedRows<Coupon>(API, () => setVersion((v) => v + 1));
  const [choices, setChoices] = useState<{ products: Choice[]; categories: Choice[] } | undefined>();
  const digits = money.fractionDigits;

  useEffect(() => {
    if (editing && !choices) loadChoices().then(setChoices, () => setChoices({ products: [], categories: [] }));
  }, [editing, choices]);

  const describe = (c: Coupon) =>
    c.effect.kind === 'percentage' ? `${c.effect.percentBps / 100} % off` : c.effect.kind === 'fixed' ? `${formatMoney(c.effect.amountCents, money.currency)} off` : 'Free shipping';

  const columns = useMemo(
    () => [
      column.accessor('code', { header: 'Code', enableSorting: false }),
      column.display({ id: 'discount', header: 'Discount', enableSorting: false, cell: (c) => describe(c.row.original) }),
      moneyColumn(column, 'minSubtotalCents', { header: 'Minimum order', currency: money.currency, empty: 'None' }),
      column.display({
        id: 'when', header: 'Active', enableSorting: false,
        cell: (c) => {
          const { startsAt, endsAt } = c.row.original;
          if (startsAt === null && endsAt === null) return 'Always';
          return `${startsAt === null ? 'Now' : formatDate(startsAt, timeZone)} – ${endsAt === null ? 'no end' : formatDate(endsAt, timeZone)}`;
        },
      }),
      column.accessor('timesUsed', {
        header: 'Used', enableSorting: false,
        cell: (c) => `${c.getValue()}${c.row.original.usageLimit === null ? '' : ` of ${c.row.original.usageLimit}`}${c.row.original.perCustomerLimit === null ? '' : ` (${c.row.original.perCustomerLimit} per customer)`}`,
      }),
      actionsColumn(column, (c) => (
        <span className="owner-row-actions">
          <Button variant="secondary" aria-label={`Edit ${c.row.original.code}`} onClick={() => open(c.row.original)}>Edit</Button>
          <Button variant="danger" aria-label={`Delete ${c.row.original.code}`} onClick={() => (setFailure(''), setDeleting(c.row.original))}>Delete</Button>
        </span>
      )),
    ],
    [timeZone, money.currency],
  );

  const fetchPage = async () => {
    const answer = await ownerFetch<{ coupons: Coupon[]; currency: string; fractionDigits: number }>('GET', API);
    setMoney({ currency: answer.currency, fractionDigits: answer.fractionDigits });
    return { rows: answer.coupons, next: null };
  };

  function open(coupon?: Coupon) {
    setErrors({});
    setFailure('');
    setEditing({ ...(coupon ? { coupon } : {}), draft: draftOf(coupon, digits) });
  }
  const change = (patch: Partial<Draft>, field?: string) => {
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
    if (field) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const save = async () => {
    if (!editing) return;
    const d = editing.draft;
    const found: Record<string, string> = {};
    let effect: Effect = { kind: 'free-shipping' };
    if (d.kind === 'percentage') {
      const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(d.value);
      if (!m) found['effect.percentBps'] = 'Enter a percentage such as 10.';
      else effect = { kind: 'percentage', percentBps: Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0') };
    } else if (d.kind === 'fixed') {
      const amount = parseMinor(d.value, digits);
      if (amount === undefined) found['effect.amountCents'] = 'Enter an amount.';
      else effect = { kind: 'fixed', amountCents: amount };
    }
    const minimum = d.minimum.trim() === '' ? null : parseMinor(d.minimum, digits);
    if (minimum === undefined) found.minSubtotalCents = 'Enter an amount, or leave it empty.';
    const usageLimit = count(d.usageLimit);
    const perCustomerLimit = count(d.perCustomerLimit);
    if (Number.isNaN(usageLimit)) found.usageLimit = 'Enter a whole number, or leave it empty for no limit.';
    if (Number.isNaN(perCustomerLimit)) found.perCustomerLimit = 'Enter a whole number, or leave it empty for no limit.';
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length) return;
    const body = {
      code: d.code, effect, minSubtotalCents: minimum ?? null, startsAt: dayToMs(d.starts), endsAt: dayToMs(d.ends), usageLimit, perCustomerLimit,
      productIds: d.productIds, categoryIds: d.categoryIds,
    };
    const coupon = editing.coupon;
    await write(
      () => (coupon ? settingsWrite('PUT', `${API}/${encodeURIComponent(coupon.id)}`, coupon.version, body) : settingsWrite('POST', API, null, body)),
      `Coupon ${d.code.trim().toUpperCase()} saved.`,
      () => setEditing(undefined),
      setErrors,
    );
  };

  const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  const draft = editing?.draft;
  return (
    <>
      <h1>Coupons</h1>
      <div>
        <Button onClick={() => open()}>Create coupon</Button>
      </div>
      <DataTable
        label="Coupons"
        columns={columns}
        getRowId={(r) => r.id}
        fetchPage={fetchPage}
        filterKey={String(version)}
        searchable={false}
        pageSizes={[200]}
        rowData={(r) => ({ 'data-coupon': r.code })}
        emptyTitle="No coupons yet. Create one to give shoppers a code for a discount or free shipping."
      />
      <Dialog
        open={editing !== undefined}
        drawer
        title={editing?.coupon ? `Edit ${editing.coupon.code}` : 'Create coupon'}
        onClose={() => setEditing(undefined)}
        actions={<EditActions onCancel={() => setEditing(undefined)} onSave={() => void save()} busy={busy} saveLabel="Save coupon" />}
      >
        {draft ? (
          <form className="owner-form" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
            <TextField label="Code" autoComplete="off" value={draft.code} maxLength={50} error={errors.code} hint="Shoppers type it at checkout; letters, digits, - and _" onChange={(e) => change({ code: e.target.value }, 'code')} />
            <SelectField label="Discount" value={draft.kind} options={KINDS} onChange={(e) => change({ kind: e.target.value as Effect['kind'], value: '' })} />
            {draft.kind === 'percentage' ? (
              <TextField label="Percent off (%)" inputMode="decimal" value={draft.value} error={errors['effect.percentBps']} onChange={(e) => change({ value: e.target.value }, 'effect.percentBps')} />
            ) : null}
            {draft.kind === 'fixed' ? (
              <TextField label={`Amount off (${money.currency})`} inputMode="decimal" value={draft.value} error={errors['effect.amountCents']} onChange={(e) => change({ value: e.target.value }, 'effect.amountCents')} />
            ) : null}
            <TextField label={`Minimum order (${money.currency}, optional)`} inputMode="decimal" value={draft.minimum} error={errors.minSubtotalCents} onChange={(e) => change({ minimum: e.target.value }, 'minSubtotalCents')} />
            <TextField label="Starts (optional)" type="date" value={draft.starts} error={errors.startsAt} onChange={(e) => change({ starts: e.target.value }, 'startsAt')} />
            <TextField label="Ends (optional)" type="date" value={draft.ends} error={errors.endsAt} onChange={(e) => change({ ends: e.target.value }, 'endsAt')} />
            <TextField label="Usage limit in total (optional)" inputMode="numeric" value={draft.usageLimit} error={errors.usageLimit} onChange={(e) => change({ usageLimit: e.target.value }, 'usageLimit')} />
            <TextField label="Uses per customer (optional)" inputMode="numeric" value={draft.perCustomerLimit} error={errors.perCustomerLimit} hint="Counted by email address and by account" onChange={(e) => change({ perCustomerLimit: e.target.value }, 'perCustomerLimit')} />
            <fieldset>
              <legend>Applies to (none chosen: every product)</legend>
              {errors.productIds ? <p className="ui-field-error" data-field-error>{errors.productIds}</p> : null}
              {errors.categoryIds ? <p className="ui-field-error" data-field-error>{errors.categoryIds}</p> : null}
              {!choices ? <p>Loading products…</p> : null}
              {choices?.categories.map((c) => (
                <Checkbox key={c.id} label={`Category: ${c.name}`} checked={draft.categoryIds.includes(c.id)} onChange={(e) => change({ categoryIds: toggle(draft.categoryIds, c.id, e.target.checked) }, 'categoryIds')} />
              ))}
              {choices?.products.map((p) => (
                <Checkbox key={p.id} label={p.name} checked={draft.productIds.includes(p.id)} onChange={(e) => change({ productIds: toggle(draft.productIds, p.id, e.target.checked) }, 'productIds')} />
              ))}
            </fieldset>
            {failure ? <p role="alert">{failure}</p> : null}
          </form>
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.code ?? ''}?`}
        onClose={() => setDeleting(undefined)}
        actions={<DeleteActions onCancel={() => setDeleting(undefined)} onDelete={() => void remove((c) => `Coupon ${c.code} deleted.`)} busy={busy} />}
      >
        <p>Shoppers can no longer use this code. Orders that used it keep their discount.</p>
        {failure ? <p role="alert">{failure}</p> : null}
      </Dialog>
    </>
  );
}
