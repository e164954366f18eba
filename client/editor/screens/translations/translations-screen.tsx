import { useMemo, useState } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { Link, navigate, useLocation } from '../../router.js';
import { useLoad } from '../../use-load.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { ExchangePanel } from './exchange-panel.js';
import { TranslationRow, fieldLabel, type Edit } from './translation-row.js';
import { BASE, saveText, textKey, TranslationConflict, type SiteLanguage, type Status, type Text, type TextList } from './translations-api.js';
import './translations.css';

/** The kinds of text the filter offers, in the owner's words (the API's kinds, the header and footer apart). */
const GROUPS = [
  { value: 'pages', label: 'Pages' },
  { value: 'header-footer', label: 'Header and footer' },
  { value: 'navigation', label: 'Navigation' },
  { value: 'product', label: 'Products' },
  { value: 'collection', label: 'Collections' },
  { value: 'category', label: 'Categories' },
  { value: 'tag', label: 'Tags' },
  { value: 'form', label: 'Forms' },
  { value: 'system', label: 'Store and email texts' },
] as const;

function groupOf(t: Text): string {
  if (t.kind === 'block') return t.entityId === 'site-header' || t.entityId === 'site-footer' ? 'header-footer' : 'pages';
  return t.kind;
}

const PAGE_SIZE = 50;

interface Conflict {
  text: Text;
  mine: Edit;
  current: TranslationConflict['current'];
}

/**
 * /config/languages/translations (issue 29): the side-by-side translation editor. One added
 * language at a time: every text of the site in the primary language beside its translation
 * and status (missing, draft, done), filtered by status, kind and words; saved per row or all
 * at once, each under If-Match (a conflict dialog on 412). Export and import for a translator
 * below (exchange-panel.tsx).
 */
export function TranslationsScreen() {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const settings = useLoad('translation-languages', () => ownerFetch<{ primaryLanguage: string; languages: SiteLanguage[] }>('GET', `${BASE}/settings`));
  if (settings.result.state === 'loading') return <Skeleton label="Loading languages" />;
  if (settings.result.state === 'error') return <ErrorPanel message={settings.result.message} onRetry={settings.retry} />;
  const added = settings.result.data.languages.filter((l) => !l.primary);
  if (added.length === 0) {
    return (
      <div className="tr-screen">
        <h1>Translations</h1>
        <EmptyState title="Add a language to translate into">
          <p>
            <Link href="/config/languages">Languages</Link>
          </p>
        </EmptyState>
      </div>
    );
  }
  const asked = query.get('language');
  const language = added.find((l) => l.code === asked) ?? added[0]!;
  const status = query.get('status');
  return <Editor key={language.code} language={language} languages={added} primary={settings.result.data.primaryLanguage} initialStatus={status === 'missing' || status === 'draft' || status === 'done' ? status : ''} />;
}

