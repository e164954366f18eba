import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { slugify } from '../../../../domain/pages/page-rules.js';
import { TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { Link, navigate } from '../../router.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, Switch, TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { RichTextField } from '../page-editor/rich-text-field.js';
import { ExtraPanels, TokenInput } from './editor-parts.js';
import { EXTRA_PANELS, type ProductPanel } from './extra-panels.js';
import { ImagesPanel } from './images-panel.js';
import { loadFacets, loadProduct, saveProduct, type OwnerProduct, type ProductFacets, type SaveProblem } from './product-api.js';
import { bodyOf, draftOf, newDraft, TYPE_LABELS, typeName, urlPreview, type ProductDraft } from './product-draft.js';
import { StockDialog } from '../products/stock-dialog.js';
import { VariantsPanel } from './variants-panel.js';

/** A product just created: the editor at its new address starts from it instead of loading it again. */
let handoff: OwnerProduct | undefined;

type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

/** Paths the editor's own fields own; a refused save's other paths (extra panels' fields) are listed at the top too. */
const OWN_PATHS = /^(title|description|slug|status|visible|categories|tags|variantOptionOrdering|variants|images|collectionId|productType)(\.|$)/;

/** A field message's words for the summary: which field it is. */
function pathLabel(path: string): string {
  const variant = /^variants\.(\d+)\.(\w+)/.exec(path);
  if (variant) return `Variant ${Number(variant[1]) + 1}, ${variant[2] === 'salePrice' ? 'sale price' : variant[2] === 'imageAssetId' ? 'image' : variant[2] === 'qtyInStock' ? 'stock' : variant[2]}`;
  const image = /^images\.(\d+)\.(\w+)/.exec(path);
  if (image) return `Image ${Number(image[1]) + 1}, ${image[2] === 'altText' ? 'alt text' : 'file'}`;
  return path.charAt(0).toUpperCase() + path.slice(1).replace(/([A-Z])/g, ' $1').toLowerCase();
}

/** Focuses the field with body path `path` (or its nearest listed parent). */
function focusField(path: string) {
  let p = path;
  for (;;) {
    const el = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(p)}"]`);
    if (el) {
      el.focus();
      el.scrollIntoView({ block: 'center' });
      return;
    }
    if (!p.includes('.')) return;
    p = p.slice(0, p.lastIndexOf('.'));
  }
}

/**
 * /config/products/new?collectionId=…&type=… and /config/products/{id}: the product editor.
 * The draft is the loaded product; every save sends the editor's body plus the keys the
 * extra panels changed, PUT with If-Match (412: the conflict dialog). Field errors show at
 * their fields and in a summary with links at the top.
 */
