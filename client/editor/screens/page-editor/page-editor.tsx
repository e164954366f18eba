// First: block schemas are built without Zod's eval probe (see the module).
import './zod-jitless.js';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { blockDefinition } from '../../../../blocks/registry.js';
import { OwnerApiError, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useLoad } from '../../use-load.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { DeviceSwitch, FrameFit, type Device } from './grid/devices.js';
import { GridPanel } from './grid/grid-panel.js';
import { BlockSettings } from './block-settings.js';
import { HistoryDrawer } from './history-drawer.js';
import { PageSettingsPanel } from './page-settings.js';
import { useScheduleRefresh, type ScheduleState } from './use-schedule-refresh.js';
import { addBlock, addSection, deleteBlock, deleteSection, freshId, moveBlock, moveSection, setBlockProps, setSectionDesign } from './layout-ops.js';
import {
  cancelLanguageSchedule, divergeLayout, dropLanguageLayout, type EditorPage, heartbeat, inLanguage, loadLanguageLayout, loadPage, mayPublish, publishLanguageLayout, publishPage, releaseLock,
  takePage,
} from './page-api.js';
import { ScheduleDialog } from '../pages/page-dialogs.js';
import type { OwnerPage } from '../pages/tree.js';
import { BlockMenu } from './menus/block-menu.js';
import { SectionMenu } from './menus/section-menu.js';
import { addStarterSection } from './menus/starter-ops.js';
import { DraftPreview } from './preview/draft-preview.js';
import { fieldsOf, labelOf } from './schema-fields.js';
import { type SaveState, usePageDraft } from './use-page-draft.js';

/** The lock heartbeat (docs/api/pages.md: every 20-30 s; a lock is stale after 60 s). */
const HEARTBEAT_MS = 30_000;
const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  // Autosave runs a moment after each change: pending is shown as saving (the issue's four states).
  unsaved: 'Saving…',
  offline: 'Offline: changes kept on this device',
  conflict: 'Conflict',
  refused: 'Not saved',
};

/** /config/pages/{id}/edit: loads the page, then the editor. */
export function PageEditorScreen({ id }: { id: string }) {
  const { result, retry } = useLoad(id, () => takePage(id));
  if (result.state === 'loading') return <Skeleton label="Loading the page" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  return <LanguageEditors first={result.data} />;
}

/** Which layout the editor shows for a language (issue 29): loading, shared (texts translated), its own copy, or a failed load. */
type LanguageView = { state: 'loading' } | { state: 'shared' } | { state: 'own'; page: EditorPage } | { state: 'error'; message: string };

/**
 * The page editor with a language selector on a multilingual site: the main layout (shared by
 * every language, texts translated) or an added language's. A language that shares the layout
 * says so, links to its translations and offers its own copy; one with a copy edits it in the
 * same editor (saves, publish and conflicts against the copy's versions).
 */