function Editor({ language, languages, primary, initialStatus }: { language: SiteLanguage; languages: SiteLanguage[]; primary: string; initialStatus: Status | '' }) {
  const toast = useToast();
  const { result, retry } = useLoad(`translations-${language.code}`, () => ownerFetch<TextList>('GET', `${BASE}/translations?language=${encodeURIComponent(language.code)}`));
  // Saved rows replace the loaded ones here (a reload clears them).
  const [saved, setSaved] = useState<Map<string, Text>>(new Map());
  const [edits, setEdits] = useState<Map<string, Edit>>(new Map());
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [saving, setSaving] = useState<Set<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [status, setStatus] = useState<Status | 'outdated' | ''>(initialStatus);
  const [group, setGroup] = useState('');
  const [words, setWords] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);

  const texts = useMemo(() => (result.state === 'ready' ? result.data.texts.map((t) => saved.get(textKey(t)) ?? t) : []), [result, saved]);
  const byKey = useMemo(() => new Map(texts.map((t) => [textKey(t), t])), [texts]);
  const isDirty = (key: string) => {
    const edit = edits.get(key);
    const t = byKey.get(key);
    return !!edit && !!t && edit.text.trim() !== '' && (edit.text !== (t.text ?? '') || edit.status !== t.status);
  };
  const dirtyKeys = [...edits.keys()].filter(isDirty);

  const setIn = <V,>(set: (f: (m: Map<string, V>) => Map<string, V>) => void, key: string, value: V | undefined) =>
    set((m) => {
      const next = new Map(m);
      if (value === undefined) next.delete(key);
      else next.set(key, value);
      return next;
    });

  /** Saves one row; answers whether it was stored. A 412 queues the conflict dialog. */
  async function saveRow(key: string, base?: Text): Promise<boolean> {
    const t = base ?? byKey.get(key);
    // No edit: confirming an outdated text as it is.
    const edit = edits.get(key) ?? (t?.outdated && t.text !== null ? { text: t.text, status: t.status === 'draft' ? ('draft' as const) : ('done' as const) } : undefined);
    if (!t || !edit) return false;
    setSaving((s) => new Set(s).add(key));
    setIn(setErrors, key, undefined);
    try {
      const row = await saveText(language.code, t, edit.text, edit.status);
      setIn(setSaved, key, { ...t, ...row });
      setIn(setEdits, key, undefined);
      return true;
    } catch (error) {
      if (error instanceof TranslationConflict) setConflicts((c) => [...c.filter((x) => textKey(x.text) !== key), { text: t, mine: edit, current: error.current }]);
      else setIn(setErrors, key, error instanceof OwnerApiError ? (Object.values(error.fields)[0] ?? error.message) : TEXT.failed);
      return false;
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  }

  async function saveAll(): Promise<boolean> {
    const keys = dirtyKeys;
    let stored = 0;
    setProgress({ done: 0, total: keys.length });
    for (const key of keys) {
      if (await saveRow(key)) stored++;
      setProgress({ done: stored, total: keys.length });
    }
    setProgress(null);
    if (stored > 0) toast(stored === 1 ? '1 translation saved' : `${stored} translations saved`);
    return stored === keys.length;
  }

  const prompt = useUnsavedChanges(dirtyKeys.length > 0, saveAll);
  const conflict = conflicts[0];
  /** Their text becomes the row's base; 'mine' saves my text over it, 'theirs' drops mine, 'later' keeps mine unsaved. */
  const resolve = (choice: 'mine' | 'theirs' | 'later') => {
    if (!conflict) return;
    const key = textKey(conflict.text);
    const theirs: Text = { ...conflict.text, text: conflict.current.text, status: conflict.current.status, updatedOn: conflict.current.updatedOn || null };
    setIn(setSaved, key, theirs);
    setConflicts((c) => c.slice(1));
    if (choice === 'mine') void saveRow(key, theirs).then((ok) => ok && toast('Translation saved'));
    if (choice === 'theirs') setIn(setEdits, key, undefined);
  };

  if (result.state === 'loading') return <Skeleton label="Loading texts" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;

  const counts = { missing: 0, draft: 0, done: 0, outdated: 0 };
  for (const t of texts) {
    counts[t.status]++;
    if (t.outdated) counts.outdated++;
  }
  const needle = words.trim().toLocaleLowerCase();
  // The status filter reads the status as loaded: a row saved here stays in view until the list reloads.
  const loaded = new Map(result.data.texts.map((t) => [textKey(t), t]));
  const filtered = texts.filter(
    (t) =>
      (!status || (status === 'outdated' ? loaded.get(textKey(t))?.outdated : loaded.get(textKey(t))?.status === status)) &&
      (!group || groupOf(t) === group) &&
      (!needle || [t.source, t.text ?? '', t.entityTitle, fieldLabel(t), edits.get(textKey(t))?.text ?? ''].some((s) => s.toLocaleLowerCase().includes(needle))),
  );
  const visible = filtered.slice(0, shown);
  const busy = progress !== null;

  return (
    <div className="tr-screen">
      <p className="tr-back">
        <Link href="/config/languages">Languages</Link>
      </p>
      <h1>Translations</h1>
      <p className="tr-intro">
        Each text of the site in {languages.length > 1 ? 'the chosen language' : language.name} beside its original. Only texts marked done are published; a
        missing or draft text shows in the primary language ({primary}). Ctrl+Enter (⌘+Enter) saves the text you are typing.
      </p>
      <div className="tr-toolbar">
        <SelectField
          label="Language"
          value={language.code}
          disabled={dirtyKeys.length > 0 || busy}
          options={languages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
          onChange={(e) => navigate(`/config/languages/translations?language=${encodeURIComponent(e.target.value)}`, true)}
        />
        <SelectField
          label="Filter by status"
          value={status}
          options={[
            { value: '', label: `All (${texts.length})` },
            { value: 'missing', label: `Missing (${counts.missing})` },
            { value: 'draft', label: `Draft (${counts.draft})` },
            { value: 'done', label: `Done (${counts.done})` },
            { value: 'outdated', label: `Outdated (${counts.outdated})` },
          ]}
          onChange={(e) => {
            setStatus(e.target.value as Status | 'outdated' | '');
            setShown(PAGE_SIZE);
          }}
        />
        <SelectField
          label="Filter by kind"
          value={group}
          options={[{ value: '', label: 'Everything' }, ...GROUPS.filter((g) => texts.some((t) => groupOf(t) === g.value))]}
          onChange={(e) => {
            setGroup(e.target.value);
            setShown(PAGE_SIZE);
          }}
        />
        <TextField label="Search" type="search" value={words} onChange={(e) => { setWords(e.target.value); setShown(PAGE_SIZE); }} />
      </div>
      <div className="tr-savebar">
        <p role="status" aria-live="polite" data-tr-progress>
          {progress ? `Saving ${progress.done + 1 > progress.total ? progress.total : progress.done + 1} of ${progress.total}…` : dirtyKeys.length > 0 ? `${dirtyKeys.length} not saved` : `${counts.done} done, ${counts.draft} draft, ${counts.missing} missing`}
        </p>
        {dirtyKeys.length > 0 ? (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => { setEdits(new Map()); setErrors(new Map()); }}>
              Discard changes
            </Button>
            <Button busy={busy} onClick={() => void saveAll()}>
              Save all ({dirtyKeys.length})
            </Button>
          </>
        ) : null}
      </div>
      {texts.length === 0 ? (
        <EmptyState title="Nothing to translate yet">
          <p>Publish a page or add a product, and its texts show here.</p>
        </EmptyState>
      ) : filtered.length === 0 ? (
        <EmptyState title="No texts match these filters" />
      ) : (
        <>
          <div className="tr-heads" aria-hidden="true">
            <span>Original ({primary})</span>
            <span>{language.name} ({language.code})</span>
          </div>
          <ol className="tr-list" aria-label={`Texts in ${language.name}`}>
            {visible.map((t) => {
              const key = textKey(t);
              return (
                <TranslationRow
                  key={key}
                  text={t}
                  language={language.code}
                  edit={edits.get(key)}
                  onEdit={(edit) => setIn(setEdits, key, edit)}
                  onSave={() => void saveRow(key).then((ok) => ok && toast('Translation saved'))}
                  saving={saving.has(key)}
                  error={errors.get(key)}
                  disabled={busy}
                />
              );
            })}
          </ol>
          {filtered.length > shown ? (
            <Button variant="secondary" onClick={() => setShown((n) => n + PAGE_SIZE)}>
              Show {Math.min(PAGE_SIZE, filtered.length - shown)} more of {filtered.length - shown}
            </Button>
          ) : null}
        </>
      )}
      <ExchangePanel language={language} onImported={() => { setSaved(new Map()); setEdits(new Map()); retry(); }} />
      <Dialog
        open={conflict !== undefined}
        title="Someone else saved this translation"
        onClose={() => resolve('later')}
        actions={
          <>
            <Button variant="secondary" onClick={() => resolve('theirs')}>Use their text</Button>
            <Button onClick={() => resolve('mine')}>Keep mine</Button>
          </>
        }
      >
        {conflict ? (
          <div className="tr-conflict">
            <p>Someone saved this text since you opened it: {conflict.text.entityTitle}, {fieldLabel(conflict.text).toLowerCase()}.</p>
            <p className="tr-where">Original</p>
            <p className="tr-source-text">{conflict.text.source}</p>
            <p className="tr-where">Their text</p>
            <p className="tr-source-text" data-conflict-theirs>{conflict.current.text ?? '(none)'}</p>
            <p className="tr-where">Yours</p>
            <p className="tr-source-text" data-conflict-mine>{conflict.mine.text}</p>
          </div>
        ) : null}
      </Dialog>
      {prompt}
    </div>
  );
}
