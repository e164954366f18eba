import { useEffect, useState } from 'react';
import { SelectField } from '../../../ui/fields.js';
import { loadAdditionalForms, type FormChoice } from './extras-api.js';
import { textOf, type PanelProps } from './panel-values.js';

/** SPEC §2 additional fields: a form shoppers fill in when they add the product (one of the site's additional-fields forms). */
export function AdditionalFieldsPanel({ product, change, errors, disabled }: PanelProps) {
  const [forms, setForms] = useState<FormChoice[] | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let live = true;
    loadAdditionalForms().then(
      (list) => live && setForms(list),
      (err: Error) => live && setFailed(err.message),
    );
    return () => {
      live = false;
    };
  }, []);
  const current = textOf(product.additionalFieldsFormId);
  const options = [{ value: '', label: 'None' }, ...(forms ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.fieldCount} field${f.fieldCount === 1 ? '' : 's'})` }))];
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: forms ? 'A form that no longer exists' : 'Loading…' });
  return (
    <div className="product-extra-panel" data-panel="additional-fields" data-state={forms ? 'ready' : failed ? 'failed' : 'loading'}>
      <SelectField label="Form shoppers fill in" disabled={disabled || !forms} value={current} options={options} onChange={(e) => change({ additionalFieldsFormId: e.currentTarget.value || null })} />
      {failed ? <p className="ui-field-error" role="alert">{failed}</p> : null}
      {errors.additionalFieldsFormId ? <p className="ui-field-error" role="alert">{errors.additionalFieldsFormId}</p> : null}
    </div>
  );
}