function LanguageEditors({ first }: { first: EditorPage }) {
  const languages = first.addedLanguages ?? [];
  const [language, setLanguage] = useState('');
  const [view, setView] = useState<LanguageView>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const name = languages.find((l) => l.code === language)?.name ?? language;

  const choose = (code: string) => {
    setLanguage(code);
    if (!code) return;
    setView({ state: 'loading' });
    loadLanguageLayout(first.id, code).then(
      (own) => setView(own.shared ? { state: 'shared' } : { state: 'own', page: inLanguage(first, own)! }),
      (e: unknown) => setView({ state: 'error', message: e instanceof Error ? e.message : TEXT.failed }),
    );
  };
  const diverge = () => {
    setBusy(true);
    divergeLayout(first.id, language)
      .then((own) => setView({ state: 'own', page: inLanguage(first, own)! }), (e: unknown) => setView({ state: 'error', message: e instanceof Error ? e.message : TEXT.failed }))
      .finally(() => setBusy(false));
  };

  const selector = languages.length ? (
    <div className="pe-languages">
      <SelectField
        label="Layout for"
        value={language}
        options={[{ value: '', label: 'All languages (shared layout)' }, ...languages.map((l) => ({ value: l.code, label: l.name }))]}
        onChange={(e) => choose(e.target.value)}
      />
    </div>
  ) : null;
  if (!language) return <PageEditor key="" first={first} toolbarStart={selector} />;
  if (view.state === 'own') return <PageEditor key={language} first={view.page} toolbarStart={selector} onShared={() => setView({ state: 'shared' })} />;
  return (
    <div className="pe" data-page-editor data-language={language}>
      <header className="pe-toolbar">
        <h1 className="pe-title">{first.title}</h1>
        {selector}
      </header>
      {view.state === 'loading' ? <Skeleton label={`Loading the ${name} layout`} /> : null}
      {view.state === 'error' ? <ErrorPanel message={view.message} onRetry={() => choose(language)} /> : null}
      {view.state === 'shared' ? (
        <section className="pe-panel pe-shared" aria-label={`${name} layout`}>
          <h2>{name} uses the shared layout</h2>
          <p>
            Visitors of the {name} page see this page's layout with its texts translated. Edit the translations on the <a href="/config/languages">Languages</a> screen, or
            give {name} a layout of its own, starting from a copy of the current draft.
          </p>
          <Button busy={busy} onClick={diverge}>Use a separate layout for {name}</Button>
        </section>
      ) : null}
    </div>
  );
}

type Selection = { section: number; block?: number | undefined } | undefined;

/**
 * The page editor: toolbar (save state, undo/redo, device, publish, history), the worker's
 * own render of the draft in a frame (patched after each save, with the overlay of preview/:
 * the editor never draws blocks itself) and the outline with the selected block's props form.
 */
