import { lazy, Suspense, useMemo, useState } from 'react';
import type { ThemeCompileError, ThemeVersion } from '../../../../edge/services/themes/versions.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import type { CodeMark } from './code-editor.js';
import { fileTree, isAndroid, type TreeFolder } from './theme-files.js';
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
}

async function loadLive(): Promise<Loaded> {
  const { live } = await ownerFetch<{ live: number | null }>('GET', `${BASE}/versions`);
  if (live === null) return { live, files: new Map() };
  const version = await ownerFetch<{ files: { path: string; content: string }[] }>('GET', `${BASE}/versions/${live}`);
  return { live, files: new Map(version.files.map((f) => [f.path, f.content])) };
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
      {result.state === 'ready' ? <Workbench loaded={result.data} android={isAndroid(navigator.userAgent)} /> : null}
    </div>
  );
}

function Workbench({ loaded, android }: { loaded: Loaded; android: boolean }) {
  /** The version the edits apply to (the live one, then each saved draft). */
  const [base, setBase] = useState<{ number: number | null; files: Map<string, string> }>({ number: loaded.live, files: loaded.files });
  /** The live version the author started from: another one live now is a conflict. */
  const [expectLive, setExpectLive] = useState(loaded.live);
  const [edits, setEdits] = useState<Map<string, string>>(new Map());
  const [current, setCurrent] = useState<string | null>(() => (loaded.files.has('layout.html') ? 'layout.html' : ([...loaded.files.keys()][0] ?? null)));
  const [draft, setDraft] = useState<{ number: number; previewUrl: string } | null>(null);
  const [errors, setErrors] = useState<(ThemeCompileError & { at: string })[]>([]);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);

  const paths = useMemo(() => [...base.files.keys()].sort(), [base.files]);
  const tree = useMemo(() => fileTree(paths), [paths]);
  const text = (path: string) => edits.get(path) ?? base.files.get(path) ?? '';
  const marks = useMemo<CodeMark[]>(() => errors.filter((e) => e.file === current).map((e) => ({ line: e.line, column: e.column, message: e.message })), [errors, current]);

  const edit = (path: string, content: string) => {
    setEdits((prev) => {
      const next = new Map(prev);
      if (content === base.files.get(path)) next.delete(path);
      else next.set(path, content);
      return next;
    });
    setStatus('');
  };

  /** Saves the edits as a new draft version; the draft's number, or null when refused. */
  const save = async (force = false): Promise<number | null> => {
    if (edits.size === 0 && draft) return draft.number;
    setProblem('');
    setConflict(false);
    const changes = [...edits].map(([path, content]) => ({ path, content }));
    const body =
      base.number === null
        ? { note: 'Edited in the owner app', files: changes }
        : { note: 'Edited in the owner app', base: base.number, changes, ...(expectLive === null ? {} : { expectLive }), force };
    try {
      const made = await ownerFetch<{ version: ThemeVersion; previewUrl: string }>('POST', `${BASE}/versions`, body);
      const files = new Map(base.files);
      for (const [path, content] of edits) files.set(path, content);
      setBase({ number: made.version.number, files });
      setEdits(new Map());
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
        <Folder folder={tree} current={current} edited={edits} onOpen={setCurrent} />
      </nav>
      <section className="theme-code-main" aria-label={current ?? 'No file'}>
        {android ? (
          <p className="theme-code-android" role="note">
            {ANDROID_TEXT} You can read the theme files here; edit them on a computer.
          </p>
        ) : (
          <div className="theme-code-actions">
            <Button variant="secondary" busy={busy === 'save'} disabled={busy !== null || (edits.size === 0 && draft !== null)} onClick={() => void run('save')}>
              Save draft
            </Button>
            {draft ? (
              <a className="theme-code-preview" href={draft.previewUrl} target="_blank" rel="noopener">
                Preview version {draft.number}
              </a>
            ) : null}
            <Button busy={busy === 'publish'} disabled={busy !== null || (edits.size === 0 && draft === null)} onClick={() => void run('publish')}>
              Publish
            </Button>
          </div>
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
    </div>
  );
}

function Folder({ folder, current, edited, onOpen }: { folder: TreeFolder; current: string | null; edited: ReadonlyMap<string, string>; onOpen: (path: string) => void }) {
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
