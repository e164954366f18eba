import { Button } from '../../../ui/button.js';
import { TextField } from '../../../ui/fields.js';
import { textOf, type PanelProps } from './panel-values.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the owner's own time zone. */
export function localInputValue(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * When the product goes on sale: a future time keeps a published product hidden from the
 * store until then (like a scheduled page); 'Publish now' brings a future time forward.
 */
export function PublishPanel({ product, change, errors, disabled, now = Date.now() }: PanelProps & { now?: number }) {
  const at = textOf(product.publishOn);
  const future = at !== '' && Date.parse(at) > now;
  return (
    <div className="product-extra-panel" data-panel="publish">
      <TextField
        label="Public from"
        type="datetime-local"
        disabled={disabled}
        value={at ? localInputValue(at) : ''}
        onChange={(e) => {
          const d = new Date(e.currentTarget.value);
          change({ publishOn: Number.isNaN(d.getTime()) ? null : d.toISOString() });
        }}
        hint={future ? 'Hidden from the store until then.' : 'On sale now when published.'}
        error={errors.publishOn}
      />
      {future ? (
        <Button variant="secondary" disabled={disabled} onClick={() => change({ publishOn: null })}>
          Publish now
        </Button>
      ) : null}
    </div>
  );
}
