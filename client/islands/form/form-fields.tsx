import type { ReactNode } from 'react';
import type { IslandField, RawValues } from './form-types.js';
import { FORM_MESSAGES } from '../../../domain/messages/form-messages.js';

interface FieldProps {
  field: IslandField;
  values: RawValues;
  error: string | undefined;
  onChange: (id: string, value: unknown) => void;
}

function Title({ field, htmlFor }: { field: IslandField; htmlFor?: string }) {
  const text = (
    <>
      {field.title}
      {field.required ? <span className="required" aria-hidden="true"> *</span> : null}
    </>
  );
  return htmlFor ? <label className="title" htmlFor={htmlFor}>{text}</label> : <legend className="title">{text}</legend>;
}

/** SPEC §5: textareas with a max length show 'count / max' and turn to an error style above it. */
export function Counter({ length, max }: { length: number; max: number }) {
  return <p className={`form-counter${length > max ? ' error' : ''}`} aria-live="polite">{`${length} / ${max}`}</p>;
}

function Parts({ field, values, onChange }: FieldProps) {
  const current = (values[field.id] as string[] | undefined) ?? [];
  return (
    <div className="field-parts">
      {field.parts!.map((part, i) => (
        <label key={part.name} className={`field-part part-${part.name}`} hidden={part.hidden}>
          <span className="caption">{part.label}</span>
          {part.name === 'ampm' ? (
            <select name={`${field.id}.${part.name}`} value={current[i] ?? 'AM'} onChange={(e) => onChange(field.id, withPart(current, i, e.target.value, field))}>
              <option value="AM">AM</option>
              <option value="PM">PM</option>
            </select>
          ) : (
            <input type="text" name={`${field.id}.${part.name}`} value={current[i] ?? ''} onChange={(e) => onChange(field.id, withPart(current, i, e.target.value, field))} />
          )}
        </label>
      ))}
    </div>
  );
}

function withPart(current: string[], index: number, value: string, field: IslandField): string[] {
  const next = field.parts!.map((p, i) => current[i] ?? (p.name === 'ampm' ? 'AM' : ''));
  next[index] = value;
  return next;
}

function Choices({ field, values, onChange, multiple }: FieldProps & { multiple: boolean }) {
  const current = values[field.id];
  const checked = (option: string) => (multiple ? ((current as string[] | undefined) ?? []).includes(option) : current === option);
  const toggle = (option: string, on: boolean) => {
    if (!multiple) return onChange(field.id, option);
    const list = ((current as string[] | undefined) ?? []).filter((o) => o !== option);
    onChange(field.id, on ? [...list, option] : list);
  };
  return (
    <>
      {(field.options ?? []).map((option) => (
        <label key={option} className="option">
          <input type={multiple ? 'checkbox' : 'radio'} name={field.id} value={option} checked={checked(option)} onChange={(e) => toggle(option, e.target.checked)} /> {option}
        </label>
      ))}
    </>
  );
}

function Likert({ field, values, onChange }: FieldProps) {
  const current = (values[field.id] as Record<string, string> | undefined) ?? {};
  return (
    <>
      {(field.likertRows ?? []).map((row) => (
        <div key={row.question} className="likert-question" role="radiogroup" aria-label={row.question}>
          <span className="question">{row.question}</span>
          {row.answers.map((answer) => (
            <label key={answer}>
              <input type="radio" name={`${field.id}:${row.question}`} value={answer} checked={current[row.question] === answer} onChange={() => onChange(field.id, { ...current, [row.question]: answer })} /> {answer}
            </label>
          ))}
        </div>
      ))}
    </>
  );
}

function SingleInput({ field, values, error, onChange }: FieldProps) {
  const value = (values[field.id] as string | undefined) ?? '';
  const common = {
    id: field.inputId, name: field.id, value, onChange: (e: { target: { value: string } }) => onChange(field.id, e.target.value),
    'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${field.inputId}-error` : undefined,
  };
  if (field.type === 'textarea') {
    const max = typeof field['maxLength'] === 'number' ? (field['maxLength'] as number) : 0;
    return (
      <>
        <textarea {...common} placeholder={field.placeholder} rows={5} />
        {max > 0 ? <Counter length={[...value].length} max={max} /> : null}
      </>
    );
  }
  if (field.type === 'select') {
    return (
      <select {...common}>
        <option value="">{typeof field['selectText'] === 'string' ? field['selectText'] : FORM_MESSAGES.selectOption}</option>
        {(field.options ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    );
  }
  return (
    <>
      {field.type === 'currency' ? <span className="currency-symbol">{String(field['currencySymbol'] ?? '')}</span> : null}
      <input {...common} type={field.inputType === 'email' ? 'email' : field.inputType === 'url' ? 'url' : 'text'} placeholder={field.placeholder} inputMode={field.type === 'number' || field.type === 'currency' ? 'decimal' : undefined} />
    </>
  );
}

/** One field of any SPEC §3 type, with its error (shown above the title, SPEC §5). */
export function FormField(props: FieldProps): ReactNode {
  const { field, error } = props;
  if (field.type === 'section') {
    return (
      <div className={`form-item form-section${field['underline'] ? ' underline' : ''}`}>
        <h3 className="form-section-title">{field.title}</h3>
        {field.description ? <p className="description">{field.description}</p> : null}
      </div>
    );
  }
  if (field.type === 'hidden') return null;
  const grouped = !!field.parts || field.type === 'radio' || field.type === 'checkbox' || field.type === 'likert';
  const body = field.parts ? <Parts {...props} /> : field.type === 'likert' ? <Likert {...props} /> : field.type === 'radio' || field.type === 'checkbox' ? <Choices {...props} multiple={field.type === 'checkbox'} /> : <SingleInput {...props} />;
  return (
    <div className={`form-item field ${field.type}${field.required ? ' required' : ''}${error ? ' error' : ''}`} data-field-id={field.id}>
      {error ? <p className="field-error" id={`${field.inputId}-error`} role="alert">{error}</p> : null}
      {grouped ? (
        <fieldset id={field.inputId}>
          <Title field={field} />
          {field.description ? <p className="description">{field.description}</p> : null}
          {body}
        </fieldset>
      ) : (
        <>
          <Title field={field} htmlFor={field.inputId} />
          {field.description ? <p className="description">{field.description}</p> : null}
          {body}
        </>
      )}
    </div>
  );
}
