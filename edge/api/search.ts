import { Hono } from 'hono';
import { z } from 'zod';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { siteClosedTo, SITE_SCOPE, unlockCookieName } from '../services/members/passwords.js';
import { loadItemDetails } from '../services/item-details.js';
import { MAX_QUERY_LENGTH, searchItems } from '../services/search.js';
import { imageJson } from '../services/item-json/image-json.js';
import { productJson } from '../services/item-json/product-json.js';

/** How many suggestions the header box shows. */
const SUGGESTIONS = 6;

// Longer queries are cut, never refused (a limit of ours, SPEC sets none): the schema only caps what is read.
const SuggestQuery = z.object({ q: z.string().default('').transform((q) => q.trim().slice(0, MAX_QUERY_LENGTH)) });

/**
 * GET /api/search/suggest?q=: the best few matches for the header search box's
 * suggestions, as JSON `{ query, suggestions: [{ title, url, kind, price?, image? }] }`.
 * Public data only, so it is cacheable for a minute.
 */
export const searchApi = new Hono<AppEnv>();

searchApi.get('/suggest', async (c) => {
  const { q } = SuggestQuery.parse({ q: c.req.query('q') ?? undefined });
  // Behind a site password the search answers nothing until the visitor unlocks (issue 30).
  if (await siteClosedTo(c.var.db, c.var.site.id, getCookie(c, unlockCookieName(SITE_SCOPE)))) {
    throw new ApiError(401, 'site_locked', 'This site is password protected.');
  }
  c.header('Cache-Control', 'public, max-age=60');
  if (!q) return c.json({ query: q, suggestions: [] });
  const { hits } = await searchItems(c.var.db, c.var.site.id, q, { limit: SUGGESTIONS, now: Date.now() });
  const details = await loadItemDetails(c.var.db, hits.map((h) => h.item));
  const suggestions = hits.map(({ item }) => {
    const out: Record<string, unknown> = { title: item.title, url: item.fullUrl, kind: details.products.has(item.id) ? 'product' : 'post' };
    const product = details.products.get(item.id);
    if (product) {
      const json = productJson(product, details.variants.get(item.id) ?? [], details.assets);
      const variants = json.variants as { priceMoney: unknown; salePriceMoney: unknown; onSale: boolean }[];
      const first = variants[0];
      const price = first ? (first.onSale ? first.salePriceMoney : first.priceMoney) : json.priceMoney;
      if (price) out.price = price;
    }
    const asset = item.mainImageId ? details.assets.get(item.mainImageId) : details.images.get(item.id)?.[0];
    if (asset) out.image = `${imageJson(asset).assetUrl}?format=100w`;
    return out;
  });
  return c.json({ query: q, suggestions });
});
