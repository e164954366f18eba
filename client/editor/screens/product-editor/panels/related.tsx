import type { PanelProps } from './panel-values.js';
import { useEffect, useState } from 'react';
import { EXTRA_LIMITS } from '../../../../../domain/catalog/product-extras.js';
import { Button } from '../../../ui/button.js';
import { TextField } from '../../../ui/fields.js';
import { loadProductChoices } from './extras-api.js';

type Choice = { id: string; title: string };

/** The products shown under this one ('You may also like'), in order; none chosen: those sharing a category or tag. */
export function RelatedPanel({ product, change, errors, disabled }: PanelProps) {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [failed, setFailed] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    let live = true;
    loadProductChoices().then(
      (list) => live && setChoices(list),
      (err: Error) => live && setFailed(err.message),
    );
    return () => {
      live = false;
    };
  }, []);
  const chosen = Array.isArray(product.relatedProductIds) ? (product.relatedProductIds as string[]) : [];
  const titleOf = (id: string) => choices?.find((c) => c.id === id)?.title ?? id;
  const set = (ids: string[]) => change({ relatedProductIds: ids });
  const move = (i: number, by: number) => {
    const next = [...chosen];
    const [id] = next.splice(i, 1);
    next.splice(i + by, 0, id!);
    set(next);
  };
  const full = chosen.length >= EXTRA_LIMITS.relatedProducts;
  const q = search.trim().toLowerCase();
  const matches = q && choices ? choices.filter((c) => c.id !== product.id && !chosen.includes(c.id) && c.title.toLowerCase().includes(q)).slice(0, 8) : [];
  const pathError = Object.entries(errors).find(([k]) => k.startsWith('relatedProductIds'))?.[1];
  return (
    <div className="product-extra-panel" data-panel="related" data-state={choices ? 'ready' : failed ? 'failed' : 'loading'}>
      {chosen.length === 0 ? <p>None chosen: the store shows products that share a category or tag.</p> : null}
      <ol className="product-related-list">
        {chosen.map((id, i) => (
          <li key={id}>
            <span>{titleOf(id)}</span>
            <Button variant="secondary" disabled={disabled || i === 0} onClick={() => move(i, -1)} aria-label={`Move ${titleOf(id)} up`}>↑</Button>
            <Button variant="secondary" disabled={disabled || i === chosen.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${titleOf(id)} down`}>↓</Button>
            <Button variant="secondary" disabled={disabled} onClick={() => set(chosen.filter((c) => c !== id))} aria-label={`Remove ${titleOf(id)}`}>Remove</Button>
          </li>
        ))}
      </ol>
      <TextField
        label="Add a related product"
        hint={full ? `At most ${EXTRA_LIMITS.relatedProducts}.` : 'Type part of its title.'}
        disabled={disabled || full || !choices}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        error={pathError}
      />
      {matches.length ? (
        <ul className="product-related-matches">
          {matches.map((m) => (
            <li key={m.id}>
              <Button
                variant="secondary"
                disabled={disabled}
                onClick={() => {
                  set([...chosen, m.id]);
                  setSearch('');
                }}
              >
                {m.title}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {failed ? <p className="ui-field-error" role="alert">{failed}</p> : null}
    </div>
  );
}
