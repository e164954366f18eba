import { useId, useMemo, useState } from 'react';
import { Button } from '../../client/editor/ui/button.js';
import { SelectField } from '../../client/editor/ui/fields.js';
import { datasetNotices, MAX_COLUMNS, MAX_ROWS, SAMPLE_DATASET, type Dataset } from './dataset.js';
import './panel.css';
import { importMessages, isTableFile, MAX_CSV_BYTES, parseDelimited } from './import.js';

/** The locales a paste's numbers may be written in: the browser's own first. */
function numberLocales(): { value: string; label: string }[] {
  const own = typeof navigator === 'undefined' ? 'en-US' : navigator.language || 'en-US';
  const sample = (locale: string) => new Intl.NumberFormat(locale).format(1234.5);
  return [...new Set([own, 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES'])].map((locale) => ({ value: locale, label: `${sample(locale)} (${locale})` }));
}

/**
 * The chart blocks' data panel (CHARTS): paste a table (tab or comma separated) or import
 * a CSV file, parsed with papaparse and the chosen locale's number rules; the parsed
 * table is previewed with the SPEC §5 notices (cut to maxRows/maxColumns, 'One or more
 * rows was missing data') before it replaces the chart's data.
 */
export function ChartDataPanel({ props, onChange }: { props: Record<string, unknown>; onChange: (next: Record<string, unknown>, key: string) => void }) {
  const id = useId();
  const current = (props.dataset as Dataset | undefined) ?? SAMPLE_DATASET;
  const locales = useMemo(numberLocales, []);
  const [locale, setLocale] = useState(locales[0]!.value);
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const parsed = useMemo(() => (text.trim() ? parseDelimited(text, locale) : undefined), [text, locale]);
  const shown = parsed ? parsed.dataset : current;
  const notices = parsed ? parsed.notices : datasetNotices(current);

  const onFile = (file: File | undefined) => {
    setFileError(undefined);
    if (!file) return;
    if (!isTableFile(file)) return setFileError(importMessages.unsupported(file.name));
    if (file.size > MAX_CSV_BYTES) return setFileError(importMessages.tooLarge(file.name));
    file.text().then(setText, () => setFileError(importMessages.unsupported(file.name)));
  };
  const use = () => {
    if (!parsed?.dataset) return;
    onChange({ ...props, dataset: parsed.dataset }, 'dataset');
    setText('');
  };

  return (
    <section className="pe-chart-data" aria-labelledby={`${id}-h`} data-chart-panel>
      <h3 id={`${id}-h`}>Chart data</h3>
      <p className="pe-muted">
        Paste a table from a spreadsheet (tab or comma separated) or import a CSV file: the first row names the columns, the first column labels the rows. At most {MAX_ROWS} rows and {MAX_COLUMNS} value
        columns.
      </p>
      <label className="ui-field">
        <span>Paste data</span>
        <textarea rows={5} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      </label>
      <label className="ui-field">
        <span>Import a CSV file</span>
        <input type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => onFile(e.target.files?.[0])} />
        {fileError ? <small className="ui-field-error" role="alert">{fileError}</small> : null}
      </label>
      <SelectField label="Numbers are written as" value={locale} options={locales} onChange={(e) => setLocale(e.target.value)} />
      {notices.length ? (
        <ul className="pe-chart-notices" role="status" data-chart-notices>
          {notices.map((n) => <li key={n}>{n}</li>)}
        </ul>
      ) : null}
      {shown ? <PreviewTable dataset={shown} caption={parsed ? 'The pasted data' : 'The chart\'s data'} /> : null}
      {parsed ? (
        <div className="pe-row">
          <Button disabled={!parsed.dataset} onClick={use}>Use this data</Button>
          <Button variant="secondary" onClick={() => setText('')}>Cancel</Button>
        </div>
      ) : null}
    </section>
  );
}

function PreviewTable({ dataset, caption }: { dataset: Dataset; caption: string }) {
  return (
    <div className="pe-chart-table" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>{dataset.header.map((h, i) => <th key={i} scope="col">{h}</th>)}</tr>
        </thead>
        <tbody>
          {dataset.rows.map((row, r) => (
            <tr key={r}>
              <th scope="row">{row.label}</th>
              {row.values.map((v, i) => <td key={i} data-missing={v === null ? true : undefined}>{v === null ? '—' : String(v)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
