import { homepageQuery } from '../services/collections.js';
import { query } from '../services/db.js';
import { loadItemDetails } from '../services/item-details.js';
import { featuredProductsQuery, recentPostsQuery } from '../services/items.js';
import { collectionJson } from './context/collection.js';
import { itemJson } from './context/item.js';
import { merchandisingJson } from '../services/item-json/product-json.js';
import { baseContext } from './page-context.js';
import { servedPage, withPageLayout } from './block-page.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';

const FEATURED = 8;
const RECENT_POSTS = 3;

/**
 * `/`: the home page: its block layout (a summary block lists products and posts) and, for
 * JSON readers, SEO and themes without a layout, the featured products and recent posts.
 */
export async function homePage(req: PageRequest): Promise<PageResult> {
  const { db, site, now } = req;
  // The three lists in one D1 round trip.
  const [[home], products, posts] = await query(() =>
    db.batch([homepageQuery(db, site.id), featuredProductsQuery(db, site.id, FEATURED, now), recentPostsQuery(db, site.id, RECENT_POSTS, now)]),
  );
  const [base, details, layout] = await Promise.all([
    baseContext(req, PAGE_TYPE.page, 'home', home?.id),
    loadItemDetails(db, [...products, ...posts]),
    home ? servedPage(req, home.urlId) : undefined,
  ]);
  const context: Record<string, unknown> = {
    ...base,
    featuredProducts: products.map((r) => itemJson(r, details)),
    recentPosts: posts.map((r) => itemJson(r, details)),
    productMerchandisingContext: merchandisingJson(details.merchandising.values(), details.variants, 'product-list'),
  };
  if (home) {
    const collection = collectionJson(home);
    context.collection = collection;
    // The home page's content: the block page of its URL id (`home`), when published.
    await withPageLayout(req, context, collection, layout);
  }
  return { status: 200, templates: ['home.html', 'page.html'], context };
}
