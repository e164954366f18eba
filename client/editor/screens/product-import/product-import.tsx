import { useRef, useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { SelectField } from '../../ui/fields.js';
import { FileDrop } from '../../ui/file-drop.js';
import { commitImport, ImportRefusal, MAX_FILE_BYTES, previewImport, TOO_LARGE, type ImportPreview, type ImportProblem, type ImportResult } from './import-api.js';
import './product-import.css';

/** SPEC §9: max products in a collection (a store). */
const MAX_STORE_PRODUCTS = 200;

const LAYOUTS: Record<ImportPreview['layout'], string> = {
  shopify: 'Shopify product export',
  atelier: 'Atelier product export',
  unknown: 'Not a layout we know: map the columns below',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function Problems({ problems, total }: { problems: readonly ImportProblem[]; total: number }) {
  if (problems.length === 0) return null;
  return (
    <section className="import-problems" aria-labelledby="import-problems-heading" role="alert">
      <h2 id="import-problems-heading">{plural(total, 'problem')} to fix in the file; nothing will be imported until then</h2>
      <ul data-import-problems>
        {problems.map((p, i) => (
          <li key={`${p.line}-${i}`}>
            <strong>Line {p.line}</strong>
            {p.column ? <> ({p.column})</> : null}: {p.message}
          </li>
        ))}
      </ul>
      {total > problems.length ? <p>The first {problems.length} are listed.</p> : null}
    </section>
  );
}

/**
 * The choice a file with more products than the chosen store has room for offers: put the
 * rest in new stores named after it (a store holds at most 200 products, SPEC §9), with
 * where each product would go.
 */
function Overflow({ preview, storeId, checked, disabled, onChange }: { preview: ImportPreview; storeId: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const store = preview.stores.find((s) => s.id === storeId);
  if (!store || store.productCount + preview.productCount <= MAX_STORE_PRODUCTS) return null;
  return (
    <div className="import-overflow">
      <label className="ui-check">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-import-overflow />
        <span>
          A store holds at most {MAX_STORE_PRODUCTS} products and {store.title} has room for {Math.max(0, MAX_STORE_PRODUCTS - store.productCount)}. Put the rest in new stores
          named after it.
        </span>
      </label>
      {checked ? (
        <ul data-import-placement>
          {preview.placement.map((p) => (
            <li key={p.store}>
              {plural(p.products, 'product')} in {p.store}
              {p.new ? ' (new store)' : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * /config/products/import: a CSV file in Shopify's product export layout or ours. Choose or
 * drop the file, see its first rows and the column mapping (a select per column, checked
 * again on every change), the problems by line, then 'Import N products' (all or nothing)
 * with the upload's progress, the products made and the images to upload by hand.
 */
export function ProductImportScreen() {
  const [fileName, setFileName] = useState('');
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [storeId, setStoreId] = useState('');
  // The products past the chosen store's 200 go to new stores named after it.
  const [overflow, setOverflow] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<'' | 'reading' | 'checking' | 'importing'>('');
  const [progress, setProgress] = useState(0);
  const [refused, setRefused] = useState<ImportProblem[]>([]);
  const [result, setResult] = useState<ImportResult | undefined>();
  // A new key empties the file input, so that choosing the same file again reads it again.
  const [inputKey, setInputKey] = useState(0);
  const check = useRef(0);

  const runPreview = async (text: string, columns: (string | null)[] | undefined, store: string, spread = overflow) => {
    const ticket = ++check.current;
    setBusy('checking');
    setFailure('');
    setRefused([]);
    try {
      const answer = await previewImport(text, columns, store || undefined, spread);
      if (ticket !== check.current) return;
      setPreview(answer);
      setMapping(answer.columns.map((c) => c.field));
      const chosen = store || (answer.stores.length === 1 ? answer.stores[0]!.id : '');
      setStoreId(chosen);
      // The store's own checks (its 200-product limit, skus already used) need the store: check once more with it.
      if (!store && chosen) void runPreview(text, answer.columns.map((c) => c.field), chosen, spread);
      else setBusy('');
    } catch (error) {
      if (ticket !== check.current) return;
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
      setBusy('');
    }
  };

  const open = async (file: File | undefined) => {
    if (!file) return;
    setResult(undefined);
    setPreview(undefined);
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) {
      setFailure(TOO_LARGE);
      return;
    }
    setBusy('reading');
    const text = await file.text();
    setCsv(text);
    await runPreview(text, undefined, storeId);
  };

  const remap = (index: number, field: string) => {
    const next = mapping.map((f, i) => (i === index ? field || null : f));
    setMapping(next);
    void runPreview(csv, next, storeId);
  };

  const commit = async () => {
    if (!preview || !storeId) return;
    setBusy('importing');
    setProgress(0);
    setFailure('');
    setRefused([]);
    try {
      setResult(await commitImport(csv, mapping, storeId, overflow, setProgress));
      setPreview(undefined);
    } catch (error) {
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
      if (error instanceof ImportRefusal) setRefused(error.problems);
    } finally {
      setBusy('');
    }
  };

  const ready = preview && preview.errorCount === 0 && preview.productCount > 0 && storeId && busy === '';
  const fieldOptions = [{ value: '', label: '— Leave out —' }, ...(preview?.fields.map((f) => ({ value: f.field, label: f.label })) ?? [])];

  return (
    <div className="import-screen">
      <p>
        <Link href="/config/products">Products</Link>
      </p>
      <h1>Import products</h1>
      <p className="import-hint">
        A CSV file in the layout of a Shopify product export, or of Atelier's own export. Nothing is saved until you import, and then every product is
        saved or none is. Images are not downloaded: the ones the file names are listed for you to upload.
      </p>

      <FileDrop className="import-drop" label="Choose a CSV file, or drop it here" resetKey={inputKey} accept=".csv,text/csv,text/plain" data-import-file onFile={open} disabled={busy === 'importing'}>
        {fileName ? <p className="import-file">{fileName}</p> : null}
      </FileDrop>

      <div aria-live="polite" className="import-status">
        {busy === 'reading' ? 'Reading the file…' : busy === 'checking' ? 'Checking the file…' : ''}
      </div>
      {failure ? (
        <p className="ui-field-error" role="alert" data-import-failure>
          {failure}
        </p>
      ) : null}
      <Problems problems={refused} total={refused.length} />

      {preview ? (
        <>
          <section className="owner-panel" aria-labelledby="import-summary-heading">
            <h2 id="import-summary-heading">The file</h2>
            <dl className="import-facts">
              <dt>Layout</dt>
              <dd data-import-layout={preview.layout}>{LAYOUTS[preview.layout]}</dd>
              <dt>Separated by</dt>
              <dd>{preview.delimiter === ';' ? 'semicolons' : 'commas'}</dd>
              <dt>Rows</dt>
              <dd>{preview.rowCount.toLocaleString()}</dd>
              <dt>Products</dt>
              <dd data-import-count>{plural(preview.productCount, 'product')}, {plural(preview.variantCount, 'variant')}</dd>
              <dt>Images</dt>
              <dd>{preview.images.length === 0 ? 'None named' : `${plural(preview.images.length, 'image')} to upload after the import (not downloaded)`}</dd>
            </dl>
            {preview.stores.length === 0 ? (
              <p>
                There is no store yet. <Link href="/config/store-setup">Create your store</Link>, then come back to import.
              </p>
            ) : (
              <SelectField
                label="Import into the store"
                value={storeId}
                onChange={(e) => {
                  setStoreId(e.target.value);
                  void runPreview(csv, mapping, e.target.value);
                }}
                options={[...(storeId ? [] : [{ value: '', label: 'Choose a store' }]), ...preview.stores.map((s) => ({ value: s.id, label: `${s.title} (${plural(s.productCount, 'product')})` }))]}
              />
            )}
            <Overflow
              preview={preview}
              storeId={storeId}
              checked={overflow}
              disabled={busy !== ''}
              onChange={(on) => {
                setOverflow(on);
                void runPreview(csv, mapping, storeId, on);
              }}
            />
          </section>

          <Problems problems={preview.errors} total={preview.errorCount} />

          <section className="owner-panel" aria-labelledby="import-mapping-heading">
            <h2 id="import-mapping-heading">Columns</h2>
            <div className="import-scroll">
              <table className="import-table" data-import-mapping>
                <thead>
                  <tr>
                    <th scope="col">Column</th>
                    <th scope="col">First value</th>
                    <th scope="col">Imported as</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.columns.map((c) => (
                    <tr key={c.index}>
                      <th scope="row">{c.header || `Column ${c.index + 1}`}</th>
                      <td className="import-sample">{preview.rows[0]?.cells[c.index] ?? ''}</td>
                      <td>
                        <select aria-label={`Import the column ${c.header || c.index + 1} as`} value={mapping[c.index] ?? ''} onChange={(e) => remap(c.index, e.target.value)} disabled={busy === 'importing'}>
                          {fieldOptions.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="owner-panel" aria-labelledby="import-rows-heading">
            <h2 id="import-rows-heading">First rows</h2>
            <div className="import-scroll" tabIndex={0} aria-label="First rows of the file">
              <table className="import-table" data-import-rows>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    {preview.columns.map((c) => (
                      <th scope="col" key={c.index}>
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.line}>
                      <th scope="row">{r.line}</th>
                      {preview.columns.map((c) => (
                        <td key={c.index} className="import-cell">
                          {r.cells[c.index] ?? ''}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <div className="import-actions">
            <Button onClick={() => void commit()} disabled={!ready} busy={busy === 'importing'} data-import-commit>
              Import {plural(preview.productCount, 'product')}
            </Button>
            {busy === 'importing' ? (
              <label className="import-progress">
                <span>{progress < 1 ? 'Sending the file…' : 'Saving the products…'}</span>
                {progress < 1 ? <progress max={1} value={progress} /> : <progress />}
              </label>
            ) : null}
          </div>
        </>
      ) : null}

      {result ? (
        <section className="owner-panel" aria-labelledby="import-result-heading" data-import-result>
          <h2 id="import-result-heading" tabIndex={-1} ref={(el) => el?.focus()}>
            Imported {plural(result.productCount, 'product')} with {plural(result.variantCount, 'variant')}
          </h2>
          {result.stores.length > 1 ? (
            <p data-import-stores>
              {result.stores.map((s, i) => `${i === 0 ? '' : i === result.stores.length - 1 ? ' and ' : ', '}${plural(s.products, 'product')} in ${s.store}`).join('')}. The new stores are not in the
              navigation yet: add them in <Link href="/config/pages">Pages</Link>.
            </p>
          ) : null}
          <ul className="import-made">
            {result.products.map((p) => (
              <li key={p.id}>
                <Link href={p.editUrl}>{p.title}</Link> · <a href={p.fullUrl}>View in the store</a>
              </li>
            ))}
          </ul>
          {result.images.length > 0 ? (
            <>
              <h3 data-import-images>{plural(result.images.length, 'image')} to upload</h3>
              <p>
                The file names these images; they were not downloaded. Upload them in <Link href="/config/files">Files</Link> and add them to their products.
              </p>
              <ul className="import-images">
                {result.images.map((img, i) => (
                  <li key={`${img.line}-${i}`}>
                    {img.productId ? <Link href={`/config/products/${img.productId}`}>{img.title}</Link> : img.title}: <span className="import-url">{img.url}</span>
                    {img.altText ? ` (${img.altText})` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => {
              setResult(undefined);
              setFileName('');
              setCsv('');
              setInputKey((k) => k + 1);
            }}
          >
            Import another file
          </Button>
        </section>
      ) : null}
    </div>
  );
}
