import { useState, type FormEvent } from 'react';
import { canonicalLanguage, languageName } from '../../../../domain/languages/languages.js';
import { OwnerApiError, ownerFetch } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { Checkbox, TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { Link } from '../../router.js';
import './languages.css';

const BASE = '/api/multilingual';

interface LanguageRow { code: string; name: string; prefix: string; primary: boolean; rtl: boolean; published: boolean }
interface Settings { enabled: boolean; primaryLanguage: string; languages: LanguageRow[]; showSwitcher: boolean }
interface Counts { missing: number; draft: number; done: number }
interface Status { languages: (LanguageRow & { counts: Counts })[] }

/**
 * /config/languages (issue 29): the site's primary language and added ones (each published
 * under `/<tag>/`), how many texts each is missing, and turning multilingual off. Removing a
 * language keeps its translations; adding it back publishes them again (docs/api/languages.md).
 */
export function LanguagesScreen() {
  const { result, retry } = useLoad('multilingual', async () => {
    const [settings, status] = await Promise.all([ownerFetch<Settings>('GET', `${BASE}/settings`), ownerFetch<Status>('GET', `${BASE}/status`)]);
    return { settings, status };
  });
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function save(languages: string[], primaryLanguage: string, done: string, showSwitcher?: boolean) {
    setBusy(true);
    setError(undefined);
    try {
      await ownerFetch('PUT', `${BASE}/languages`, { languages, primaryLanguage, ...(showSwitcher === undefined ? {} : { showSwitcher }) });
      toast(done);
      retry();
      return true;
    } catch (err) {
      setError(err instanceof OwnerApiError ? (Object.values(err.fields ?? {})[0] ?? err.message) : 'Something went wrong');
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (result.state === 'loading') return <Skeleton label="Loading languages" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  const { settings, status } = result.data;
  const codes = settings.languages.map((l) => l.code);
  const countsOf = (code: string) => status.languages.find((l) => l.code === code)?.counts;

  async function add(e: FormEvent) {
    e.preventDefault();
    const code = canonicalLanguage(adding.trim());
    if (!code) {
      setError('Enter a language as a BCP-47 tag, such as fr or pt-BR.');
      return;
    }
    if (await save([...codes, code], settings.primaryLanguage, `${languageName(code, 'en')} added`)) setAdding('');
  }

  async function disconnect() {
    setBusy(true);
    try {
      await ownerFetch('DELETE', `${BASE}/connection`);
      toast('Multilingual turned off');
      retry();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="languages-screen">
      <h1>Languages</h1>
      <p className="languages-intro">
        Visitors read the site in the primary language at its usual addresses, and in each added language under its own prefix (/fr/…).
        Texts not yet translated show in the primary language.
      </p>
      <p className="languages-state" role="status" data-enabled={settings.enabled}>
        {settings.enabled ? 'Multilingual is on' : 'Multilingual is off: the site has one language'}
      </p>
      <table className="languages-table">
        <thead>
          <tr><th scope="col">Language</th><th scope="col">Address</th><th scope="col">Translated</th><th scope="col"><span className="sr-only">Actions</span></th></tr>
        </thead>
        <tbody>
          {settings.languages.map((l) => {
            const counts = countsOf(l.code);
            return (
              <tr key={l.code} data-language={l.code}>
                <th scope="row">{languageName(l.code, 'en')} <span className="languages-code">{l.code}</span>{l.primary ? <span className="languages-badge">Primary</span> : null}</th>
                <td data-label="Address">{l.primary ? '/' : `${l.prefix}/`}{!l.primary && !l.published ? ' (not published)' : ''}</td>
                <td data-label="Translated">
                  {counts ? (
                    <span className="languages-counts" data-missing={counts.missing}>
                      {counts.done} done, {counts.draft} draft, <Link href={`/config/languages/translations?language=${encodeURIComponent(l.code)}&status=missing`}>{counts.missing} missing</Link>
                    </span>
                  ) : '—'}
                </td>
                <td className="languages-actions">
                  {l.primary ? null : (
                    <>
                      <Link className="ui-button" data-variant="secondary" href={`/config/languages/translations?language=${encodeURIComponent(l.code)}`}>Translate</Link>
                      <Button variant="secondary" disabled={busy} onClick={() => save([l.code, ...codes.filter((c) => c !== l.code)], l.code, `${languageName(l.code, 'en')} is the primary language`)}>Make primary</Button>
                      <Button variant="secondary" disabled={busy} onClick={() => save(codes.filter((c) => c !== l.code), settings.primaryLanguage, `${languageName(l.code, 'en')} removed; its translations are kept`)}>Remove</Button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form className="languages-add" onSubmit={add}>
        <TextField label="Add a language" hint="A BCP-47 tag: fr, de, pt-BR, ar" value={adding} onChange={(e) => setAdding(e.target.value)} error={error} maxLength={35} />
        <Button type="submit" busy={busy}>Add language</Button>
      </form>
      {codes.length > 1 && !settings.enabled ? (
        <Button disabled={busy} onClick={() => save(codes, settings.primaryLanguage, 'Multilingual turned on')}>Publish all languages</Button>
      ) : null}
      {codes.length > 1 ? (
        <Checkbox
          label="Show the language switcher in the header"
          checked={settings.showSwitcher}
          disabled={busy}
          onChange={(e) => save(codes, settings.primaryLanguage, e.target.checked ? 'Switcher shown' : 'Switcher hidden', e.target.checked)}
        />
      ) : null}
      {settings.enabled ? <Button variant="secondary" disabled={busy} onClick={disconnect}>Turn multilingual off</Button> : null}
    </div>
  );
}
