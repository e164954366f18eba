import { useId } from 'react';
import { Checkbox, TextField } from '../../ui/fields.js';
import { FIELD_LABELS, type DraftField } from './builder-draft.js';
import { FIELD_TYPES, LIKERT_ANSWERS, type FieldType } from '../../../../domain/forms/field-types.js';

interface Props {
  field: DraftField;
  index: number;
  errors: Record<string, string>;
  onChange: (next: DraftField) => void;
}

/** A property set to '' or false is left out, so the saved field carries only what the owner set. */
function patched(field: DraftField, patch: Partial<DraftField>): DraftField {
  const next: Record<string, unknown> = { ...field, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined || v === '' || v === false) delete next[k];
  if (next.title === undefined) next.title = '';
  return next as DraftField;
}

/**
 * The properties of one field: its title and exactly the editable properties SPEC §3 (and
 * GetTemplateSchema) list for its type; the textarea's maxLength only while its limit is on.
 */
export function FieldPanel({ field, index, errors, onChange }: Props) {
  const props = new Set<string>(FIELD_TYPES[field.type as FieldType]?.properties ?? []);
  const err = (name: string) => errors[`build.fields.${index}.${name}`];
  const set = (patch: Partial<DraftField>) => onChange(patched(field, patch));
  const optionsId = useId();
  return (
    <div className="fb-panel" data-field-panel={field.type} aria-label={`Properties of ${field.title || field.id}`} role="group">
      <h3>{FIELD_LABELS[field.type as FieldType] ?? field.type} field</h3>
      {field.type !== 'hidden' ? <TextField label="Title" value={field.title} maxLength={300} error={err('title')} onChange={(e) => set({ title: e.target.value })} /> : null}
      {props.has('description') ? <TextField label="Description" value={field.description ?? ''} maxLength={2000} error={err('description')} onChange={(e) => set({ description: e.target.value })} /> : null}
      {props.has('placeholder') ? <TextField label="Placeholder" value={field.placeholder ?? ''} maxLength={300} error={err('placeholder')} onChange={(e) => set({ placeholder: e.target.value })} /> : null}
      {props.has('currencySymbol') ? <TextField label="Currency symbol" value={field.currencySymbol ?? ''} maxLength={8} error={err('currencySymbol')} onChange={(e) => set({ currencySymbol: e.target.value })} /> : null}
      {props.has('maxLength') ? (
        <>
          <Checkbox label="Limit the number of characters" checked={field.maxLengthEnabled === true} onChange={(e) => set({ maxLengthEnabled: e.target.checked, maxLength: e.target.checked ? (field.maxLength ?? 500) : undefined })} />
          {field.maxLengthEnabled ? (
            <TextField label="Most characters" type="number" min={1} max={10000} value={field.maxLength ?? ''} error={err('maxLength')} onChange={(e) => set({ maxLength: e.target.value === '' ? undefined : Number(e.target.value) })} />
          ) : null}
        </>
      ) : null}
      {props.has('showCountryCode') ? <Checkbox label="Show the country code" checked={field.showCountryCode === true} onChange={(e) => set({ showCountryCode: e.target.checked })} /> : null}
      {props.has('underline') ? <Checkbox label="Underline the section title" checked={field.underline === true} onChange={(e) => set({ underline: e.target.checked })} /> : null}
      {props.has('options') ? (
        <label className="ui-field" htmlFor={optionsId}>
          <span>{field.type === 'likert' ? 'Questions (one a line)' : 'Options (one a line)'}</span>
          <textarea
            id={optionsId}
            rows={4}
            value={(field.options ?? []).join('\n')}
            aria-invalid={err('options') ? true : undefined}
            onChange={(e) => set({ options: e.target.value.split('\n').map((o) => o.trimStart()).filter((o, i, all) => o !== '' || i === all.length - 1) })}
            onBlur={() => set({ options: (field.options ?? []).map((o) => o.trim()).filter(Boolean) })}
          />
          {err('options') ? <small className="ui-field-error" data-field-error>{err('options')}</small> : null}
          {field.type === 'likert' ? <small>Each question is answered on the scale {LIKERT_ANSWERS.join(', ')}.</small> : null}
        </label>
      ) : null}
      {props.has('key') ? <TextField label="Key (the query string name)" value={field.key ?? ''} maxLength={100} error={err('key')} onChange={(e) => set({ key: e.target.value })} /> : null}
      {props.has('value') ? <TextField label="Default value" value={field.value ?? ''} maxLength={2000} error={err('value')} onChange={(e) => set({ value: e.target.value })} /> : null}
      {props.has('required') ? <Checkbox label="Required" checked={field.required === true} onChange={(e) => set({ required: e.target.checked })} /> : null}
    </div>
  );
}
