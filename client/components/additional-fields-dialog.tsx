import { useId, useState, type FormEvent } from 'react';
import type { AdditionalFieldsForm } from '../islands/product-form/product-logic.js';
import { ADDITIONAL_FIELDS_TEXTS, type AdditionalFieldsTexts } from '../../domain/messages/additional-fields-texts.js';
import { Lightbox } from './lightbox.js';
import { cartApi } from '../runtime/api.js';
import { cartStore } from '../runtime/cart-store.js';

type Answers = Record<string, string | string[]>;
type Field = AdditionalFieldsForm['fields'][number] & { title?: string; description?: string; placeholder?: string; maxLength?: number };


function isEmpty(value: string | string[] | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.every((v) => v.trim() === '') : value.trim() === '');
}

function FieldInput({ field, value, onChange, id, t }: { field: Field; value: string | string[] | undefined; onChange: (v: string | string[]) => void; id: string; t: AdditionalFieldsTexts }) {
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'textarea':
      return <textarea id={id} value={text} placeholder={field.placeholder} maxLength={field.maxLength} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
      return (
        <select id={id} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t.select}</option>
          {(field.options ?? []).map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      );
    case 'radio':
      return (
        <div role="radiogroup" aria-labelledby={`${id}-title`}>
          {(field.options ?? []).map((o) => (
            <label key={o} className="option">
              <input type="radio" name={id} value={o} checked={text === o} onChange={() => onChange(o)} /> {o}
            </label>
          ))}
        </div>
      );
    case 'name': {
      const parts = Array.isArray(value) ? value : ['', ''];
      return (
        <div className="field-parts">
          {/* SPEC §3 form submission: name gives its parts as a list. */}
          {[t.firstName, t.lastName].map((part, i) => (
            <label key={part}>
              {part}
              <input id={i === 0 ? id : undefined} value={parts[i] ?? ''} onChange={(e) => onChange(parts.map((p, j) => (j === i ? e.target.value : p)))} />
            </label>
          ))}
        </div>
      );
    }
    default:
      return <input id={id} type={field.type === 'email' ? 'email' : 'text'} value={text} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * SPEC §5: available when a stock record is unlimited or exceeds what this cart already holds.
 * Asked before the form opens (add-to-cart-button.tsx), so it comes in the form's chunk.
 */
export async function inStockForForm(itemId: string, sku: string | null): Promise<boolean> {
  const records = await cartApi.stock(itemId);
  const entries = cartStore.get().cart?.entries ?? [];
  const held = entries.filter((e) => e.itemId === itemId && (sku === null || e.chosenVariant?.sku === sku)).reduce((n, e) => n + e.quantity, 0);
  return records.some((r) => (sku === null || r.sku === sku) && (r.unlimited || r.qtyInStock > held));
}

/**
 * The additional-fields form of a product in a lightbox (SPEC §2, §5): answers go to
 * `onDone` as JSON text (field id -> value), or null when the shopper closes it.
 */
export default function AdditionalFieldsDialog({
  form,
  title,
  onDone,
  saving,
  initial = {},
}: {
  form: AdditionalFieldsForm;
  title: string;
  onDone: (answers: string | null) => void;
  /** SPEC §4 additional-fields widget: the submit label reads 'Saving…' while saving. */
  saving?: boolean;
  /** Earlier answers, when editing a cart entry's fields. */
  initial?: Answers;
}) {
  const base = useId();
  const [answers, setAnswers] = useState<Answers>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = form.fields as Field[];
  // The dialog's words in the page's language (the server's `texts`, issue 29), else English.
  const t: AdditionalFieldsTexts = { ...ADDITIONAL_FIELDS_TEXTS, ...form.texts };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    // SPEC §5: a required field with nothing entered or chosen shows 'Required'.
    for (const f of fields) if (f.required && isEmpty(answers[f.id])) missing[f.id] = t.required;
    setErrors(missing);
    if (Object.keys(missing).length === 0) onDone(JSON.stringify(answers));
  };

  return (
    <Lightbox label={form.name ?? title} onClose={() => onDone(null)} className="additional-fields">
      <form className="additional-fields-form" onSubmit={submit} noValidate>
        <h2>{form.name ?? title}</h2>
        {fields.map((f) => {
          const id = `${base}-${f.id}`;
          const grouped = f.type === 'radio' || f.type === 'name';
          return (
            <div key={f.id} className={`form-field${errors[f.id] ? ' has-error' : ''}`}>
              {errors[f.id] && (
                <p className="field-error" id={`${id}-error`}>
                  {errors[f.id]}
                </p>
              )}
              {grouped ? (
                <span className="field-title" id={`${id}-title`}>
                  {f.title ?? f.label}
                  {f.required ? ' *' : ''}
                </span>
              ) : (
                <label className="field-title" htmlFor={id}>
                  {f.title ?? f.label}
                  {f.required ? ' *' : ''}
                </label>
              )}
              {f.description && <p className="field-description">{f.description}</p>}
              <FieldInput field={f} id={id} t={t} value={answers[f.id]} onChange={(v) => setAnswers((a) => ({ ...a, [f.id]: v }))} />
            </div>
          );
        })}
        <button type="submit" className="button" disabled={saving}>
          {saving ? t.saving : ((form as { submitButtonText?: string }).submitButtonText ?? t.save)}
        </button>
      </form>
    </Lightbox>
  );
}
