import type { CollectionRecord } from '../services/collections.js';
import { loadItemDetails } from '../services/item-details.js';
import { itemNeighbours, type ItemRecord } from '../services/items.js';
import { reviewsForPage } from '../services/reviews/store.js';
import { instalmentSettings } from '../services/instalments.js';
import { instalmentPill, type InstalmentSettings } from '../../domain/commerce/instalments.js';
import { displayMoney } from '../../domain/money/money.js';
import { reviewFormTexts, reviewsJson } from './context/reviews.js';
import { collectionJson } from './context/collection.js';
import { itemJson } from './context/item.js';
import { merchandisingJson } from '../services/item-json/product-json.js';
import { baseContext } from './page-context.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';

// SPEC §3 RecordType store item 11: SPEC §2 a product detail page is an item with a product.
const STORE_ITEM = 11;
// "You may also like": one row of the theme's widest product grid.
const RELATED_ITEMS = 4;

/** An item page (type 50): a product detail page or a blog post. */
export async function itemPage(req: PageRequest, collection: CollectionRecord, row: ItemRecord): Promise<PageResult> {
  const [base, { sequence, related }] = await Promise.all([
    baseContext(req, PAGE_TYPE.item, 'item', collection.id),
    itemNeighbours(req.db, collection, row, RELATED_ITEMS, req.now),
  ]);
  // The item and its related products share one batch of detail queries; a store item's
  // reviews come alongside (SPEC §1: reviews on product pages, `?page=N` pages them).
  const reviewPage = Math.min(10_000, Math.max(1, Number.parseInt(req.url.searchParams.get('page') ?? '1', 10) || 1));
  const storeItem = row.recordType === STORE_ITEM;
  const [details, reviews, instalments] = await Promise.all([
    loadItemDetails(req.db, [row, ...related]),
    storeItem ? reviewsForPage(req.db, req.site.id, row.id, reviewPage) : undefined,
    storeItem ? instalmentSettings(req.db, req.site.id) : undefined,
  ]);
  const at = sequence.findIndex((s) => s.id === row.id);
  // The previous and next items' titles in the page's language (issue 29, lang25).
  const table = req.translations ? await req.translations : undefined;
  const link = (i: number) => {
    const s = sequence[i];
    return s ? { title: table?.get('product', s.id, 'title') ?? s.title, fullUrl: s.fullUrl } : undefined;
  };
  const pagination: Record<string, unknown> = {};
  const prev = at > 0 ? link(at - 1) : undefined;
  const next = at >= 0 ? link(at + 1) : undefined;
  if (prev) pagination.prevItem = prev;
  if (next) pagination.nextItem = next;

  const isProduct = row.recordType === STORE_ITEM || details.products.has(row.id);
  const merchandising = [...details.merchandising.values()];
  const context: Record<string, unknown> = {
    ...base,
    collection: collectionJson(collection),
    item: itemJson(row, details, collection),
    pagination,
    // Related products show as cards, so they get the list view of their merchandising.
    productMerchandisingContext: {
      ...merchandisingJson(
        merchandising.filter((m) => m.productId !== row.id),
        details.variants,
        'product-list',
      ),
      ...merchandisingJson(
        merchandising.filter((m) => m.productId === row.id),
        details.variants,
        'product-detail',
      ),
    },
  };
  // Shaped like a collection page's items so `partials/product-card` renders them.
  // The owner's chosen related products may come from another store of the site.
  if (isProduct) context.relatedItems = related.map((r) => itemJson(r, details, r.collectionId === collection.id ? collection : undefined));
  // SPEC §4/§9 instalment messaging under the price (the product-form island words it).
  if (instalments) {
    context.instalments = instalments;
    const pill = serverPill(context.item, instalments, req.site.currency, String((base.website as { language?: string }).language ?? req.site.locale));
    // Drawn by the server too, so the island taking over the purchase form moves nothing below it.
    if (pill) context.instalmentPill = pill;
  }
  if (reviews) {
    // The review form island's words in the page's language (its props `texts`), only where translated.
    const formTexts = reviewFormTexts(req.translations ? await req.translations : undefined);
    context.reviews = { ...reviewsJson(row.fullUrl, reviewPage, reviews.reviews, reviews.summary), ...(formTexts ? { formTexts } : {}) };
  }
  return { status: 200, templates: isProduct ? ['product.html', 'item.html'] : ['item.html'], context };
}

interface PricedVariant {
  price: number;
  salePrice: number;
  onSale: boolean;
}

/** The instalment pill of a physical product (type 1) at its lowest price, as the island first draws it. */
function serverPill(item: unknown, settings: InstalmentSettings, currency: string, locale: string) {
  const product = (item as { structuredContent?: { productType?: number; variants?: PricedVariant[] } }).structuredContent;
  const variants = product?.variants ?? [];
  if (product?.productType !== 1 || variants.length === 0) return undefined;
  return instalmentPill(Math.min(...variants.map((v) => (v.onSale ? v.salePrice : v.price))), settings, locale, (minor) => displayMoney(minor, currency, locale));
}
