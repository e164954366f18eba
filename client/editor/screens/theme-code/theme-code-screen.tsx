import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ThemeCompileError, ThemeVersion } from '../../../../edge/services/themes/versions.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import type { CodeMark } from './code-editor.js';
import { canPublishTheme, fileTree, isAndroid, renamed, themeChanges, type TreeFolder } from './theme-files.js';
import { themePathProblem } from '../../../../domain/themes/theme-paths.js';
import { Dialog } from '../../ui/dialog.js';
import { TextField } from '../../ui/fields.js';
import './theme-code.css';

// CodeMirror and the template language load only when a file is opened for editing; the
// editor grows with its text (the page scrolls), so it is no scroll region of its own.
const CodeEditor = lazy(() => import('./code-editor.js'));

const BASE = '/api/owner/theme';
/** SPEC §8. */
const ANDROID_TEXT = 'Code editing is not available on Android.';

interface Loaded {
  live: number | null;
  files: Map<string, string>;
  /** The roles may publish (hides the button; the server refuses anyway). */
  canPublish: boolean;
}

async function loadLive(): Promise<Loaded> {
  const [{ live }, account] = await Promise.all([
    ownerFetch<{ live: number | null }>('GET', `${BASE}/versions`),
    ownerFetch<{ roles?: number[] }>('GET', '/api/site-users/account'),
  ]);
  const canPublish = canPublishTheme(account.roles ?? []);
  if (live === null) return { live, files: new Map(), canPublish };
  const version = await ownerFetch<{ files: { path: string; content: string }[] }>('GET', `${BASE}/versions/${live}`);
  return { live, files: new Map(version.files.map((f) => [f.path, f.content])), canPublish };
}

/**
 * /config/theme-code: the site's theme files in a code editor (docs/owner-app.md). Edits are
 * saved as a new draft theme version on top of the one they started from (a live version
 * published meanwhile is a conflict, saved only when asked), previewed with `?theme_version`,
 * and published; a publish refused for compile errors lists them and marks them in the text.
 * On Android the files are shown read-only with SPEC §8's message.
 */
