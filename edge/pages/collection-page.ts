import type { CollectionRecord } from '../services/collections.js';
import { findForm } from '../services/forms/definitions.js';
import { formContext } from './context/form.js';
import { loadItemDetails } from '../services/item-details.js';
import { listItems } from '../services/items.js';
import { collectionJson } from './context/collection.js';
import { itemJson } from './context/item.js';
import { merchandisingJson } from '../services/item-json/product-json.js';
import { pageNumber, paginationJson, totalPages } from './context/pagination.js';
import { baseContext } from './page-context.js';
import { servedPage, withPageLayout } from './block-page.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { notFoundPage } from './utility-pages.js';

// SPEC §3 CollectionType page 10: a plain page renders its own content, not a list.
const PAGE_COLLECTION = 10;
// Keeps item-detail queries under D1's 100 bound parameters.
const MAX_PAGE_SIZE = 50;

/** A plain page (type 2) or a list collection (type 1) with one page of items. */
export async function collectionPage(req: PageRequest, collection: CollectionRecord): Promise<PageResult> {
  if (collection.type === PAGE_COLLECTION) {
    const [base, form, layout] = await Promise.all([
      baseContext(req, PAGE_TYPE.page, 'page', collection.id),
      collection.formId ? findForm(req.db, req.site.id, collection.formId) : undefined,
      servedPage(req, collection.urlId),
    ]);
    const page = collectionJson(collection);
    // The page's form block (a contact page's form), rendered from its D1 definition.
    if (form) page.form = formContext(req, form);
    const context: Record<string, unknown> = { ...base, collection: page };
    // Its content: the block page of the same URL id (blocks/, docs/blocks.md). When a form
    // block of the layout shows the page's form, the theme does not add it again below.
    await withPageLayout(req, context, page, layout);
    if (form && layout?.layout.sections.some((s) => s.blocks.some((b) => b.type === 'form' && b.props.form === form.id))) page.formInLayout = true;
    return { status: 200, templates: ['page.html'], context };
  }
  const pageSize = Math.min(Math.max(1, collection.itemsPerPage), MAX_PAGE_SIZE);
  const current = pageNumber(req.url.searchParams.get('page') ?? undefined);
  // `?tag=` / `?category=`: the list of one tag or category (a name the tag manager keeps, at most 50 characters).
  const filter = { tag: req.url.searchParams.get('tag')?.slice(0, 50) || undefined, category: req.url.searchParams.get('category')?.slice(0, 50) || undefined };
  const filtered = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const [base, page] = await Promise.all([
    baseContext(req, PAGE_TYPE.collection, 'collection', collection.id),
    listItems(req.db, collection, (current - 1) * pageSize, pageSize, req.now, filter),
  ]);
  // Past the last page there is no page: 404, not "Page 3 of 1".
  if (current > totalPages(page.total, pageSize)) return notFoundPage(req);
  const details = await loadItemDetails(req.db, page.rows);
  return {
    status: 200,
    templates: ['collection.html'],
    context: {
      ...base,
      collection: collectionJson(collection, page.total),
      items: page.rows.map((r) => itemJson(r, details, collection)),
      pagination: paginationJson(filtered ? `${collection.fullUrl}?${filtered}` : collection.fullUrl, current, pageSize, page.total),
      productMerchandisingContext: merchandisingJson(details.merchandising.values(), details.variants, 'product-list'),
    },
  };
}
