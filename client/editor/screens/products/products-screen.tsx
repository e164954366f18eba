import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { ProductListRow } from '../../../../edge/services/catalog/product-read.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { moneyColumn } from '../../data-table/columns.js';
import { DataTable, type FilterDef, type PageRequest } from '../../data-table/data-table.js';
import { Link } from '../../router.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { bulk, listStores, PRODUCT_TYPES, statusLabel, storeCategories, storeNames, typeLabel, type BulkBody, type StoreRow } from './products-api.js';
import { StockDialog } from './stock-dialog.js';
import './products.css';

const column = createColumnHelper<ProductListRow>();

/** Table column -> the list API's sort name (GET /api/owner/products?sort=). */
const SORT_NAMES: Record<string, string> = { title: 'title', priceCents: 'price', stock: 'stock' };

/** The list call's query: store, filters, search, sort, cursor and page size. */
export function productsQuery(collectionId: string, request: Omit<PageRequest, 'cursor' | 'pageSize'> & Partial<Pick<PageRequest, 'cursor' | 'pageSize'>>): string {
  const params = new URLSearchParams({ collectionId });
  if (request.search) params.set('q', request.search);
  for (const key of ['type', 'category', 'tag', 'stock']) if (request.filters[key]) params.set(key, request.filters[key]!);
  const sort = request.sort[0];
  if (sort && SORT_NAMES[sort.id]) params.set('sort', `${sort.desc ? '-' : ''}${SORT_NAMES[sort.id]}`);
  if (request.cursor) params.set('after', request.cursor);
  if (request.pageSize) params.set('limit', String(request.pageSize));
  return params.toString();
}

function StockCell({ row, onOpen }: { row: ProductListRow; onOpen: () => void }) {
  const badge = row.stockState === 'out' ? <span className="ui-badge products-badge-out">Out of stock</span> : row.stockState === 'low' ? <span className="ui-badge products-badge-low">Low</span> : null;
  if (row.stock === null) return <span>Unlimited</span>;
  return (
    <span className="products-stock">
      <button type="button" className="owner-link-button" onClick={onOpen} aria-label={`Stock of ${row.title}: ${row.stock}. Change stock`}>
        {row.stock}
      </button>{' '}
      {badge}
    </span>
  );
}

type Pending = { kind: 'category' | 'stock' | 'delete'; rows: ProductListRow[] } | null;

/**
 * /config/products: the owner's products on the data table (docs/owner-app.md "Products"):
 * the store picker when the site has several, filters, bulk actions, the stock dialog, and
 * the way to create the store when there is none.
 */
export function ProductsScreen() {
  const { websiteId = '' } = useOwner();
  const stores = useLoad(`stores:${websiteId}`, () => listStores(websiteId));
  const [picked, setPicked] = useState('');
  if (stores.result.state === 'loading') return <><h1>Products</h1><Skeleton label="Loading stores" /></>;
  if (stores.result.state === 'error') return <><h1>Products</h1><ErrorPanel message={stores.result.message} onRetry={stores.retry} /></>;
  const list = stores.result.data;
  if (list.length === 0) {
    return (
      <>
        <h1>Products</h1>
        <EmptyState title="You have no store yet.">
          <p>Create your store first: it gets its own address and a place for your products.</p>
          <Link className="ui-button" href="/config/store-setup">
            Create your store
          </Link>
        </EmptyState>
      </>
    );
  }
  const store = list.find((s) => s.id === picked) ?? list[0]!;
  return <StoreProducts key={store.id} store={store} stores={list} pick={setPicked} />;
}

