import type { FormModel } from '../../../../domain/forms/form-model.js';
import { FIELD_TYPES, LIKERT_ANSWERS, type FieldType } from '../../../../domain/forms/field-types.js';
import type { DraftField } from './builder-draft.js';

const PART_LABELS: Record<string, string> = {
  first: 'First name', last: 'Last name', country: 'Country', areaCode: 'Area code', prefix: 'Prefix', line: 'Line',
  line1: 'Address 1', line2: 'Address 2', city: 'City', state: 'State', zip: 'ZIP code',
  month: 'MM', day: 'DD', year: 'YYYY', hour: 'Hour', minute: 'Minute', second: 'Second', ampm: 'AM/PM',
};

/** One field drawn roughly as visitors will see it (inert: the preview submits nothing). */
function PreviewField({ field }: { field: DraftField }) {
  const spec = FIELD_TYPES[field.type as FieldType];
  if (!spec || field.type === 'hidden') return null;
  const title = (
    <span className="fb-preview-title">
      {field.title}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </span>
  );
  if (field.type === 'section') return <h3 className="fb-preview-section" data-underline={field.underline || undefined}>{field.title}</h3>;
  let control;
  if ('parts' in spec) {
    const parts = spec.parts.filter((p) => !(field.type === 'phone' && p === 'country' && !field.showCountryCode));
    control = <span className="fb-preview-parts">{parts.map((p) => <input key={p} disabled placeholder={PART_LABELS[p] ?? p} aria-label={PART_LABELS[p] ?? p} />)}</span>;
  } else if (field.type === 'textarea') control = <textarea disabled placeholder={field.placeholder} rows={3} aria-label={field.title} />;
  else if (field.type === 'radio' || field.type === 'checkbox') {
    control = <span className="fb-preview-choices">{(field.options ?? []).map((o) => <label key={o}><input type={field.type === 'radio' ? 'radio' : 'checkbox'} disabled /> {o}</label>)}</span>;
  } else if (field.type === 'select') control = <select disabled aria-label={field.title}>{(field.options ?? []).map((o) => <option key={o}>{o}</option>)}</select>;
  else if (field.type === 'likert') {
    control = (
      <table className="fb-preview-likert">
        <tbody>
          {(field.options ?? []).map((q) => (
            <tr key={q}>
              <th scope="row">{q}</th>
              {LIKERT_ANSWERS.map((a) => <td key={a}><label><input type="radio" disabled /> {a}</label></td>)}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else control = <span className="fb-preview-single">{field.type === 'currency' ? <span>{field.currencySymbol}</span> : null}<input disabled placeholder={field.placeholder} aria-label={field.title} /></span>;
  return (
    <div className="fb-preview-field" data-preview-field={field.id}>
      {title}
      {field.description ? <small>{field.description}</small> : null}
      {control}
    </div>
  );
}

/** The form as a visitor will see it, updated as the owner edits. */
export function FormPreview({ model }: { model: FormModel }) {
  return (
    <div className="fb-preview" data-form-preview>
      {model.build.fields.length === 0 ? <p className="fb-muted">Add fields to see the form.</p> : model.build.fields.map((f) => <PreviewField key={f.id} field={f} />)}
      {model.disclaimer.text ? <p className="fb-preview-disclaimer">{model.disclaimer.text}</p> : null}
      <button type="button" disabled>{model.advanced.submitLabel || 'Submit'}</button>
    </div>
  );
}