function PageEditor({ first, toolbarStart, onShared }: { first: EditorPage; toolbarStart?: ReactNode; onShared?: () => void }) {
  const draft = usePageDraft(first);
  const language = first.language;
  const languageName = first.addedLanguages?.find((l) => l.code === language)?.name ?? language;
  const [sharing, setSharing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const { page, layout, state, edit } = draft;
  const { timeZone } = useOwner();
  const [selected, setSelected] = useState<Selection>(layout.sections.length ? { section: 0 } : undefined);
  const [device, setDevice] = useState<Device>('desktop');
  const [history, setHistory] = useState(false);
  const [settings, setSettings] = useState(false);
  // A revision shown in the frame from the history (undefined: the draft).
  const [previewing, setPreviewing] = useState<number | undefined>();
  const [lock, setLock] = useState(first.lock);
  const [publishing, setPublishing] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const canPublish = useMemo(mayPublish, []);
  const prompt = useUnsavedChanges(draft.dirty, draft.saveNow);

  // Ctrl/Cmd+Z undoes a layout edit, Shift+Ctrl/Cmd+Z and Ctrl+Y redo; inside a text field the field's own undo runs.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) draft.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') draft.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // The lock heartbeat while the editor is open; let go on leaving.
  useEffect(() => {
    const beat = () => heartbeat(first.id).then(setLock, () => undefined);
    void beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      void releaseLock(first.id).catch(() => undefined);
    };
  }, [first.id]);

  const change = (next: PageLayout, key?: string) => {
    setMessage(undefined);
    edit(next, key);
  };
  const sectionIndex = selected?.section ?? layout.sections.length - 1;
  const section = layout.sections[selected?.section ?? -1];
  const block = selected?.block !== undefined ? section?.blocks[selected.block] : undefined;
  const definition = block ? blockDefinition(block.type) : undefined;
  const specs = useMemo(() => (definition ? fieldsOf(definition.props) : []), [definition]);

  const onAddSection = (starter?: string) => {
    const next = addStarterSection(layout, sectionIndex, starter);
    change(next);
    setSelected({ section: Math.max(0, sectionIndex + 1) });
  };
  const onAddBlock = (type: string) => {
    let next = layout;
    let s = selected?.section ?? layout.sections.length - 1;
    if (s < 0 || !next.sections[s]) {
      next = addSection(next, freshId(next, 's'));
      s = next.sections.length - 1;
    }
    next = addBlock(next, s, type, freshId(next, 'b'));
    change(next);
    setSelected({ section: s, block: next.sections[s]!.blocks.length - 1 });
  };
  const publish = () => {
    setPublishing(true);
    setMessage(undefined);
    draft
      .saveNow()
      .then((kept) => (kept ? (language ? publishLanguageLayout(first.id, language, draft.page.draftVersion) : publishPage(first.id, draft.page.draftVersion)) : undefined))
      .then((p) => {
        if (p) {
          const next = { ...draft.page, ...p };
          draft.setPage(next);
          setMessage(`Published. Visitors see this version at ${next.url}.`);
        }
      }, (e: unknown) => setMessage(e instanceof OwnerApiError ? e.message : TEXT.failed))
      .finally(() => setPublishing(false));
  };

  const reload = () => (language ? loadLanguageLayout(first.id, language).then((own) => inLanguage(first, own) ?? Promise.reject(new Error(TEXT.failed))) : loadPage(first.id));
  // A language copy's schedule (the page's own is in Page settings).
  const scheduleLanguage = () => {
    setMessage(undefined);
    void draft.saveNow().then((kept) => kept && setScheduling(true));
  };
  const cancelLanguage = () => {
    cancelLanguageSchedule(first.id, language!).then((p) => {
      draft.setPage({ ...draft.page, ...p });
      setMessage('The schedule is cancelled.');
    }, (e: unknown) => setMessage(e instanceof OwnerApiError ? e.message : TEXT.failed));
  };
  // The Cron publishes a scheduled language layout on its own: the notice follows (issue 29).
  useScheduleRefresh(first.id, language, page.publishAt, (fresh: ScheduleState) => {
    if (fresh.publishAt === page.publishAt && fresh.scheduledVersion === page.scheduledVersion) return;
    const published = !fresh.publishAt && page.scheduledVersion != null && fresh.publishedVersion === page.scheduledVersion;
    draft.setPage((p) => ({ ...p, ...fresh }));
    if (published) setMessage(`Published. Visitors see version ${fresh.publishedVersion} of the ${languageName} layout at ${page.url}.`);
  });
  const backToShared = () => {
    setSharing(false);
    dropLanguageLayout(first.id, language!).then(() => onShared?.(), (e: unknown) => setMessage(e instanceof OwnerApiError ? e.message : TEXT.failed));
  };

  return (
    <div className="pe" data-page-editor data-save-state={state} data-language={language}>
      <header className="pe-toolbar">
        <h1 className="pe-title">{language ? `${page.title} · ${languageName}` : page.title}</h1>
        {toolbarStart}
        <p className="pe-state" role="status" data-state={state}>
          {SAVE_TEXT[state]}
        </p>
        <div className="pe-actions">
          <Button variant="secondary" disabled={!draft.canUndo} onClick={draft.undo} aria-keyshortcuts="Control+Z Meta+Z">Undo</Button>
          <Button variant="secondary" disabled={!draft.canRedo} onClick={draft.redo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">Redo</Button>
          <DeviceSwitch device={device} onChange={setDevice} />
          <Button variant="secondary" aria-expanded={history} onClick={() => setHistory((h) => !h)}>History</Button>
          {language ? (
            <>
              <Button variant="secondary" onClick={() => setSharing(true)}>Use the shared layout</Button>
              {canPublish ? <Button variant="secondary" disabled={state === 'conflict'} onClick={scheduleLanguage}>Schedule…</Button> : null}
            </>
          ) : (
            <Button variant="secondary" aria-expanded={settings} onClick={() => setSettings((o) => !o)}>Page settings</Button>
          )}
          {canPublish ? <Button busy={publishing} disabled={state === 'conflict'} onClick={publish}>Publish</Button> : null}
        </div>
      </header>
      {lock ? (
        <p className="pe-notice" role="status" data-page-locked>
          {lock.by} is editing this page (since {formatTime(lock.since, timeZone)}). Saves are checked, so neither of you loses changes, but you may see a conflict.
        </p>
      ) : null}
      {draft.restored && state !== 'conflict' ? <p className="pe-notice" role="status" data-restored>Restored the changes this device kept that had not been saved.</p> : null}
      {state === 'refused' && draft.refusal ? <p className="pe-notice" role="alert">{draft.refusal}</p> : null}
      {message ? <p className="pe-notice" role="status">{message}</p> : null}
      {language && page.publishAt ? (
        <p className="pe-notice" role="status" data-language-schedule>
          Version {page.scheduledVersion} of the {languageName} layout goes live {formatTime(page.publishAt, timeZone)}.{' '}
          {canPublish ? <button type="button" className="pe-link" onClick={cancelLanguage}>Cancel the schedule</button> : null}
        </p>
      ) : null}
      <div className="pe-body">
        <div className="pe-preview" data-device={device}>
          <FrameFit device={device} />
          {previewing !== undefined ? (
            <p className="pe-notice pe-previewing" role="status">
              Showing version {previewing}. <button type="button" className="pe-link" onClick={() => setPreviewing(undefined)}>Back to the draft</button>
            </p>
          ) : null}
          {previewing === undefined ? (
            <DraftPreview src={`${page.url}?preview`} version={page.draftVersion} savedCount={draft.savedCount} saving={state === 'saving'} layout={layout} selected={selected} onSelect={setSelected} change={change} />
          ) : (
            <iframe key={previewing} title={`Preview of version ${previewing}`} src={`${page.url}?preview&revision=${previewing}`} className="pe-frame" data-preview-version={previewing} />
          )}
        </div>
        <div className="pe-side">
          {history ? (
            <HistoryDrawer page={page} previewing={previewing} saveFirst={draft.saveNow} draftVersion={draft.draftVersion} onPreview={setPreviewing} onClose={() => setHistory(false)} onRestored={(p) => {
              setPreviewing(undefined);
              draft.adopt(p);
              setSelected(undefined);
            }} />
          ) : null}
          {settings ? <PageSettingsPanel page={page} saveFirst={draft.saveNow} onClose={() => setSettings(false)} onSaved={(p) => draft.setPage({ ...draft.page, ...p })} /> : null}
          <Outline layout={layout} selected={selected} onSelect={setSelected} change={change} onAddSection={onAddSection} onAddBlock={onAddBlock} />
          {section ? <GridPanel layout={layout} sectionIndex={sectionIndex} device={device} selectedBlock={selected?.block} onSelect={(b) => setSelected({ section: sectionIndex, block: b })} change={change} /> : null}
          {section && !block ? (
            <section className="pe-panel" aria-label="Section design">
              <h2>Section {sectionIndex + 1}</h2>
              <SelectField label="Padding" value={section.design.padding} options={['small', 'medium', 'large'].map((v) => ({ value: v, label: labelOf(v) }))} onChange={(e) => change(setSectionDesign(layout, sectionIndex, { padding: e.target.value as 'small' }))} />
              <SelectField label="Theme" value={section.design.theme} options={['light', 'dark', 'accent'].map((v) => ({ value: v, label: labelOf(v) }))} onChange={(e) => change(setSectionDesign(layout, sectionIndex, { theme: e.target.value as 'light' }))} />
            </section>
          ) : null}
          {block && definition && selected?.block !== undefined ? (
            <section className="pe-panel" aria-label="Block settings" key={block.id}>
              <h2>{labelOf(block.type)} block</h2>
              <BlockSettings type={block.type} specs={specs} value={block.props} onChange={(props, key) => change(setBlockProps(layout, selected.section, selected.block!, props), `${block.id}:${key}`)} />
            </section>
          ) : null}
        </div>
      </div>
      <Dialog
        open={state === 'conflict' && draft.conflict !== undefined}
        title="Someone else saved this page"
        onClose={() => undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => reload().then(draft.adopt, () => setMessage(TEXT.loadRetry))}>Load their version</Button>
            <Button variant="danger" onClick={draft.keepMine}>Keep mine as a new version</Button>
          </>
        }
      >
        {draft.conflict ? (
          <p>
            {draft.conflict.author ?? 'Someone'} saved version {draft.conflict.version} at {formatTime(draft.conflict.savedAt, timeZone)} since you opened it. Load their version (your
            unsaved edits are dropped), or keep yours: it is saved as a new version over theirs, and theirs stays in the history.
          </p>
        ) : null}
      </Dialog>
      <Dialog
        open={sharing}
        title={`Use the shared layout for ${languageName}?`}
        onClose={() => setSharing(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setSharing(false)}>Cancel</Button>
            <Button variant="danger" onClick={backToShared}>Drop the {languageName} layout</Button>
          </>
        }
      >
        <p>The {languageName} layout is deleted, its published version too: {languageName} visitors see the shared layout with its translated texts again.</p>
      </Dialog>
      {scheduling && language ? (
        <ScheduleDialog page={page as unknown as OwnerPage} language={{ code: language, name: languageName ?? language }} onClose={() => setScheduling(false)} onSaved={(saved) => {
          setScheduling(false);
          draft.setPage({ ...draft.page, publishAt: saved.publishAt, scheduledVersion: saved.scheduledVersion });
        }} />
      ) : null}
      {prompt}
    </div>
  );
}

