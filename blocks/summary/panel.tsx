import type { NavCollection } from '../../client/editor/screens/pages/tree.js';
import { ChoiceList, OtherFields, useOwnerGet, type BlockPanelProps } from '../../client/editor/screens/page-editor/panel-kit.js';
import { ErrorPanel, Skeleton } from '../../client/editor/ui/states.js';

/** A collection's URL id, what the summary block stores: '/shop' -> 'shop'. */
const urlIdOf = (url: string) => url.replace(/^\/+|\/+$/g, '');

/**
 * The summary block's settings: the collection whose items it lists, chosen from the site's
 * stores and blogs (GetNavigationCollections; plain pages have no items), then its other props.
 */
export function SummaryPanel({ value, specs, onChange }: BlockPanelProps) {
  const list = useOwnerGet<{ collections: NavCollection[] }>('/api/commondata/GetNavigationCollections');
  const chosen = String(value.collection ?? '');
  const collections = list.state === 'ready' ? list.data.collections.filter((c) => c.enabled && c.typeName !== 'page' && urlIdOf(c.url) !== '').map((c) => ({ ...c, id: urlIdOf(c.url) })) : [];
  return (
    <div className="pe-fields">
      <p className="pe-muted" data-chosen-collection>
        {chosen ? `Showing: ${collections.find((c) => c.id === chosen)?.title ?? chosen}` : 'No collection chosen yet.'}
      </p>
      {list.state === 'loading' ? <Skeleton rows={2} label="Loading collections" /> : null}
      {list.state === 'error' ? <ErrorPanel message={list.message} onRetry={list.retry} /> : null}
      {list.state === 'ready' ? (
        <ChoiceList label="Collections" items={collections} chosen={chosen} onPick={(c) => onChange({ ...value, collection: c.id }, 'collection')}>
          {(c) => (
            <>
              <span>{c.title}</span>
              <small>{c.typeName === 'products' ? 'Products' : c.typeName === 'blog' ? 'Blog posts' : c.url}</small>
            </>
          )}
        </ChoiceList>
      ) : null}
      <OtherFields specs={specs} value={value} onChange={onChange} skip={['collection']} />
    </div>
  );
}
