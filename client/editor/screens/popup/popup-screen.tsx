import { useEffect, useState } from 'react';
import type { PopupDesign } from '../../../../domain/popups/popup.js';
import type { PopupState } from '../../../../edge/services/popups/popups.js';
import type { OwnerList } from '../../../../edge/services/newsletter/owner-lists.js';
import { OwnerApiError } from '../../api.js';
import { Button } from '../../ui/button.js';
import { SelectField, Switch, TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { Dialog } from '../../ui/dialog.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { useLoad } from '../../use-load.js';
import { FilePickerDialog } from '../files/file-picker.js';
import { loadPageLinks, type PageLink } from '../../page-links.js';
import { ChosenPagesPicker } from './chosen-pages.js';
import { loadLists, loadPopup, publishPopup, savePopup } from './popup-api.js';
import './popup.css';

/**
 * /config/popup: the site's promo popup (page type 104). The owner designs it (image from the
 * file picker, heading, text, a newsletter sign-up to a list or a button with a link), picks its
 * trigger, pages and frequency, sees it in a live preview, saves the draft and publishes it;
 * each publish is a new version, shown again to visitors who closed the last one.
 */
export function PopupScreen() {
  const { result, retry } = useLoad('popup', () => Promise.all([loadPopup(), loadLists(), loadPageLinks()]));
  if (result.state === 'loading') return <Skeleton label="Loading the popup" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  const [state, lists, pages] = result.data;
  // A reload after a conflict brings a newer revision: the editor starts again from it.
  return <PopupEditor key={state.revision} initial={state} lists={lists} pages={pages} onReload={retry} />;
}

function PopupEditor({ initial, lists, pages, onReload }: { initial: PopupState; lists: OwnerList[]; pages: PageLink[]; onReload: () => void }) {
  const [state, setState] = useState(initial);
  const [design, setDesign] = useState<PopupDesign>(initial.design);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [picking, setPicking] = useState(false);
  const [conflict, setConflict] = useState(false);
  const toast = useToast();
  const dirty = !conflict && JSON.stringify(design) !== JSON.stringify(state.design);
  useEffect(() => setErrors({}), [design]);

  const set = <K extends keyof PopupDesign>(key: K, value: PopupDesign[K]) => setDesign((d) => ({ ...d, [key]: value }));

  /** Saves (and publishes); answers whether it worked. A stale revision (412) opens the conflict dialog. */
  const run = async (kind: 'save' | 'publish'): Promise<boolean> => {
    setBusy(kind);
    setMessage('');
    try {
      let next = state;
      if (dirty || state.revision === 0) next = await savePopup(state.revision, design);
      if (kind === 'publish') next = await publishPopup(next.revision);
      setState(next);
      setDesign(next.design);
      toast(kind === 'publish' ? `Popup published (version ${next.published?.version ?? 0})` : 'Draft saved');
      return true;
    } catch (err) {
      const e = err instanceof OwnerApiError ? err : new OwnerApiError('Something went wrong', 0);
      if (e.status === 412) setConflict(true);
      else {
        setErrors(e.fields);
        setMessage(e.message);
      }
      return false;
    } finally {
      setBusy(null);
    }
  };

  // SPEC §4: leaving with unsaved changes asks to save or discard them.
  const unsaved = useUnsavedChanges(dirty, () => run('save'));
  const err = (path: string) => errors[`design.${path}`];
  const action = design.action;
  const trigger = design.trigger;

  return (
    <div className="popup-screen">
      <h1>Popup</h1>
      <form
        className="popup-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run('save');
        }}
      >
        <p className="popup-status" role="status">
          {state.published ? `Published version ${state.published.version}${state.unpublishedChanges || dirty ? ' · unpublished changes' : ''}` : 'Not published yet'}
        </p>
        <Switch checked={design.enabled} onChange={(v) => set('enabled', v)}>
          Show the popup on the site
        </Switch>
        <fieldset className="popup-group">
          <legend>Design</legend>
          <div className="popup-image-row">
            {design.imageUrl ? <img src={design.imageUrl} alt="" className="popup-image-thumb" /> : null}
            <Button variant="secondary" onClick={() => setPicking(true)}>
              {design.imageUrl ? 'Change image' : 'Choose image'}
            </Button>
            {design.imageUrl ? (
              <Button variant="secondary" onClick={() => setDesign((d) => ({ ...d, imageUrl: '', imageAlt: '' }))}>
                Remove image
              </Button>
            ) : null}
          </div>
          {design.imageUrl ? <TextField label="Image description (alt text)" value={design.imageAlt} maxLength={200} onChange={(e) => set('imageAlt', e.target.value)} error={err('imageAlt')} /> : null}
          <TextField label="Heading" value={design.heading} maxLength={120} onChange={(e) => set('heading', e.target.value)} error={err('heading')} />
          <label className="ui-field">
            <span>Text</span>
            <textarea value={design.text} maxLength={600} rows={3} onChange={(e) => set('text', e.target.value)} />
          </label>
          <SelectField
            label="The popup offers"
            value={action.kind}
            options={[
              { value: 'newsletter', label: 'A newsletter sign-up' },
              { value: 'link', label: 'A button with a link' },
            ]}
            onChange={(e) =>
              set('action', e.target.value === 'newsletter' ? { kind: 'newsletter', listId: lists[0]?.id ?? '', buttonLabel: 'Subscribe' } : { kind: 'link', label: 'Shop now', url: '/shop' })
            }
          />
          {action.kind === 'newsletter' ? (
            <>
              <SelectField
                label="Mailing list"
                value={action.listId}
                options={[{ value: '', label: 'Choose a list' }, ...lists.map((l) => ({ value: l.id, label: l.name }))]}
                onChange={(e) => set('action', { ...action, listId: e.target.value })}
              />
              {err('action.listId') ? <small className="ui-field-error">{err('action.listId')}</small> : null}
              <TextField label="Button label" value={action.buttonLabel} maxLength={60} onChange={(e) => set('action', { ...action, buttonLabel: e.target.value })} error={err('action.buttonLabel')} />
            </>
          ) : (
            <>
              <TextField label="Button label" value={action.label} maxLength={60} onChange={(e) => set('action', { ...action, label: e.target.value })} error={err('action.label')} />
              <TextField label="Button link" value={action.url} maxLength={2083} onChange={(e) => set('action', { ...action, url: e.target.value })} error={err('action.url')} />
            </>
          )}
        </fieldset>
        <fieldset className="popup-group">
          <legend>When it opens</legend>
          <SelectField
            label="Trigger"
            value={trigger.kind}
            options={[
              { value: 'delay', label: 'After some seconds' },
              { value: 'scroll', label: 'When the visitor scrolls down' },
              { value: 'exit', label: 'When the visitor is about to leave (desktop)' },
            ]}
            onChange={(e) => {
              const kind = e.target.value;
              set('trigger', kind === 'scroll' ? { kind: 'scroll', percent: 50 } : kind === 'exit' ? { kind: 'exit', fallbackSeconds: 10 } : { kind: 'delay', seconds: 5 });
            }}
          />
          {trigger.kind === 'delay' ? <TextField label="Seconds after the page opens" type="number" min={0} max={600} value={trigger.seconds} onChange={(e) => set('trigger', { kind: 'delay', seconds: Number(e.target.value) })} error={err('trigger.seconds')} /> : null}
          {trigger.kind === 'scroll' ? <TextField label="Scrolled percent of the page" type="number" min={1} max={100} value={trigger.percent} onChange={(e) => set('trigger', { kind: 'scroll', percent: Number(e.target.value) })} error={err('trigger.percent')} /> : null}
          {trigger.kind === 'exit' ? (
            <TextField
              label="On phones and tablets, after seconds"
              hint="Phones have no pointer leaving the window: the popup opens after this many seconds instead."
              type="number"
              min={0}
              max={600}
              value={trigger.fallbackSeconds}
              onChange={(e) => set('trigger', { kind: 'exit', fallbackSeconds: Number(e.target.value) })}
              error={err('trigger.fallbackSeconds')}
            />
          ) : null}
          <SelectField
            label="Pages"
            value={design.pages.mode}
            options={[
              { value: 'all', label: 'Every page' },
              { value: 'chosen', label: 'Chosen pages' },
            ]}
            onChange={(e) => set('pages', e.target.value === 'chosen' ? { mode: 'chosen', paths: ['/'] } : { mode: 'all' })}
          />
          {design.pages.mode === 'chosen' ? (
            <ChosenPagesPicker
              pages={pages}
              paths={design.pages.paths}
              onChange={(paths) => set('pages', { mode: 'chosen', paths })}
              error={err('pages.paths') ?? Object.entries(errors).find(([k]) => k.startsWith('design.pages.paths'))?.[1]}
            />
          ) : null}
          <SelectField
            label="After a visitor closes it"
            value={design.frequency.mode}
            options={[
              { value: 'once', label: 'Do not show it again until a new version is published' },
              { value: 'days', label: 'Show it again after some days' },
            ]}
            onChange={(e) => set('frequency', e.target.value === 'days' ? { mode: 'days', days: 7 } : { mode: 'once' })}
          />
          {design.frequency.mode === 'days' ? <TextField label="Days" type="number" min={1} max={365} value={design.frequency.days} onChange={(e) => set('frequency', { mode: 'days', days: Number(e.target.value) })} error={err('frequency.days')} /> : null}
        </fieldset>
        {message ? (
          <p className="ui-field-error" role="alert">
            {message}
          </p>
        ) : null}
        <div className="popup-actions">
          <Button type="submit" variant="secondary" busy={busy === 'save'} disabled={busy !== null}>
            Save draft
          </Button>
          <Button busy={busy === 'publish'} disabled={busy !== null} onClick={() => void run('publish')}>
            Publish
          </Button>
        </div>
      </form>
      <section className="popup-preview" aria-label="Preview">
        <h2>Preview</h2>
        <div className="popup-preview-frame">
          <div className="popup-preview-card" data-testid="popup-preview">
            <span className="popup-preview-close" aria-hidden="true">
              ×
            </span>
            {design.imageUrl ? <img src={design.imageUrl} alt={design.imageAlt} /> : null}
            <h3>{design.heading}</h3>
            {design.text ? <p>{design.text}</p> : null}
            {action.kind === 'newsletter' ? (
              <div className="popup-preview-form">
                <span className="popup-preview-input">Email address</span>
                <span className="popup-preview-button">{action.buttonLabel}</span>
              </div>
            ) : (
              <span className="popup-preview-button">{action.label}</span>
            )}
          </div>
        </div>
      </section>
      <Dialog
        open={conflict}
        title="This popup changed"
        onClose={() => setConflict(false)}
        actions={<Button onClick={() => { setConflict(false); onReload(); }}>Reload</Button>}
      >
        <p>Someone else saved this popup since you opened it. Reload to see their changes, then edit again.</p>
      </Dialog>
      {unsaved}
      <FilePickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(file) => {
          setDesign((d) => ({ ...d, imageUrl: file.url ?? '', imageAlt: d.imageAlt || file.altText }));
          setPicking(false);
        }}
      />
    </div>
  );
}
