import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * A labelled text input (the label names it; a hint is its description). `error` is the
 * server's or the client's message for this field, shown beside it and announced.
 */
export function TextField({ label, hint, error, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <label className="ui-field" htmlFor={id}>
      <span>{label}</span>
      <input id={id} aria-describedby={described || undefined} aria-invalid={error ? true : undefined} {...rest} />
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
      {error ? <small id={`${id}-error`} className="ui-field-error" data-field-error>{error}</small> : null}
    </label>
  );
}

/** A labelled native select. */
export function SelectField({ label, options, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <label className="ui-field" htmlFor={id}>
      <span>{label}</span>
      <select id={id} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A native checkbox with its label; `indeterminate` for "some of the rows". */
export function Checkbox({ label, indeterminate = false, hideLabel = false, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; indeterminate?: boolean; hideLabel?: boolean }) {
  return (
    <label className="ui-check">
      <input
        type="checkbox"
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        aria-label={hideLabel ? label : undefined}
        {...rest}
      />
      {hideLabel ? null : <span>{label}</span>}
    </label>
  );
}

/** An on/off switch: a button with role="switch" and aria-checked (Space and Enter toggle). */
export function Switch({ checked, onChange, children, disabled }: { checked: boolean; onChange: (next: boolean) => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="button" role="switch" aria-checked={checked} className="ui-switch" disabled={disabled} onClick={() => onChange(!checked)}>
      <span className="ui-switch-track" aria-hidden="true" />
      <span>{children}</span>
    </button>
  );
}
