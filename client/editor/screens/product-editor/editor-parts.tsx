import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import type { ProductPanel, ProductPanelProps } from './extra-panels.js';

/**
 * An input for a table cell: named by `aria-label` (the column header names it for sight),
 * its server message shown under it and announced. `data-path` is its body path, for the
 * error summary's links.
 */
export function CellInput({ label, error, path, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; path: string }) {
  const id = useId();
  return (
    <span className="prod-cell">
      <input aria-label={label} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-e` : undefined} data-path={path} {...rest} />
      {error ? <small id={`${id}-e`} className="ui-field-error" data-field-error>{error}</small> : null}
    </span>
  );
}

/**
 * Names as tokens (categories, tags, option values): type and press Enter or a comma to
 * add, Backspace in the empty input or the token's × removes. `suggestions` fill a datalist.
 */
export function TokenInput({ label, values, onChange, suggestions = [], error, path, disabled, maxLength }: {
  label: string;
  values: readonly string[];
  onChange: (next: string[]) => void;
  suggestions?: readonly string[];
  error?: string | undefined;
  path: string;
  disabled?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const name = raw.trim();
    if (name && !values.includes(name)) onChange([...values, name]);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && values.length) {
      onChange(values.slice(0, -1));
    }
  };
  const offered = suggestions.filter((s) => !values.includes(s));
  return (
    <div className="prod-tokens">
      <label htmlFor={id}>{label}</label>
      <ul className="prod-token-list" aria-label={`${label} chosen`}>
        {values.map((v) => (
          <li key={v} className="prod-token">
            <span>{v}</span>
            <button type="button" aria-label={`Remove ${v}`} disabled={disabled} onClick={() => onChange(values.filter((x) => x !== v))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        list={offered.length ? `${id}-list` : undefined}
        value={text}
        disabled={disabled}
        maxLength={maxLength}
        data-path={path}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-e` : ''}`}
        onChange={(e) => {
          const next = e.currentTarget.value;
          // A datalist choice arrives whole: take it as a token at once.
          if (offered.includes(next)) add(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(text)}
      />
      <small id={`${id}-hint`}>Press Enter to add.</small>
      {offered.length ? (
        <datalist id={`${id}-list`}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {error ? <small id={`${id}-e`} className="ui-field-error" data-field-error>{error}</small> : null}
    </div>
  );
}

/** The extra panels (extra-panels.tsx) that apply to the product's type, in order, each in its own section. */
export function ExtraPanels({ panels, product, change, errors, disabled }: { panels: readonly ProductPanel[] } & ProductPanelProps) {
  const shown = panels.filter((p) => p.appliesTo(product.productType));
  return (
    <>
      {shown.map(({ id, title, Panel }) => (
        <section key={id} className="prod-section" aria-label={title} data-extra-panel={id}>
          <h2>{title}</h2>
          <Panel product={product} change={change} errors={errors} disabled={disabled} />
        </section>
      ))}
    </>
  );
}
