import { useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { Button } from '../../ui/button.js';
import { FileDrop } from '../../ui/file-drop.js';
import { useToast } from '../../ui/toast.js';
import { fieldLabel } from './translation-row.js';
import { applyImport, BASE, previewImport, type ImportPreview, type SiteLanguage } from './translations-api.js';

const SHOWN_CHANGES = 20;

/**
 * Export and import for a translator (issue 29): download one language as XLIFF 2.0 or JSON;
 * upload a file (pick or drop), see what it would change (new, changed, unchanged, refused
 * with reasons), then apply. A file the server cannot read shows its message and saves nothing.
 */
export function ExchangePanel({ language, onImported }: { language: SiteLanguage; onImported: () => void }) {
  const toast = useToast();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<'' | 'checking' | 'importing'>('');
  const [inputKey, setInputKey] = useState(0);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setInputKey((k) => k + 1);
  };

  async function open(picked: File | undefined) {
    if (!picked) return;
    setFailure('');
    setPreview(null);
    setBusy('checking');
    try {
      const content = await picked.text();
      setFile({ name: picked.name, content });
      setPreview(await previewImport(content));
    } catch (error) {
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy('');
    }
  }

  async function apply() {
    if (!file) return;
    setBusy('importing');
    setFailure('');
    try {
      const done = await applyImport(file.content);
      toast(done.imported === 1 ? '1 translation imported' : `${done.imported} translations imported`);
      reset();
      onImported();
    } catch (error) {
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy('');
    }
  }

  const href = (format: 'xliff' | 'json') => `${BASE}/translations/export?language=${encodeURIComponent(language.code)}&format=${format}`;
  const counts = preview?.counts;
  const elsewhere = preview && preview.language !== language.code;

  return (
    <section className="tr-exchange" aria-labelledby="tr-exchange-title">
      <h2 id="tr-exchange-title">Work with a translator</h2>
      <p className="tr-intro">Download every text of {language.name} for a translator, then upload the file they send back. You see what it changes before anything is saved.</p>
      <p className="tr-downloads">
        <a className="ui-button" data-variant="secondary" href={href('xliff')} download>Download XLIFF 2.0</a>
        <a className="ui-button" data-variant="secondary" href={href('json')} download>Download JSON</a>
      </p>
      <FileDrop
        label="Choose an XLIFF or JSON file, or drop it here"
        resetKey={inputKey}
        accept=".xlf,.xliff,.json,application/json,application/xliff+xml,application/xml,text/xml"
        data-tr-file
        disabled={busy !== ''}
        onFile={open}
      />
      <p aria-live="polite" className="tr-exchange-status">
        {busy === 'checking' ? 'Checking the file…' : busy === 'importing' ? 'Importing…' : ''}
      </p>
      {failure ? (
        <p className="ui-field-error" role="alert" data-tr-import-failure>
          {failure}
        </p>
      ) : null}
      {preview && counts ? (
        <div className="tr-preview" data-tr-preview>
          <h3>What {file?.name ?? 'this file'} changes{elsewhere ? ` (${preview.language})` : ''}</h3>
          <ul className="tr-counts" data-tr-counts>
            <li>{counts.new} new</li>
            <li>{counts.changed} changed</li>
            <li>{counts.unchanged} unchanged</li>
            <li>{counts.refused} refused</li>
          </ul>
          {preview.changes.length > 0 ? (
            <ul className="tr-changes">
              {preview.changes.slice(0, SHOWN_CHANGES).map((c) => (
                <li key={`${c.kind}/${c.entityId}/${c.fieldKey}`}>
                  <span className="tr-where">{c.entityTitle} · {fieldLabel(c)} · {c.change === 'new' ? 'new' : 'changed'}{c.status === 'draft' ? ', draft' : ''}</span>
                  <span className="tr-change-text">{c.text}</span>
                </li>
              ))}
              {preview.changes.length > SHOWN_CHANGES ? <li>and {preview.changes.length - SHOWN_CHANGES} more</li> : null}
            </ul>
          ) : null}
          {preview.refused.length > 0 ? (
            <>
              <h4>Refused</h4>
              <ul className="tr-refused" data-tr-refused>
                {preview.refused.map((r, i) => (
                  <li key={i}>
                    <span className="tr-where">{r.kind} {r.entityId} {r.fieldKey}</span> {r.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className="tr-preview-actions">
            <Button variant="secondary" disabled={busy !== ''} onClick={reset}>Cancel</Button>
            <Button busy={busy === 'importing'} disabled={counts.new + counts.changed === 0} onClick={() => void apply()}>
              {counts.new + counts.changed === 0 ? 'Nothing to import' : `Import ${counts.new + counts.changed} ${counts.new + counts.changed === 1 ? 'text' : 'texts'}`}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
