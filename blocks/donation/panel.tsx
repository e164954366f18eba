import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DonationLimits } from '../../domain/commerce/donations.js';
import { coverFeeRule } from '../../domain/commerce/donations.js';
import { displayMoney } from '../../domain/money/money.js';
import { OtherFields, useOwnerGet, type BlockPanelProps } from '../../client/editor/screens/page-editor/panel-kit.js';
import { Button } from '../../client/editor/ui/button.js';
import { TextField } from '../../client/editor/ui/fields.js';
import { placeAnnouncements, useSortSensors } from '../../client/editor/ui/sortable.js';
import { ErrorPanel, Skeleton } from '../../client/editor/ui/states.js';
import { amountText, currencySymbol, limitProblem, MAX_AMOUNTS, offeredAmounts, parseAmountText } from './amount-text.js';
import './panel.css';

/** GET /api/owner/block-sources/donation-limits (docs/api/pages.md, "Block pickers"). */
interface DonationSite extends DonationLimits {
  currency: string;
  locale: string;
}

const DRAWN = ['title', 'amounts', 'allowCustom', 'offerCoverFee', 'offerMonthly', 'buttonLabel'];

/** One amount row: a key of its own (dnd-kit and React follow it through moves) and the text as typed. */
interface Row {
  id: string;
  text: string;
}

let serial = 0;
const rowOf = (cents: number, site: DonationSite): Row => ({ id: `amount-${++serial}`, text: amountText(cents, site.currency, site.locale) });

/** True when the rows stand for `cents` (a row whose text is no amount keeps its saved one): else undo or another tab changed them. */
function rowsMatch(rows: readonly Row[], cents: readonly number[], site: DonationSite): boolean {
  return rows.length === cents.length && rows.every((row, i) => {
    const parsed = parseAmountText(row.text, site.currency, site.locale);
    return !parsed.ok || parsed.cents === cents[i];
  });
}

/**
 * The donation block's settings (issue 30): its title, the suggested amounts typed in the
 * site's currency as the owner reads it ('25', '40.50'; saved as integer minor units), checked
 * against the site's donation limits as they are typed, reordered by drag or keyboard, at most six;
 * the custom-amount, cover-the-fee and monthly switches with what each does; the button's label.
 */
export function DonationPanel({ value, specs, onChange }: BlockPanelProps) {
  const site = useOwnerGet<DonationSite>('/api/owner/block-sources/donation-limits');
  const cents = Array.isArray(value.amounts) ? (value.amounts as { cents: number }[]).map((a) => a.cents) : [];
  const set = (key: string, v: unknown) => onChange({ ...value, [key]: v }, key);
  return (
    <div className="pe-fields pe-donation">
      <TextField label="Title" value={String(value.title ?? '')} maxLength={200} hint="Shown above the amounts; leave empty for none." onChange={(e) => set('title', e.target.value)} />
      {site.state === 'ready' ? (
        <Amounts site={site.data} cents={cents} onChange={(next, key) => onChange({ ...value, amounts: next.map((c) => ({ cents: c })) }, key)} />
      ) : site.state === 'error' ? (
        <ErrorPanel message={site.message} onRetry={site.retry} />
      ) : (
        <Skeleton rows={3} label="Loading the donation limits" />
      )}
      <HelpSwitch checked={value.allowCustom !== false} onChange={(on) => set('allowCustom', on)} help="A field where donors type an amount of their own, within your donation limits.">
        Donors may enter their own amount
      </HelpSwitch>
      <HelpSwitch
        checked={value.offerCoverFee !== false}
        onChange={(on) => set('offerCoverFee', on)}
        help={`A checkbox that adds the card fee (${site.state === 'ready' ? coverFeeRule(site.data.currency, site.data.locale) : '2.9% plus a fixed part'}) to the gift, so you keep all of it.`}
      >
        Offer to cover the card fee
      </HelpSwitch>
      <HelpSwitch checked={value.offerMonthly !== false} onChange={(on) => set('offerMonthly', on)} help="Donors choose one time or monthly; a monthly gift is charged again each month until they stop it.">
        Offer monthly giving
      </HelpSwitch>
      <TextField label="Button label" value={String(value.buttonLabel ?? '')} maxLength={40} hint="Left empty, the button says Donate." onChange={(e) => set('buttonLabel', e.target.value)} />
      <OtherFields specs={specs} value={value} onChange={onChange} skip={DRAWN} />
    </div>
  );
}

/** A switch with a sentence saying what it does (its description). */
function HelpSwitch({ checked, onChange, help, children }: { checked: boolean; onChange: (on: boolean) => void; help: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="pe-donation-switch">
      <button type="button" role="switch" aria-checked={checked} aria-describedby={id} className="ui-switch" onClick={() => onChange(!checked)}>
        <span className="ui-switch-track" aria-hidden="true" />
        <span>{children}</span>
      </button>
      <small id={id} className="pe-muted">{help}</small>
    </div>
  );
}

