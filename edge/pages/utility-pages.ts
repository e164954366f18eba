import { cartJson, visitorCart } from '../services/cart/index.js';
import { loadItemDetails } from '../services/item-details.js';
import { searchItems } from '../services/items.js';
import { collectionsById } from '../services/collections.js';
import { itemJson } from './context/item.js';
import { merchandisingJson } from './context/product.js';
import { baseContext, type PageRequest } from './page-context.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';

const SEARCH_LIMIT = 40;
const MAX_QUERY_LENGTH = 200;

/** `/search?q=`: matching products and posts (SPEC §2 page type 102). */
export async function searchPage(req: PageRequest): Promise<PageResult> {
  const text = (req.url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const [base, rows] = await Promise.all([
    baseContext(req, PAGE_TYPE.search, 'search'),
    text ? searchItems(req.db, req.site.id, text, SEARCH_LIMIT, req.now) : Promise.resolve([]),
  ]);
  const [details, collections] = await Promise.all([
    loadItemDetails(req.db, rows),
    collectionsById(req.db, rows.map((r) => r.collectionId)),
  ]);
  return {
    status: 200,
    templates: ['search.html'],
    context: {
      ...base,
      search: { query: text, resultCount: rows.length },
      items: rows.map((r) => itemJson(r, details, collections.get(r.collectionId))),
      productMerchandisingContext: merchandisingJson(details.merchandising.values(), details.variants, 'product-list'),
    },
  };
}

/**
 * `/cart`: the show-cart page (SPEC §2 page type 200), with the visitor's cart (from the
 * `CART` cookie) rendered server-side by the same service as the cart API.
 */
export async function cartPage(req: PageRequest, cartToken: string | undefined): Promise<PageResult> {
  const [base, view] = await Promise.all([
    baseContext(req, PAGE_TYPE.showCart, 'cart'),
    visitorCart(req.db, req.site.id, cartToken, req.now),
  ]);
  return { status: 200, templates: ['cart.html'], context: { ...base, cart: cartJson(view, req.site, req.now) } };
}

/** Anything unresolved: status 404, page type 100. */
export async function notFoundPage(req: PageRequest): Promise<PageResult> {
  return { status: 404, templates: ['not-found.html'], context: await baseContext(req, PAGE_TYPE.notFound, 'not-found') };
}

/** A failure while serving a page: status 500, page type 101; never carries error details. */
export async function errorPage(req: PageRequest): Promise<PageResult> {
  return { status: 500, templates: ['error.html'], context: await baseContext(req, PAGE_TYPE.error, 'error') };
}
