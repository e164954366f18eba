import { useState } from 'react';
import type { RichTextNode } from '../../../../blocks/text/rich-text-schema.js';
import { Button } from '../../ui/button.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';
import { FilePickerDialog } from '../files/file-picker.js';
import { labelOf, type FieldSpec } from './schema-fields.js';
import { RichTextField } from './rich-text-field.js';

type Props = Record<string, unknown>;

/** The fields of `specs` over `value`; each change answers the whole new object and the key that changed. */
export function PropsForm({ specs, value, onChange, errors = {}, prefix = '' }: { specs: FieldSpec[]; value: Props; onChange: (next: Props, key: string) => void; errors?: Record<string, string>; prefix?: string }) {
  return (
    <div className="pe-fields">
      {specs.map((spec) => (
        <Field key={spec.key} spec={spec} value={value[spec.key]} error={errors[`${prefix}${spec.key}`]} onChange={(v) => onChange({ ...value, [spec.key]: v }, spec.key)} />
      ))}
    </div>
  );
}

function Field({ spec, value, onChange, error }: { spec: FieldSpec; value: unknown; onChange: (value: unknown) => void; error?: string | undefined }) {
  switch (spec.kind) {
    case 'text':
      return <TextField label={spec.label} value={String(value ?? '')} maxLength={spec.maxLength} error={error} onChange={(e) => onChange(e.target.value)} />;
    case 'textarea':
      return <TextArea label={spec.label} value={String(value ?? '')} maxLength={spec.maxLength} error={error} onChange={onChange} />;
    case 'image':
      return <ImageField label={spec.label} value={String(value ?? '')} error={error} onChange={onChange} />;
    case 'number':
      return (
        <TextField
          label={spec.label}
          type="number"
          min={spec.min}
          max={spec.max}
          step={spec.integer ? 1 : 'any'}
          value={value === null || value === undefined ? '' : String(value)}
          error={error}
          onChange={(e) => {
            const raw = e.target.value;
            if (raw === '') onChange(spec.nullable ? null : (spec.min ?? 0));
            else if (Number.isFinite(Number(raw))) onChange(Number(raw));
          }}
        />
      );
    case 'boolean':
      return <Checkbox label={spec.label} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'enum':
      return <SelectField label={spec.label} value={String(value ?? spec.options[0])} options={spec.options.map((o) => ({ value: o, label: labelOf(o) }))} onChange={(e) => onChange(e.target.value)} />;
    case 'richtext':
      return <RichTextField label={spec.label} value={(value as RichTextNode | undefined) ?? { type: 'doc', content: [] }} onChange={onChange} />;
    case 'strings': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="pe-rows">
          <legend>{spec.label}</legend>
          {list.map((item, i) => (
            <div className="pe-row" key={i}>
              <TextField label={`${spec.label} ${i + 1}`} value={item} onChange={(e) => onChange(list.map((x, j) => (j === i ? e.target.value : x)))} />
              <Button variant="secondary" onClick={() => onChange(list.filter((_, j) => j !== i))}>Remove {i + 1}</Button>
            </div>
          ))}
          <Button variant="secondary" disabled={spec.max !== undefined && list.length >= spec.max} onClick={() => onChange([...list, ''])}>Add</Button>
        </fieldset>
      );
    }
    case 'rows': {
      const rows = Array.isArray(value) ? (value as Props[]) : [];
      return (
        <fieldset className="pe-rows">
          <legend>{spec.label}</legend>
          {rows.map((row, i) => (
            <div className="pe-row" key={i}>
              <PropsForm specs={spec.fields} value={row} onChange={(next) => onChange(rows.map((r, j) => (j === i ? next : r)))} />
              <Button variant="secondary" onClick={() => onChange(rows.filter((_, j) => j !== i))}>Remove row {i + 1}</Button>
            </div>
          ))}
          <Button variant="secondary" disabled={spec.max !== undefined && rows.length >= spec.max} onClick={() => onChange([...rows, structuredClone(spec.blank)])}>Add row</Button>
        </fieldset>
      );
    }
  }
}

function TextArea({ label, value, maxLength, error, onChange }: { label: string; value: string; maxLength?: number | undefined; error?: string | undefined; onChange: (v: string) => void }) {
  return (
    <label className="ui-field">
      <span>{label}</span>
      <textarea rows={4} value={value} maxLength={maxLength} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      {error ? <small className="ui-field-error">{error}</small> : null}
    </label>
  );
}

function ImageField({ label, value, error, onChange }: { label: string; value: string; error?: string | undefined; onChange: (v: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="pe-image-field">
      <TextField label={label} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
      <Button variant="secondary" onClick={() => setOpen(true)}>Choose image</Button>
      <FilePickerDialog open={open} onClose={() => setOpen(false)} onPick={(file) => {
        onChange(file.url ?? '');
        setOpen(false);
      }} />
    </div>
  );
}