export function ThemeCodeScreen() {
  const { result, retry } = useLoad('theme-code', loadLive);
  return (
    <div className="theme-code-screen">
      <h1>Theme code</h1>
      {result.state === 'loading' ? <Skeleton label="Loading the theme files" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' ? <Workbench loaded={result.data} android={isAndroid(navigator.userAgent)} canPublish={result.data.canPublish} /> : null}
    </div>
  );
}

/** A compile answer of the text being typed: for the content it was asked for. */
interface Typed {
  content: string;
  errors: CodeMark[];
}

/** How long typing pauses before the file is compiled (errors while typing). */
const LINT_DELAY_MS = 400;

function Workbench({ loaded, android, canPublish }: { loaded: Loaded; android: boolean; canPublish: boolean }) {
  /** The version the edits apply to (the live one, then each saved draft). */
  const [base, setBase] = useState<{ number: number | null; files: Map<string, string> }>({ number: loaded.live, files: loaded.files });
  /** The live version the author started from: another one live now is a conflict. */
  const [expectLive, setExpectLive] = useState(loaded.live);
  /** The edited file set: files added, renamed, deleted and changed on top of `base`. */
  const [work, setWork] = useState<Map<string, string>>(loaded.files);
  const [current, setCurrent] = useState<string | null>(() => (loaded.files.has('layout.html') ? 'layout.html' : ([...loaded.files.keys()][0] ?? null)));
  const [draft, setDraft] = useState<{ number: number; previewUrl: string } | null>(null);
  const [errors, setErrors] = useState<(ThemeCompileError & { at: string })[]>([]);
  const [typed, setTyped] = useState<Map<string, Typed>>(new Map());
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [dialog, setDialog] = useState<'add' | 'rename' | 'delete' | null>(null);

  const paths = useMemo(() => [...work.keys()].sort(), [work]);
  const tree = useMemo(() => fileTree(paths), [paths]);
  const changes = useMemo(() => themeChanges(base.files, work), [base.files, work]);
  const edited = useMemo(() => new Set(changes.filter((c) => c.content !== null).map((c) => c.path)), [changes]);
  const text = (path: string) => work.get(path) ?? '';
  const currentText = current === null ? '' : text(current);
  const marks = useMemo<CodeMark[]>(() => {
    const fresh = current === null ? undefined : typed.get(current);
    if (fresh && fresh.content === currentText) return fresh.errors;
    return errors.filter((e) => e.file === current).map((e) => ({ line: e.line, column: e.column, message: e.message }));
  }, [errors, typed, current, currentText]);

  // Errors while typing: a pause compiles the open template through the API (nothing saved).
  useEffect(() => {
    if (android || current === null || !current.endsWith('.html')) return;
    if (typed.get(current)?.content === currentText) return;
    const path = current;
    const content = currentText;
    const timer = setTimeout(() => {
      ownerFetch<{ errors: (ThemeCompileError & { at: string })[] }>('POST', `${BASE}/compile`, { path, content }).then(
        (answer) => setTyped((prev) => new Map(prev).set(path, { content, errors: answer.errors.map((e) => ({ line: e.line, column: e.column, message: e.message })) })),
        // A refused compile (too large, signed out) leaves the last marks: the save says why.
        () => undefined,
      );
    }, LINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [android, current, currentText, typed]);

  const edit = (path: string, content: string) => {
    setWork((prev) => new Map(prev).set(path, content));
    setStatus('');
  };

  const addFile = (path: string) => {
    setWork((prev) => new Map(prev).set(path, ''));
    setCurrent(path);
    setDialog(null);
    setStatus(`Added ${path}. Save a draft to keep it.`);
  };
  const renameFile = (path: string) => {
    if (current === null) return;
    setWork((prev) => renamed(prev, current, path));
    setErrors((prev) => prev.map((e) => (e.file === current ? { ...e, file: path, at: `${path}:${e.line}:${e.column}` } : e)));
    setStatus(`Renamed ${current} to ${path}. Save a draft to keep it.`);
    setCurrent(path);
    setDialog(null);
  };
  const deleteFile = () => {
    if (current === null) return;
    const gone = current;
    const rest = paths.filter((p) => p !== gone);
    setWork((prev) => {
      const next = new Map(prev);
      next.delete(gone);
      return next;
    });
    setErrors((prev) => prev.filter((e) => e.file !== gone));
    setCurrent(rest.includes('layout.html') ? 'layout.html' : (rest[0] ?? null));
    setDialog(null);
    setStatus(`Deleted ${gone}. Save a draft to keep it.`);
  };

  /** Saves the edits as a new draft version; the draft's number, or null when refused. */
  const save = async (force = false): Promise<number | null> => {
    if (changes.length === 0 && draft) return draft.number;
    setProblem('');
    setConflict(false);
    const body =
      base.number === null
        ? { note: 'Edited in the owner app', files: [...work].map(([path, content]) => ({ path, content })) }
        : { note: 'Edited in the owner app', base: base.number, changes, ...(expectLive === null ? {} : { expectLive }), force };
    try {
      const made = await ownerFetch<{ version: ThemeVersion; previewUrl: string }>('POST', `${BASE}/versions`, body);
      setBase({ number: made.version.number, files: work });
      setDraft({ number: made.version.number, previewUrl: made.previewUrl });
      setStatus(`Saved as draft version ${made.version.number}.`);
      return made.version.number;
    } catch (err) {
      if (err instanceof OwnerApiError && err.status === 409 && err.body.error === 'theme_conflict') setConflict(true);
      setProblem(err instanceof OwnerApiError ? err.message : TEXT.failed);
      return null;
    }
  };

  const run = async (what: 'save' | 'publish', force = false) => {
    setBusy(what);
    try {
      const number = await save(force);
      if (number === null || what === 'save') return;
      try {
        await ownerFetch('POST', `${BASE}/versions/${number}/publish`);
        setErrors([]);
        setDraft(null);
        setExpectLive(number);
        setStatus(`Version ${number} is live.`);
      } catch (err) {
        const listed = err instanceof OwnerApiError && Array.isArray(err.body.errors) ? (err.body.errors as (ThemeCompileError & { at: string })[]) : [];
        setErrors(listed);
        if (listed[0] && listed[0].file !== current) setCurrent(listed[0].file);
        setProblem(err instanceof OwnerApiError ? err.message : TEXT.failed);
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="theme-code-layout">
      <nav className="theme-code-tree" aria-label="Theme files">
        <Folder folder={tree} current={current} edited={edited} onOpen={setCurrent} />
      </nav>
      <section className="theme-code-main" aria-label={current ?? 'No file'}>
        {android ? (
          <p className="theme-code-android" role="note">
            {ANDROID_TEXT} You can read the theme files here; edit them on a computer.
          </p>
        ) : (
          <>
            <div className="theme-code-actions">
              <Button variant="secondary" busy={busy === 'save'} disabled={busy !== null || (changes.length === 0 && draft !== null)} onClick={() => void run('save')}>
                Save draft
              </Button>
              {draft ? (
                <a className="theme-code-preview" href={draft.previewUrl} target="_blank" rel="noopener">
                  Preview version {draft.number}
                </a>
              ) : null}
              {canPublish ? (
                <Button busy={busy === 'publish'} disabled={busy !== null || (changes.length === 0 && draft === null)} onClick={() => void run('publish')}>
                  Publish
                </Button>
              ) : null}
            </div>
            <div className="theme-code-actions theme-code-file-actions">
              <Button variant="secondary" disabled={busy !== null} onClick={() => setDialog('add')}>
                New file
              </Button>
              {current !== null ? (
                <>
                  <Button variant="secondary" disabled={busy !== null} onClick={() => setDialog('rename')}>
                    Rename {current}
                  </Button>
                  <Button variant="secondary" disabled={busy !== null} onClick={() => setDialog('delete')}>
                    Delete {current}
                  </Button>
                </>
              ) : null}
            </div>
            {canPublish ? null : <p className="theme-code-note">Your role saves and previews theme versions; an admin or website manager publishes them.</p>}
          </>
        )}
        <p className="theme-code-status" role="status">
          {status}
        </p>
        {problem ? (
          <div className="theme-code-problem" role="alert">
            <p>{problem}</p>
            {conflict ? (
              <Button variant="secondary" onClick={() => void run('save', true)}>
                Save anyway
              </Button>
            ) : null}
          </div>
        ) : null}
        {errors.length > 0 ? (
          <ul className="theme-code-errors" aria-label="Template errors">
            {errors.map((e) => (
              <li key={`${e.at}-${e.code}`}>
                <button type="button" className="theme-code-error" onClick={() => setCurrent(e.file)}>
                  <code>{e.at}</code> {e.message}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {current === null ? (
          <p>This site has no theme files yet.</p>
        ) : android ? (
          <pre className="theme-code-readonly" tabIndex={0} aria-label={`${current} (read-only)`}>
            {text(current)}
          </pre>
        ) : (
          <Suspense fallback={<Skeleton label="Loading the code editor" />}>
            <CodeEditor key={current} value={text(current)} label={`Code of ${current}`} marks={marks} onChange={(t) => edit(current, t)} />
          </Suspense>
        )}
      </section>
      <PathDialog
        open={dialog === 'add' || dialog === 'rename'}
        title={dialog === 'rename' ? `Rename ${current}` : 'New theme file'}
        action={dialog === 'rename' ? 'Rename' : 'Add file'}
        initial={dialog === 'rename' ? (current ?? '') : ''}
        others={paths.filter((p) => dialog !== 'rename' || p !== current)}
        onClose={() => setDialog(null)}
        onDone={dialog === 'rename' ? renameFile : addFile}
      />
      <Dialog
        open={dialog === 'delete'}
        title={`Delete ${current}?`}
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={deleteFile}>
              Delete file
            </Button>
          </>
        }
      >
        <p>The file is left out of the next version you save. The live site keeps it until a version without it is published.</p>
      </Dialog>
    </div>
  );
}

/** The path of a new file, or a file's new path: checked as the API checks it, and against the other files. */
function PathDialog({ open, title, action, initial, others, onClose, onDone }: { open: boolean; title: string; action: string; initial: string; others: readonly string[]; onClose: () => void; onDone: (path: string) => void }) {
  const [path, setPath] = useState(initial);
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setPath(initial);
      setError('');
    }
  }, [open, initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = path.trim();
    const why = wanted === initial && initial !== '' ? null : themePathProblem(wanted, others);
    if (why) setError(why);
    else if (wanted === initial) onClose();
    else onDone(wanted);
  };
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField label="File path" hint="Such as partials/card.html or blocks/text.html" value={path} error={error || undefined} autoFocus onChange={(e) => setPath(e.target.value)} />
        <div className="ui-dialog-actions">
          <Button variant="secondary" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{action}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function Folder({ folder, current, edited, onOpen }: { folder: TreeFolder; current: string | null; edited: ReadonlySet<string>; onOpen: (path: string) => void }) {
  return (
    <ul>
      {folder.folders.map((f) => (
        <li key={f.path}>
          <span className="theme-code-folder">{f.name}/</span>
          <Folder folder={f} current={current} edited={edited} onOpen={onOpen} />
        </li>
      ))}
      {folder.files.map((f) => (
        <li key={f.path}>
          <button type="button" className="theme-code-file" aria-current={f.path === current ? 'true' : undefined} data-file={f.path} onClick={() => onOpen(f.path)}>
            {f.name}
            {edited.has(f.path) ? <span className="theme-code-edited"> (edited)</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