export function ProductEditorScreen({ id, search, panels = EXTRA_PANELS }: { id: string | undefined; search: string; panels?: readonly ProductPanel[] }) {
  const [draft, setDraft] = useState<ProductDraft | undefined>();
  const [baseline, setBaseline] = useState('');
  const [loadError, setLoadError] = useState<string | undefined>();
  const [facets, setFacets] = useState<ProductFacets | undefined>();
  const [state, setState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<SaveProblem | undefined>();
  const [attempt, setAttempt] = useState(0);
  const { locale } = useOwner();
  // The saved variant whose stock dialog is open.
  const [stockOf, setStockOf] = useState<string | null>(null);

  const adopt = useCallback(
    (product: OwnerProduct) => {
      const next = draftOf(product, locale);
      setDraft(next);
      setBaseline(JSON.stringify(bodyOf(next)));
    },
    [locale],
  );

  useEffect(() => {
    setLoadError(undefined);
    if (id) {
      if (handoff?.id === id) {
        adopt(handoff);
        handoff = undefined;
        setState('saved');
      } else loadProduct(id).then(adopt, (e: Error) => setLoadError(e.message || TEXT.loadRetry));
      return;
    }
    const params = new URLSearchParams(search);
    const type = typeName(params.get('type') ?? 'physical');
    const collectionId = params.get('collectionId') ?? '';
    if (!type || !collectionId) {
      setLoadError('Open the editor from a store’s product list: it needs the store and the product type.');
      return;
    }
    const fresh = newDraft(collectionId, type);
    setDraft(fresh);
    setBaseline(JSON.stringify(bodyOf(fresh)));
  }, [id, search, adopt, attempt]);

  const collectionId = draft?.collectionId;
  useEffect(() => {
    if (collectionId === undefined) return;
    loadFacets(collectionId).then(setFacets, () => setFacets({ categories: [], tags: [], store: null }));
  }, [collectionId]);

  const body = useMemo(() => (draft ? bodyOf(draft) : undefined), [draft]);
  const dirty = body !== undefined && JSON.stringify(body) !== baseline;
  const saving = state === 'saving';

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const save = useCallback(async (version?: number): Promise<boolean> => {
    const current = draftRef.current;
    if (!current) return false;
    setState('saving');
    const result = await saveProduct(current.id, version ?? current.version, bodyOf(current));
    if (result.ok) {
      setProblem(undefined);
      if (!current.id) {
        handoff = result.product;
        setBaseline(JSON.stringify(bodyOf(current)));
        navigate(`/config/products/${encodeURIComponent(result.product.id)}`, true);
        return true;
      }
      adopt(result.product);
      setState('saved');
      return true;
    }
    setProblem(result.problem);
    setState(result.problem.status === 412 ? 'conflict' : 'error');
    return false;
  }, [adopt]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (draftRef.current && state !== 'saving') void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save, state]);

  const prompt = useUnsavedChanges(dirty, () => save());

  if (loadError) return <ErrorPanel message={loadError} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!draft) return <Skeleton label="Loading the product" />;

  const set = (patch: Partial<ProductDraft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    if (state === 'saved' || state === 'error') setState('idle');
  };
  const errors = problem?.fields ?? {};
  const entries = Object.entries(errors);
  const storeUrl = facets?.store?.fullUrl ?? (draft.fullUrl ? draft.fullUrl.replace(/\/[^/]*$/, '') : '');
  const panelProduct = { ...draft.loaded, ...bodyOf(draft), ...(draft.id ? { id: draft.id } : {}), productType: draft.productType };
  const title = draft.id ? draft.title || 'Untitled product' : `New ${TYPE_LABELS[draft.productType].toLowerCase()}`;

  return (
    <div className="prod-editor">
      <header className="prod-header">
        <div>
          <p className="prod-muted">
            <Link href="/config/products">Products</Link> · {TYPE_LABELS[draft.productType]}
          </p>
          <h1>{title}</h1>
        </div>
        <div className="prod-save">
          <span role="status" className="prod-save-state" data-state={state}>
            {state === 'saving' ? 'Saving…' : state === 'saved' && !dirty ? 'Saved' : state === 'error' ? 'Not saved' : dirty ? 'Unsaved changes' : ''}
          </span>
          <Button busy={saving} disabled={state === 'conflict'} onClick={() => void save()} aria-keyshortcuts="Control+S Meta+S">
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </header>

      {problem && state === 'error' ? (
        <div className="prod-summary" role="alert" tabIndex={-1}>
          <p>{entries.length ? `The product was not saved: ${entries.length === 1 ? 'one field needs' : `${entries.length} fields need`} a change.` : problem.message}</p>
          {entries.length ? (
            <ul>
              {entries.map(([path, message]) => (
                <li key={path} data-own={OWN_PATHS.test(path) || undefined}>
                  <a
                    href={`#${path}`}
                    onClick={(e) => {
                      e.preventDefault();
                      focusField(path);
                    }}
                  >
                    {pathLabel(path)}: {message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {problem.clash ? (
            <p>
              <Link href={`/config/products/${encodeURIComponent(problem.clash.productId)}`}>Open {problem.clash.title}</Link>, the product that has the SKU {problem.clash.sku}.
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="prod-columns">
        <div className="prod-main">
          <section className="prod-section" aria-label="Product details">
            <TextField label="Title" value={draft.title} maxLength={200} required disabled={saving} data-path="title" error={errors.title} onChange={(e) => set({ title: e.currentTarget.value })} />
            <RichTextField label="Description" value={draft.description} onChange={(description) => set({ description })} />
            {errors.description ? <p className="ui-field-error" data-field-error>{errors.description}</p> : null}
          </section>
          <ImagesPanel images={draft.images} disabled={saving} errors={errors} onChange={(images) => set({ images, variants: draft.variants.map((v) => (v.imageAssetId && !images.some((i) => i.assetId === v.imageAssetId) ? { ...v, imageAssetId: null } : v)) })} />
        </div>
        <aside className="prod-side">
          <section className="prod-section" aria-label="Publishing">
            <SelectField label="Status" value={draft.status} disabled={saving} data-path="status" options={[{ value: 'draft', label: 'Draft' }, { value: 'published', label: 'Published' }, { value: 'archived', label: 'Archived (kept for orders, not in the store)' }]} onChange={(e) => set({ status: e.currentTarget.value as ProductDraft['status'] })} />
            <Switch checked={draft.visible} disabled={saving} onChange={(visible) => set({ visible })}>
              Visible in the store
            </Switch>
            <TextField
              label="URL slug"
              value={draft.slug}
              maxLength={200}
              disabled={saving}
              data-path="slug"
              error={errors.slug}
              hint={`Store address: ${urlPreview(storeUrl, draft.slug, draft.title, slugify)}`}
              onChange={(e) => set({ slug: e.currentTarget.value })}
            />
          </section>
          <section className="prod-section" aria-label="Organisation">
            <TokenInput label="Categories" values={draft.categories} maxLength={25} path="categories" suggestions={facets?.categories} disabled={saving} error={errors.categories ?? entries.find(([p]) => p.startsWith('categories.'))?.[1]} onChange={(categories) => set({ categories })} />
            <TokenInput label="Tags" values={draft.tags} maxLength={50} path="tags" suggestions={facets?.tags} disabled={saving} error={errors.tags ?? entries.find(([p]) => p.startsWith('tags.'))?.[1]} onChange={(tags) => set({ tags })} />
          </section>
        </aside>
      </div>
      {/* Full width: the variants table needs the room. */}
      <VariantsPanel
        type={draft.productType}
        currency={draft.currency}
        options={draft.options}
        variants={draft.variants}
        images={draft.images}
        errors={errors}
        disabled={saving}
        onOptions={(options) => set({ options })}
        onVariants={(variants) => set({ variants })}
        onStock={draft.id ? setStockOf : undefined}
      />
      {stockOf && draft.id ? (
        <StockDialog
          productId={draft.id}
          variantId={stockOf}
          open
          onClose={() => setStockOf(null)}
          // Stock changes on its own (atomic, with history), not with the save: only the shown counts follow it.
          onChanged={() =>
            void loadProduct(draft.id!).then(
              (fresh) => setDraft((d) => (d ? { ...d, variants: d.variants.map((v) => ({ ...v, stockNow: fresh.variants.find((f) => f.id === v.id)?.qtyInStock ?? v.stockNow })) } : d)),
              () => undefined,
            )
          }
        />
      ) : null}
      <ExtraPanels panels={panels} product={panelProduct} errors={errors} disabled={saving} change={(patch) => setDraft((d) => (d ? { ...d, extra: { ...d.extra, ...patch } } : d))} />

      <Dialog
        open={state === 'conflict'}
        title="This product was changed elsewhere"
        onClose={() => undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => draft.id && loadProduct(draft.id).then((p) => { adopt(p); setProblem(undefined); setState('idle'); }, () => setState('error'))}>
              Reload
            </Button>
            <Button variant="danger" onClick={() => void save(problem?.current?.version ?? undefined)}>
              Keep mine
            </Button>
          </>
        }
      >
        <p>Someone saved this product since you opened it. Reload to see their version (your unsaved changes are dropped), or keep yours: it is saved over theirs.</p>
      </Dialog>
      {prompt}
    </div>
  );
}
