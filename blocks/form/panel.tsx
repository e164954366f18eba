import { ChoiceList, useOwnerGet, type BlockPanelProps, type FormChoice } from '../../client/editor/screens/page-editor/panel-kit.js';
import { ErrorPanel, Skeleton } from '../../client/editor/ui/states.js';

const KIND: Record<string, string> = { contact: 'Contact form', newsletter: 'Newsletter sign-up' };

/** The form block's settings: one of the site's forms (GET /api/owner/block-sources/forms), by name. */
export function FormPanel({ value, onChange }: BlockPanelProps) {
  const forms = useOwnerGet<{ forms: FormChoice[] }>('/api/owner/block-sources/forms');
  const chosen = String(value.form ?? '');
  const current = forms.state === 'ready' ? forms.data.forms.find((f) => f.id === chosen) : undefined;
  return (
    <div className="pe-fields">
      <p className="pe-muted" data-chosen-form>
        {chosen ? `Showing: ${current?.name ?? chosen}` : 'No form chosen yet.'}
      </p>
      {forms.state === 'loading' ? <Skeleton rows={2} label="Loading forms" /> : null}
      {forms.state === 'error' ? <ErrorPanel message={forms.message} onRetry={forms.retry} /> : null}
      {forms.state === 'ready' && forms.data.forms.length === 0 ? <p className="pe-muted">This site has no forms yet.</p> : null}
      {forms.state === 'ready' ? (
        <ChoiceList label="Forms" items={forms.data.forms} chosen={chosen} onPick={(f) => onChange({ ...value, form: f.id }, 'form')}>
          {(f) => (
            <>
              <span>{f.name}</span>
              <small>
                {KIND[f.kind] ?? 'Form'}, {f.fields === 1 ? '1 field' : `${f.fields} fields`}
              </small>
            </>
          )}
        </ChoiceList>
      ) : null}
    </div>
  );
}
