import { useState } from 'react';
import { ChoiceList, useDebounced, useOwnerGet, type BlockPanelProps, type ProductChoice } from '../../client/editor/screens/page-editor/panel-kit.js';
import { ownerFetch } from '../../client/editor/api.js';
import { TextField } from '../../client/editor/ui/fields.js';
import { useLoad } from '../../client/editor/use-load.js';
import { ErrorPanel, Skeleton } from '../../client/editor/ui/states.js';

/**
 * The product block's settings: search the store's products by name (GET /api/owner/block-sources/products)
 * and choose one; a product visitors cannot see is marked, since the block then shows 'not available'.
 */
export function ProductPanel({ value, onChange }: BlockPanelProps) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  // The last results stay while the next search loads (busy until the typed words are the ones shown).
  const found = useOwnerGet<{ products: ProductChoice[] }>(`/api/owner/block-sources/products?${new URLSearchParams({ q, limit: '20' })}`, { keep: true });
  const busy = q !== search.trim() || (found.state === 'ready' && found.refreshing === true);
  const [picked, setPicked] = useState<ProductChoice | undefined>();
  const chosen = String(value.item ?? '');
  // The block's product by id, for its name (it need not be among the search's results).
  const current = useLoad(`product:${chosen}`, () =>
    chosen ? ownerFetch<{ products: ProductChoice[] }>('GET', `/api/owner/block-sources/products?${new URLSearchParams({ id: chosen, limit: '1' })}`) : Promise.resolve({ products: [] }),
  ).result;
  const known = picked?.id === chosen ? picked : current.state === 'ready' ? current.data.products[0] : undefined;
  return (
    <div className="pe-fields">
      <p className="pe-muted" data-chosen-product>
        {chosen ? `Showing: ${known?.title ?? chosen}` : 'No product chosen yet.'}
      </p>
      <TextField label="Search products" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {found.state === 'loading' ? <Skeleton rows={2} label="Loading products" /> : null}
      {found.state === 'error' ? <ErrorPanel message={found.message} onRetry={found.retry} /> : null}
      {found.state === 'ready' && found.data.products.length === 0 && !busy ? <p className="pe-muted">No products match your search.</p> : null}
      {found.state === 'ready' ? (
        <ChoiceList label="Products" items={found.data.products} chosen={chosen} busy={busy} onPick={(p) => {
          setPicked(p);
          onChange({ ...value, item: p.id }, 'item');
        }}>
          {(p) => (
            <>
              {p.image ? <img src={p.image} alt="" /> : null}
              <span>{p.title}</span>
              {p.public ? null : <small>Not shown to visitors</small>}
            </>
          )}
        </ChoiceList>
      ) : null}
    </div>
  );
}
