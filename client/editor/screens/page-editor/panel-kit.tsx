import { useEffect, useState, type ReactNode } from 'react';
import { ownerFetch } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { PropsForm } from './props-form.js';
import type { FieldSpec } from './schema-fields.js';

/**
 * What a block's own settings panel (`blocks/<name>/panel.tsx`) gets: the block's props, the
 * generic fields of its schema (to draw the props it has no better control for), and the
 * change callback of the props form (the whole new props and the key that changed, which
 * groups typing into one undo step).
 */
export interface BlockPanelProps {
  value: Record<string, unknown>;
  specs: FieldSpec[];
  onChange: (next: Record<string, unknown>, key: string) => void;
}

/** The generic fields of every prop but `skip` (the ones the panel draws itself). */
export function OtherFields({ specs, value, onChange, skip }: BlockPanelProps & { skip: readonly string[] }) {
  return <PropsForm specs={specs.filter((spec) => !skip.includes(spec.key))} value={value} onChange={onChange} />;
}

/** `value`, once it has stayed the same for `ms` (a search box's text before it is sent). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type { FormChoice, ProductChoice } from '../../../../edge/services/block-sources/block-sources.js';

/** GET `path` (an owner API) through the owner app's useLoad: again when `path` changes or on `retry` (`keep`: see useLoad). */
export function useOwnerGet<T>(path: string, options?: { keep?: boolean }) {
  const { result, retry } = useLoad(path, () => ownerFetch<T>('GET', path), options);
  return { ...result, retry };
}

/**
 * A list to pick one entry from (products, forms, collections): each a button, the chosen
 * one pressed. `children` draws an entry, its name first: the button reads "Choose <name> …".
 */
export function ChoiceList<T extends { id: string }>({ label, items, chosen, busy = false, onPick, children }: {
  label: string;
  items: readonly T[];
  chosen: string;
  /** The entries are about to change (a search under way): aria-busy on the list. */
  busy?: boolean;
  onPick: (item: T) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="pe-choices" aria-label={label} aria-busy={busy}>
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="pe-choice" aria-pressed={item.id === chosen} onClick={() => onPick(item)}>
            {/* Its accessible name: what it does, then what it shows ("Choose Moon Jar …"). */}
            <span className="pe-hidden">Choose </span>
            {children(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}