function Outline({ layout, selected, onSelect, change, onAddSection, onAddBlock }: {
  layout: PageLayout;
  selected: Selection;
  onSelect: (s: Selection) => void;
  change: (next: PageLayout) => void;
  onAddSection: (starter?: string) => void;
  onAddBlock: (type: string) => void;
}) {
  return (
    <nav className="pe-outline" aria-label="Sections and blocks">
      <h2>Sections</h2>
      {layout.sections.length === 0 ? <p className="pe-muted">This page is empty. Add a section or a block.</p> : null}
      <ol>
        {layout.sections.map((section, s) => (
          <li key={section.id} className="pe-section">
            <div className="pe-item" data-selected={selected?.section === s && selected.block === undefined}>
              <button type="button" className="pe-pick" aria-current={selected?.section === s && selected.block === undefined ? 'true' : undefined} onClick={() => onSelect({ section: s })}>
                Section {s + 1}
              </button>
              <button type="button" className="pe-icon" aria-label={`Move section ${s + 1} up`} disabled={s === 0} onClick={() => change(moveSection(layout, s, -1))}>↑</button>
              <button type="button" className="pe-icon" aria-label={`Move section ${s + 1} down`} disabled={s === layout.sections.length - 1} onClick={() => change(moveSection(layout, s, 1))}>↓</button>
              <button type="button" className="pe-icon" aria-label={`Delete section ${s + 1}`} onClick={() => {
                change(deleteSection(layout, s));
                onSelect(undefined);
              }}>✕</button>
            </div>
            <ol>
              {section.blocks.map((block, b) => {
                const name = `${labelOf(block.type)} ${b + 1}`;
                const current = selected?.section === s && selected.block === b;
                return (
                  <li key={block.id} className="pe-item" data-selected={current} data-block-type={block.type}>
                    <button type="button" className="pe-pick" aria-current={current ? 'true' : undefined} onClick={() => onSelect({ section: s, block: b })}>
                      {name}
                    </button>
                    <button type="button" className="pe-icon" aria-label={`Move ${name} up`} disabled={b === 0} onClick={() => {
                      change(moveBlock(layout, s, b, -1));
                      onSelect({ section: s, block: b - 1 });
                    }}>↑</button>
                    <button type="button" className="pe-icon" aria-label={`Move ${name} down`} disabled={b === section.blocks.length - 1} onClick={() => {
                      change(moveBlock(layout, s, b, 1));
                      onSelect({ section: s, block: b + 1 });
                    }}>↓</button>
                    <button type="button" className="pe-icon" aria-label={`Delete ${name}`} onClick={() => {
                      change(deleteBlock(layout, s, b));
                      onSelect({ section: s });
                    }}>✕</button>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
      <div className="pe-add">
        <SectionMenu onAdd={onAddSection} />
        <BlockMenu onAdd={onAddBlock} />
      </div>
    </nav>
  );
}