function StoreProducts({ store, stores, pick }: { store: StoreRow; stores: StoreRow[]; pick: (id: string) => void }) {
  const { websiteId = '' } = useOwner();
  const toast = useToast();
  const [reload, setReload] = useState(0);
  const [stockOf, setStockOf] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const names = useLoad(`names:${store.id}:${reload}`, async () => {
    const [own, tree] = await Promise.all([storeNames(store.id), storeCategories(websiteId, store.id).catch(() => [])]);
    return { tags: own.tags, categories: [...new Set([...tree, ...own.categories])].sort((a, b) => a.localeCompare(b)) };
  });
  const known = names.result.state === 'ready' ? names.result.data : { categories: [], tags: [] };

  const filters = useMemo<FilterDef[]>(
    () => [
      { id: 'type', label: 'Type', type: 'select', options: [{ value: '', label: 'All types' }, ...PRODUCT_TYPES.map((t) => ({ value: t.value, label: t.label }))] },
      { id: 'category', label: 'Category', type: 'select', options: [{ value: '', label: 'All categories' }, ...known.categories.map((c) => ({ value: c, label: c }))] },
      { id: 'tag', label: 'Tag', type: 'select', options: [{ value: '', label: 'All tags' }, ...known.tags.map((t) => ({ value: t, label: t }))] },
      {
        id: 'stock',
        label: 'Stock',
        type: 'select',
        options: [
          { value: '', label: 'Any stock' },
          { value: 'in', label: 'In stock' },
          { value: 'low', label: 'Low' },
          { value: 'out', label: 'Out of stock' },
          { value: 'unlimited', label: 'Unlimited' },
        ],
      },
    ],
    [known.categories.join('\n'), known.tags.join('\n')],
  );

  const columns = useMemo(
    () => [
      column.accessor('assetUrl', {
        id: 'image',
        header: 'Image',
        enableSorting: false,
        cell: (c) => (c.getValue() ? <img className="products-thumb" src={c.getValue()!} alt="" width={40} height={40} loading="lazy" /> : <span className="products-thumb products-thumb-empty" aria-hidden="true" />),
      }),
      column.accessor('title', { header: 'Title', cell: (c) => <Link href={`/config/products/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('productType', { header: 'Type', enableSorting: false, cell: (c) => typeLabel(c.getValue()) }),
      moneyColumn(column, 'priceCents', { header: 'Price', currency: (product) => product.currency, sortable: true }),
      column.accessor('stock', { header: 'Stock', cell: (c) => <StockCell row={c.row.original} onOpen={() => setStockOf(c.row.original.id)} /> }),
      column.accessor('status', { header: 'Status', enableSorting: false, cell: (c) => <span className="ui-badge" data-status={statusLabel(c.row.original)}>{statusLabel(c.row.original)}</span> }),
      column.accessor('categories', { header: 'Category', enableSorting: false, cell: (c) => c.getValue().join(', ') }),
    ],
    [],
  );

  const fetchPage = async (request: PageRequest) => {
    const answer = await ownerFetch<{ products: ProductListRow[]; nextPageCursor: string | null }>('GET', `/api/owner/products?${productsQuery(store.id, request)}`);
    return { rows: answer.products, next: answer.nextPageCursor };
  };
  const run = async (body: BulkBody, done: string) => {
    await bulk(body);
    toast(done);
    setReload((n) => n + 1);
  };
  const plural = (n: number) => (n === 1 ? '1 product' : `${n} products`);
  const bulkActions = [
    { label: 'Publish', run: (rows: ProductListRow[]) => run({ action: 'publish', ids: rows.map((r) => r.id) }, `${plural(rows.length)} published.`) },
    { label: 'Hide', run: (rows: ProductListRow[]) => run({ action: 'hide', ids: rows.map((r) => r.id) }, `${plural(rows.length)} hidden from the store.`) },
    { label: 'Set category', run: async (rows: ProductListRow[]) => setPending({ kind: 'category', rows }) },
    { label: 'Adjust stock', run: async (rows: ProductListRow[]) => setPending({ kind: 'stock', rows }) },
    { label: 'Delete', run: async (rows: ProductListRow[]) => setPending({ kind: 'delete', rows }) },
  ];

  const addHref = (type: string) => `/config/products/new?collectionId=${encodeURIComponent(store.id)}&type=${type}`;
  const toolbar = (
    <div className="products-actions">
      <details className="products-add">
        <summary className="ui-button">Add product</summary>
        <ul>
          {PRODUCT_TYPES.map((t) => (
            <li key={t.value}>
              <Link href={addHref(t.value)}>{t.label}</Link>
            </li>
          ))}
        </ul>
      </details>
      <Link className="ui-button" data-variant="secondary" href="/config/products/import">
        Import
      </Link>
      <a className="ui-button" data-variant="secondary" href="/api/owner/products/export.csv?layout=atelier" download>
        Export
      </a>
    </div>
  );

  return (
    <>
      <div className="products-head">
        <h1>Products</h1>
        {stores.length > 1 ? (
          <SelectField label="Store" value={store.id} onChange={(e) => pick(e.target.value)} options={stores.map((s) => ({ value: s.id, label: `${s.title} (${s.fullUrl})` }))} />
        ) : (
          <p className="products-store">
            Store: <a href={store.fullUrl}>{store.title}</a>
          </p>
        )}
      </div>
      {toolbar}
      {store.productCount === 0 && reload === 0 ? (
        <EmptyState title="No products in this store yet.">
          <Link className="ui-button" href={addHref('physical')}>
            Add product
          </Link>
        </EmptyState>
      ) : (
        <DataTable
          label="Products"
          columns={columns}
          getRowId={(row) => row.id}
          fetchPage={fetchPage}
          filters={filters}
          filterKey={`${store.id}:${reload}`}
          viewsKey="products"
          searchLabel="Search titles"
          emptyTitle="No products match."
          bulkActions={bulkActions}
          rowData={(row) => ({ 'data-product': row.id })}
        />
      )}
      {stockOf ? <StockDialog productId={stockOf} open onClose={() => setStockOf(null)} onChanged={() => setReload((n) => n + 1)} /> : null}
      {pending?.kind === 'category' ? <CategoryDialog rows={pending.rows} categories={known.categories} close={() => setPending(null)} run={run} /> : null}
      {pending?.kind === 'stock' ? <BulkStockDialog rows={pending.rows} close={() => setPending(null)} run={run} /> : null}
      {pending?.kind === 'delete' ? <DeleteDialog rows={pending.rows} close={() => setPending(null)} run={run} /> : null}
    </>
  );
}

type Run = (body: BulkBody, done: string) => Promise<void>;

/** Runs a dialog's action: field errors by name, other failures as the message. */
function useAction(close: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string>; status: number } | null>(null);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      close();
    } catch (e) {
      setError(e instanceof OwnerApiError ? { message: e.message, fields: e.fields, status: e.status } : { message: TEXT.failed, fields: {}, status: 0 });
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, act };
}

function CategoryDialog({ rows, categories, close, run }: { rows: ProductListRow[]; categories: string[]; close: () => void; run: Run }) {
  const [name, setName] = useState(categories[0] ?? '');
  const { busy, error, act } = useAction(close);
  return (
    <Dialog
      open
      title={`Set the category of ${rows.length === 1 ? '1 product' : `${rows.length} products`}`}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>Cancel</Button>
          <Button type="submit" form="products-category" busy={busy}>Set category</Button>
        </>
      }
    >
      <form id="products-category" onSubmit={(e) => { e.preventDefault(); void act(() => run({ action: 'setCategory', ids: rows.map((r) => r.id), category: name }, `Category set to ${name.trim()}.`)); }}>
        <TextField label="Category" list="products-category-names" value={name} maxLength={25} onChange={(e) => setName(e.target.value)} error={error?.fields.category} />
        <datalist id="products-category-names">{categories.map((c) => <option key={c} value={c} />)}</datalist>
        <p className="ui-hint">Replaces the products’ categories with this one.</p>
        {error && !error.fields.category ? <p role="alert" className="ui-field-error">{error.message}</p> : null}
      </form>
    </Dialog>
  );
}

function BulkStockDialog({ rows, close, run }: { rows: ProductListRow[]; close: () => void; run: Run }) {
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const { busy, error, act } = useAction(close);
  const submit = () => {
    const n = Number(delta);
    if (delta.trim() === '' || !Number.isInteger(n) || n === 0) {
      setInvalid('Enter a change other than 0, like 5 or -2.');
      return;
    }
    setInvalid('');
    void act(() => run({ action: 'adjustStock', ids: rows.map((r) => r.id), delta: n, ...(reason.trim() ? { reason: reason.trim() } : {}) }, `Stock changed by ${n > 0 ? `+${n}` : n}.`));
  };
  return (
    <Dialog
      open
      title={`Adjust the stock of ${rows.length === 1 ? '1 product' : `${rows.length} products`}`}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>Cancel</Button>
          <Button type="submit" form="products-stock" busy={busy}>Adjust stock</Button>
        </>
      }
    >
      <form id="products-stock" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <p>Every variant with counted stock changes by this many units; unlimited variants stay as they are. If one would go below 0, nothing changes.</p>
        <TextField label="Change by" inputMode="numeric" value={delta} onChange={(e) => setDelta(e.target.value)} error={invalid || error?.fields.delta} />
        <TextField label="Reason (optional)" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} error={error?.fields.reason} />
        {error && !error.fields.delta && !error.fields.reason ? <p role="alert" className="ui-field-error">{error.message}</p> : null}
      </form>
    </Dialog>
  );
}

function DeleteDialog({ rows, close, run }: { rows: ProductListRow[]; close: () => void; run: Run }) {
  const { busy, error, act } = useAction(close);
  const ids = rows.map((r) => r.id);
  const what = rows.length === 1 ? rows[0]!.title : `${rows.length} products`;
  return (
    <Dialog
      open
      title={`Delete ${what}?`}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>Cancel</Button>
          {error?.status === 409 ? (
            <Button busy={busy} onClick={() => void act(() => run({ action: 'archive', ids }, `${what} archived.`))}>
              Archive instead
            </Button>
          ) : (
            <Button variant="danger" busy={busy} onClick={() => void act(() => run({ action: 'delete', ids }, `${what} deleted.`))}>
              Delete
            </Button>
          )}
        </>
      }
    >
      <p>Deleting removes the products, their variants and their stock history for good. Products in shoppers’ carts or in orders cannot be deleted; archive them instead (they leave the store and stay for orders).</p>
      {error ? <p role="alert" className="ui-field-error">{error.message}</p> : null}
    </Dialog>
  );
}