/** The suggested amounts with the site's limits beside them, the new-amount field, and what visitors will be offered. */
function Amounts({ site, cents, onChange }: { site: DonationSite; cents: number[]; onChange: (next: number[], key: string) => void }) {
  const [rows, setRows] = useState<Row[]>(() => cents.map((c) => rowOf(c, site)));
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState('');
  const sensors = useSortSensors();
  const money = (c: number) => displayMoney(c, site.currency, site.locale);
  // Undo, redo or a reload changed the amounts under the rows: start again from them.
  if (!rowsMatch(rows, cents, site)) setRows(cents.map((c) => rowOf(c, site)));

  const saveRows = (next: Row[], nextCents: number[], key: string) => {
    setRows(next);
    onChange(nextCents, key);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const nextRows = [...rows];
    const nextCents = [...cents];
    nextRows.splice(to, 0, ...nextRows.splice(from, 1));
    nextCents.splice(to, 0, ...nextCents.splice(from, 1));
    saveRows(nextRows, nextCents, 'amounts.order');
  };
  const edit = (i: number, text: string) => {
    const next = rows.map((row, j) => (j === i ? { ...row, text } : row));
    const parsed = parseAmountText(text, site.currency, site.locale);
    if (parsed.ok) saveRows(next, cents.map((c, j) => (j === i ? parsed.cents : c)), `amounts.${i}`);
    else setRows(next);
  };
  // Left, a typed amount reads as the block saved it ('25' -> '25.00'); nothing changes in the props.
  const tidy = (i: number) => {
    const parsed = parseAmountText(rows[i]?.text ?? '', site.currency, site.locale);
    if (parsed.ok) setRows((old) => old.map((row, j) => (j === i ? { ...row, text: amountText(parsed.cents, site.currency, site.locale) } : row)));
  };
  const remove = (i: number) => saveRows(rows.filter((_, j) => j !== i), cents.filter((_, j) => j !== i), 'amounts.remove');
  const add = () => {
    const parsed = parseAmountText(draft, site.currency, site.locale);
    if (!parsed.ok) return setDraftError(parsed.message);
    if (cents.includes(parsed.cents)) return setDraftError(`${money(parsed.cents)} is already one of the amounts.`);
    saveRows([...rows, rowOf(parsed.cents, site)], [...cents, parsed.cents], 'amounts.add');
    setDraft('');
    setDraftError('');
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(rows.findIndex((r) => r.id === active.id), rows.findIndex((r) => r.id === over.id));
  };
  const name = (id: string | number | undefined) => {
    const i = rows.findIndex((r) => r.id === id);
    return i < 0 ? 'the amount' : `amount ${i + 1} (${rows[i]!.text})`;
  };
  const symbol = currencySymbol(site.currency, site.locale);
  const offered = offeredAmounts(cents, site);
  const full = rows.length >= MAX_AMOUNTS;
  return (
    <fieldset className="pe-rows pe-donation-amounts">
      <legend>Suggested amounts ({site.currency})</legend>
      <p className="pe-muted" data-donation-limits>
        Your donation limits: {money(site.minCents)} to {money(site.maxCents)} (Commerce settings, Donations). Amounts outside them are not offered.
      </p>
      {rows.length === 0 ? <p className="pe-muted">No suggested amounts: donors type their own.</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: placeAnnouncements(name), screenReaderInstructions: { draggable: 'To move an amount, press Space, then the arrow keys, and Space again to drop it. Escape cancels.' } }}
      >
        <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
          <ol className="pe-donation-list" aria-label="Suggested amounts">
            {rows.map((row, i) => (
              <AmountRow key={row.id} row={row} index={i} count={rows.length} site={site} symbol={symbol} saved={cents[i]} onText={(t) => edit(i, t)} onTidy={() => tidy(i)} onMove={(to) => move(i, to)} onRemove={() => remove(i)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="pe-donation-add">
        <TextField
          label={`New amount (${symbol})`}
          inputMode="decimal"
          autoComplete="off"
          value={draft}
          disabled={full}
          error={draftError || undefined}
          hint={full ? 'Offer at most six amounts.' : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setDraftError('');
          }}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
        <Button variant="secondary" disabled={full} onClick={add}>Add amount</Button>
      </div>
      <p className="pe-muted" data-donation-offered aria-live="polite">
        {offered.amounts.length === 0
          ? 'Visitors are offered no suggested amount: they type their own.'
          : `Visitors see ${offered.amounts.map(money).join(', ')}, smallest first; ${money(offered.chosen!)} is chosen when the page opens.`}
      </p>
    </fieldset>
  );
}

/** One amount: a drag handle, the amount in major units, move and remove; its problem below it. */
function AmountRow({ row, index, count, site, symbol, saved, onText, onTidy, onMove, onRemove }: {
  row: Row; index: number; count: number; site: DonationSite; symbol: string; saved: number | undefined;
  onText: (text: string) => void; onTidy: () => void; onMove: (to: number) => void; onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const id = useId();
  const parsed = parseAmountText(row.text, site.currency, site.locale);
  const problem = parsed.ok ? undefined : `${parsed.message}${saved === undefined ? '' : ` The block keeps ${displayMoney(saved, site.currency, site.locale)} until it is fixed.`}`;
  const outside = parsed.ok ? limitProblem(parsed.cents, site.currency, site.locale, site) : undefined;
  const label = `Amount ${index + 1}`;
  return (
    <li ref={setNodeRef} className="pe-donation-row" data-amount-row data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <div className="pe-donation-line">
        <button type="button" className="pe-icon" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag to reorder ${label.toLowerCase()}`}>⠿</button>
        <label className="pe-donation-input" htmlFor={id}>
          <span className="pe-hidden">{label} in {site.currency}</span>
          <span aria-hidden="true">{symbol}</span>
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            value={row.text}
            aria-invalid={problem || outside ? true : undefined}
            aria-describedby={problem || outside ? `${id}-note` : undefined}
            onChange={(e) => onText(e.target.value)}
            onBlur={onTidy}
          />
        </label>
        <button type="button" className="pe-icon" aria-label={`Move ${label.toLowerCase()} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>↑</button>
        <button type="button" className="pe-icon" aria-label={`Move ${label.toLowerCase()} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>↓</button>
        <button type="button" className="pe-icon" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>✕</button>
      </div>
      {problem ? <small id={`${id}-note`} className="ui-field-error" data-field-error>{problem}</small> : null}
      {outside ? <small id={`${id}-note`} className="pe-donation-outside" data-limit-warning>Not offered to visitors: {outside}</small> : null}
    </li>
  );
}
