import { useEffect, useState, type ReactNode } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
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

type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };
type Fetched<T> = Loaded<T> & { retry: () => void };

/** GET `path` (an owner API) whenever it changes (or on `retry`); the answer of an older path is dropped. */
export function useOwnerGet<T>(path: string): Fetched<T> {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setResult({ state: 'loading' });
    ownerFetch<T>('GET', path).then(
      (data) => current && setResult({ state: 'ready', data }),
      (e: unknown) => current && setResult({ state: 'error', message: e instanceof OwnerApiError ? e.message : TEXT.failed }),
    );
    return () => {
      current = false;
    };
  }, [path, attempt]);
  return { ...result, retry: () => setAttempt((n) => n + 1) };
}

/**
 * A list to pick one entry from (products, forms, collections): each a button, the chosen
 * one pressed. `name` says what the button chooses ("Choose Moon Jar").
 */
export function ChoiceList<T extends { id: string }>({ label, items, chosen, name, onPick, children }: {
  label: string;
  items: readonly T[];
  chosen: string;
  name: (item: T) => string;
  onPick: (item: T) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="pe-choices" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="pe-choice" aria-pressed={item.id === chosen} aria-label={`Choose ${name(item)}`} onClick={() => onPick(item)}>
            {children(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}
