import { useRef, useState } from 'react';
import type { FormUse, FormSummary } from '../../../../edge/services/forms/builder.js';
import type { OwnerList } from '../../../../edge/services/newsletter/owner-lists.js';
import { FORM_MODEL_TABS, type FieldType } from '../../../../domain/forms/field-types.js';
import type { FormModel } from '../../../../domain/forms/form-model.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { Link, navigate } from '../../router.js';
import { useLoad } from '../../use-load.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { Checkbox, SelectField, Switch, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { blankModel, FIELD_LABELS, FIELD_TYPE_NAMES, modelBody, newField, type BuilderForm, type DraftField } from './builder-draft.js';
import { FieldList } from './field-list.js';
import { FieldPanel } from './field-panel.js';
import { FormPreview } from './form-preview.js';

const BASE = '/api/owner/forms';
type Tab = (typeof FORM_MODEL_TABS)[number];
const TAB_LABEL: Record<Tab, string> = { build: 'Build', storage: 'Storage', advanced: 'Advanced', captcha: 'Captcha', disclaimer: 'Disclaimer' };

/** /config/forms: the site's contact and newsletter forms, each opening the builder. */
export function FormsScreen() {
  const { result, retry } = useLoad('forms', () => ownerFetch<{ forms: FormSummary[] }>('GET', BASE));
  return (
    <div className="fb-forms">
      <div className="owner-panel-head">
        <h1>Forms</h1>
        <Link className="ui-button" data-variant="primary" href="/config/forms/new">New form</Link>
      </div>
      {result.state === 'loading' ? <Skeleton label="Loading forms" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' && result.data.forms.length === 0 ? <EmptyState title="No forms yet" /> : null}
      {result.state === 'ready' && result.data.forms.length ? (
        <ul className="tags-list">
          {result.data.forms.map((f) => (
            <li key={f.id} className="tags-row" data-form-row={f.name}>
              <Link className="tags-name" href={`/config/forms/${f.id}`}>{f.name}</Link>
              <span className="ui-badge">{f.kind === 'newsletter' ? 'Newsletter' : 'Contact'}</span>
              <span className="tags-count">{f.fields === 1 ? '1 field' : `${f.fields} fields`}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** /config/forms/:id (`new` for a new form): the builder. */
export function FormEditorScreen({ id }: { id: string }) {
  const isNew = id === 'new';
  const { result, retry } = useLoad(`form-${id}`, async () => {
    const [form, lists] = await Promise.all([
      isNew ? Promise.resolve({ form: undefined, usedBy: [] as FormUse[] }) : ownerFetch<{ form: BuilderForm; usedBy: FormUse[] }>('GET', `${BASE}/${id}`),
      ownerFetch<{ lists: OwnerList[] }>('GET', '/api/owner/mailing-lists').catch(() => ({ lists: [] as OwnerList[] })),
    ]);
    return { ...form, lists: lists.lists };
  });
  if (result.state === 'loading') return <Skeleton label="Loading the form" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  return <Builder key={id} form={result.data.form} usedBy={result.data.usedBy} lists={result.data.lists} />;
}

/** PUT or DELETE with If-Match; failures (412 included) as OwnerApiError with the server's text. */
async function withVersion<T>(method: 'PUT' | 'DELETE', path: string, version: number, body?: unknown): Promise<T | undefined> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${version}"` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  if (res.status === 204) return undefined;
  const json = (await res.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string> } & T;
  if (!res.ok) throw new OwnerApiError(json.message ?? TEXT.failed, res.status, json.fields ?? {});
  return json;
}

function Builder({ form, usedBy, lists }: { form: BuilderForm | undefined; usedBy: FormUse[]; lists: OwnerList[] }) {
  const toast = useToast();
  const [model, setModel] = useState<FormModel>(() => (form ? modelBody(form) : blankModel()));
  const [saved, setSaved] = useState(() => JSON.stringify(form ? modelBody(form) : blankModel()));
  const [formId, setFormId] = useState(form?.id);
  const [version, setVersion] = useState(form?.version ?? 0);
  const [tab, setTab] = useState<Tab>('build');
  const [selected, setSelected] = useState<string | undefined>(form?.build.fields[0]?.id);
  const [adding, setAdding] = useState<FieldType>('text');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const dirty = JSON.stringify(model) !== saved;

  const fields = model.build.fields;
  const setFields = (next: DraftField[]) => setModel((m) => ({ ...m, build: { fields: next } }));
  const patch = <K extends keyof FormModel>(key: K, value: Partial<FormModel[K]>) => setModel((m) => ({ ...m, [key]: { ...(m[key] as object), ...value } }));

  const save = async (): Promise<boolean> => {
    setBusy(true);
    setMessage('');
    setErrors({});
    try {
      const body = modelBody(model);
      const answer = formId
        ? await withVersion<{ form: BuilderForm }>('PUT', `${BASE}/${formId}`, version, body)
        : await ownerFetch<{ form: BuilderForm }>('POST', BASE, body);
      const next = answer!.form;
      setVersion(next.version);
      setSaved(JSON.stringify(modelBody(next)));
      setModel(modelBody(next));
      toast('Form saved.');
      if (!formId) {
        setFormId(next.id);
        navigate(`/config/forms/${next.id}`, true);
      }
      return true;
    } catch (error) {
      if (error instanceof OwnerApiError) {
        if (error.status === 412) setConflict(true);
        setErrors(error.fields);
        setMessage(error.message);
        const firstTab = FORM_MODEL_TABS.find((t) => Object.keys(error.fields).some((k) => k.startsWith(`${t}.`)));
        if (firstTab) setTab(firstTab);
      } else setMessage(TEXT.failed);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const prompt = useUnsavedChanges(dirty, save);

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await withVersion('DELETE', `${BASE}/${formId}`, version);
      setSaved(JSON.stringify(model));
      toast('Form deleted.');
      navigate('/config/forms');
    } catch (error) {
      setMessage(error instanceof OwnerApiError ? error.message : TEXT.failed);
    }
  };

  const selectedIndex = fields.findIndex((f) => f.id === selected);
  const err = (path: string) => errors[path];
  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = FORM_MODEL_TABS[(i + step + FORM_MODEL_TABS.length) % FORM_MODEL_TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <form className="owner-form fb-builder" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} onKeyDown={(e) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    }}>
      <div className="owner-panel-head">
        <h1>{formId ? 'Edit form' : 'New form'}</h1>
        <span className="fb-muted" data-save-state>{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
      </div>
      <p className="tags-notice" role="status" data-form-message>{message}</p>
      {usedBy.length ? (
        <p className="fb-muted" data-used-by>
          Shown on {usedBy.map((u) => u.title).join(', ')}. Visitors who already opened a page keep sending the version they saw.
        </p>
      ) : null}
      <div className="fb-columns">
        <div className="fb-main">
          <TextField label="Form name" value={model.name} maxLength={200} error={err('name')} onChange={(e) => setModel((m) => ({ ...m, name: e.target.value }))} />
          <div role="tablist" aria-label="Form settings" className="fb-tabs">
            {FORM_MODEL_TABS.map((t, i) => (
              <button key={t} type="button" role="tab" id={`fb-tab-${t}`} aria-controls={`fb-panel-${t}`} aria-selected={tab === t} tabIndex={tab === t ? 0 : -1} ref={(el) => { tabRefs.current[t] = el; }} onKeyDown={(e) => onTabKey(e, i)} onClick={() => setTab(t)}>
                {TAB_LABEL[t]}
                {Object.keys(errors).some((k) => k.startsWith(`${t}.`)) ? <span className="fb-dot" aria-label=" (has problems)" /> : null}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`fb-panel-${tab}`} aria-labelledby={`fb-tab-${tab}`} className="fb-tabpanel">
            {tab === 'build' ? (
              <div className="fb-build">
                <FieldList fields={fields} selected={selected} errors={errors} onSelect={setSelected} onFields={setFields} />
                <div className="owner-row-actions fb-add">
                  <SelectField label="Field type" value={adding} onChange={(e) => setAdding(e.target.value as FieldType)} options={FIELD_TYPE_NAMES.map((t) => ({ value: t, label: FIELD_LABELS[t] }))} />
                  <Button variant="secondary" disabled={fields.length >= 100} onClick={() => {
                    const field = newField(adding, fields);
                    setFields([...fields, field]);
                    setSelected(field.id);
                  }}>
                    Add field
                  </Button>
                </div>
                {selectedIndex >= 0 ? (
                  <FieldPanel key={fields[selectedIndex]!.id} field={fields[selectedIndex]!} index={selectedIndex} errors={errors} onChange={(next) => setFields(fields.map((f, i) => (i === selectedIndex ? next : f)))} />
                ) : null}
              </div>
            ) : null}
            {tab === 'storage' ? (
              <div className="fb-storage">
                <p className="fb-muted">Every submission is kept in Form submissions.</p>
                <Switch checked={model.storage.email.enabled} onChange={(enabled) => patch('storage', { email: { ...model.storage.email, enabled } })}>Email each submission</Switch>
                {model.storage.email.enabled ? (
                  <>
                    <TextField label="To" type="text" value={model.storage.email.to} error={err('storage.email.to')} onChange={(e) => patch('storage', { email: { ...model.storage.email, to: e.target.value } })} />
                    <TextField label="Cc" hint="Separate addresses with commas." value={model.storage.email.cc} error={err('storage.email.cc')} onChange={(e) => patch('storage', { email: { ...model.storage.email, cc: e.target.value } })} />
                    <TextField label="Bcc" hint="Separate addresses with commas." value={model.storage.email.bcc} error={err('storage.email.bcc')} onChange={(e) => patch('storage', { email: { ...model.storage.email, bcc: e.target.value } })} />
                    <TextField label="Subject" value={model.storage.email.subject} maxLength={300} error={err('storage.email.subject')} onChange={(e) => patch('storage', { email: { ...model.storage.email, subject: e.target.value } })} />
                  </>
                ) : null}
                <Switch checked={model.storage.mailingList.enabled} onChange={(enabled) => patch('storage', { mailingList: { ...model.storage.mailingList, enabled } })}>Add the sender to a mailing list</Switch>
                {model.storage.mailingList.enabled ? (
                  <>
                    <SelectField label="Mailing list" value={model.storage.mailingList.listId ?? ''} onChange={(e) => patch('storage', { mailingList: { enabled: true, listId: e.target.value || null } })} options={[{ value: '', label: 'Choose a list' }, ...lists.map((l) => ({ value: l.id, label: l.name }))]} />
                    {err('storage.mailingList.listId') ? <p className="ui-field-error" data-field-error>{err('storage.mailingList.listId')}</p> : null}
                  </>
                ) : null}
              </div>
            ) : null}
            {tab === 'advanced' ? (
              <div className="fb-advanced">
                <TextField label="Submit button label" value={model.advanced.submitLabel} maxLength={100} error={err('advanced.submitLabel')} onChange={(e) => patch('advanced', { submitLabel: e.target.value })} />
                <TextArea label="Text shown after submitting" value={model.advanced.successText} error={err('advanced.successText')} onChange={(successText) => patch('advanced', { successText })} />
                <TextField label="Or go to this page after submitting" hint="A path of this site such as /thanks, or a full https:// address." value={model.advanced.successUrl} error={err('advanced.successUrl')} onChange={(e) => patch('advanced', { successUrl: e.target.value })} />
                <TextArea label="Post-submit code" hint="Runs after a submission in a sandboxed frame, like an HTML block." value={model.advanced.postSubmitHtml} error={err('advanced.postSubmitHtml')} onChange={(postSubmitHtml) => patch('advanced', { postSubmitHtml })} />
              </div>
            ) : null}
            {tab === 'captcha' ? (
              <div className="fb-captcha">
                <Checkbox label="Ask visitors to pass a bot check" checked={model.captcha.enabled} onChange={(e) => patch('captcha', { enabled: e.target.checked })} />
                <p className="fb-muted">The check runs with the site key of the store settings; without one the form is protected by its hidden trap field and time check.</p>
              </div>
            ) : null}
            {tab === 'disclaimer' ? (
              <TextArea label="Disclaimer shown under the form" value={model.disclaimer.text} error={err('disclaimer.text')} onChange={(text) => patch('disclaimer', { text })} />
            ) : null}
          </div>
        </div>
        <aside className="fb-preview-col" aria-label="Preview">
          <h2>Preview</h2>
          <FormPreview model={model} />
        </aside>
      </div>
      <div className="owner-row-actions">
        <Button type="submit" busy={busy}>Save form</Button>
        {formId ? <Button variant="danger" onClick={() => setConfirmDelete(true)}>Delete form</Button> : null}
        <Link href="/config/forms">Back to forms</Link>
      </div>
      {prompt}
      <Dialog open={conflict} title="This form was changed elsewhere" onClose={() => setConflict(false)} actions={
        <>
          <Button variant="secondary" onClick={() => setConflict(false)}>Keep editing</Button>
          <Button onClick={() => { setSaved(JSON.stringify(model)); window.location.reload(); }}>Reload the form</Button>
        </>
      }>
        <p>Someone saved this form since you opened it. Reload to see their version (your changes here are not saved), or keep editing and copy what you need first.</p>
      </Dialog>
      <Dialog open={confirmDelete} title="Delete this form?" onClose={() => setConfirmDelete(false)} actions={
        <>
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button variant="danger" onClick={() => void remove()}>Delete</Button>
        </>
      }>
        <p>The form and all its submissions are deleted. A form shown on a published page cannot be deleted.</p>
      </Dialog>
    </form>
  );
}

function TextArea({ label, hint, value, error, onChange }: { label: string; hint?: string; value: string; error?: string | undefined; onChange: (value: string) => void }) {
  return (
    <label className="ui-field">
      <span>{label}</span>
      <textarea rows={4} value={value} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      {hint ? <small>{hint}</small> : null}
      {error ? <small className="ui-field-error" data-field-error>{error}</small> : null}
    </label>
  );
}
