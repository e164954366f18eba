import { escapeHtml } from '../../engine/index.js';
import { collectionsById } from '../services/collections.js';
import { loadItemDetails } from '../services/item-details.js';
import { MARK_END, MARK_START, MAX_QUERY_LENGTH, searchItems } from '../services/search.js';
import { searchPages } from '../services/page-search.js';
import { searchTranslatedItems } from '../services/multilingual/search.js';
import { itemJson } from './context/item.js';
import { pageNumber, paginationJson, totalPages } from './context/pagination.js';
import { merchandisingJson } from '../services/item-json/product-json.js';
import { baseContext } from './page-context.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { notFoundPage } from './utility-pages.js';

export const SEARCH_PAGE_SIZE = 10;
// Pages shown after the items of a search's first page.
const PAGE_HITS = 5;

/**
 * A search snippet as safe HTML: the text is escaped, then the highlight markers
 * become `<mark>`; nothing from the indexed text can open a tag.
 * @example highlightSnippet('a \u0002<mug>\u0003') === 'a <mark>&lt;mug&gt;</mark>'
 */
export function highlightSnippet(snippet: string): string {
  return escapeHtml(snippet).replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>');
}

/** The visitor's query: trimmed and cut at 200 characters (a limit of ours, SPEC sets none; never an error). */
export function searchQuery(url: URL): string {
  return (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/** `/search?q=&page=`: ranked matching products and posts, and published pages after them on the first page (SPEC §2 page type 102). */
export async function searchPage(req: PageRequest): Promise<PageResult> {
  const text = searchQuery(req.url);
  const current = pageNumber(req.url.searchParams.get('page') ?? undefined);
  const [base, results, pageHits] = await Promise.all([
    baseContext(req, PAGE_TYPE.search, 'search'),
    text
      ? // A page of an added language searches the translated products (issue 29).
        req.language
        ? searchTranslatedItems(req.db, req.site.id, req.language.code, text, { limit: SEARCH_PAGE_SIZE, offset: (current - 1) * SEARCH_PAGE_SIZE, now: req.now })
        : searchItems(req.db, req.site.id, text, { limit: SEARCH_PAGE_SIZE, offset: (current - 1) * SEARCH_PAGE_SIZE, now: req.now })
      : Promise.resolve({ hits: [], total: 0 }),
    // Published pages built from blocks that match, after the first page of items.
    text && current === 1 ? searchPages(req.db, req.site.id, text, PAGE_HITS, req.language?.code) : Promise.resolve([]),
  ]);
  if (current > totalPages(results.total, SEARCH_PAGE_SIZE)) return notFoundPage(req);
  const rows = results.hits.map((h) => h.item);
  const [details, collections] = await Promise.all([
    loadItemDetails(req.db, rows),
    collectionsById(req.db, rows.map((r) => r.collectionId)),
  ]);
  const basePath = text ? `/search?q=${encodeURIComponent(text)}` : '/search';
  return {
    status: 200,
    templates: ['search.html'],
    context: {
      ...base,
      search: { query: text, resultCount: results.total + pageHits.length },
      pages: pageHits.map((hit) => ({ title: hit.title, fullUrl: hit.fullUrl, searchSnippet: highlightSnippet(hit.snippet) })),
      items: results.hits.map((h) => ({
        ...itemJson(h.item, details, collections.get(h.item.collectionId)),
        searchSnippet: highlightSnippet(h.snippet),
        isProduct: details.products.has(h.item.id),
      })),
      pagination: paginationJson(basePath, current, SEARCH_PAGE_SIZE, results.total),
      productMerchandisingContext: merchandisingJson(details.merchandising.values(), details.variants, 'product-list'),
    },
  };
}
