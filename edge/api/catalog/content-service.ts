import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { allows, requirePermission } from '../../middleware/roles/index.js';
import { CATALOG_MESSAGES } from '../../services/catalog/catalog-messages.js';
import { CATEGORY_TYPES, createCategory, listCategories, listStores, PAGE_RENDERINGS } from '../../services/catalog/categories.js';
import { createStore, takenSlugs } from '../../services/catalog/store-creation.js';
import { storeSlug } from '../../../domain/catalog/store-slug.js';
import { jsonBody, queryParams } from '../validate.js';

/** SPEC §9: category names are at most 25 characters. */
const categoryName = z
  .string({ error: 'Enter a category name.' })
  .trim()
  .min(1, { error: 'Enter a category name.' })
  .max(25, { error: 'A category name is at most 25 characters.' });

const storeBody = z.strictObject({
  storeTitle: z.string({ error: 'Enter a store title.' }).max(200, { error: 'A store title is at most 200 characters.' }),
  fallbackStoreTitle: z.string({ error: 'Enter a fallback store title.' }).trim().min(1, { error: 'Enter a fallback store title.' }).max(200, { error: 'A store title is at most 200 characters.' }),
  allCategoryDisplayName: categoryName,
  // Accepted for SPEC §3 compatibility: the theme's template and the platform version (7.1)
  // do not change what is created here (docs/api/catalogue.md).
  templateId: z.string().max(100).nullable().optional().default(null),
  addToMainNav: z.boolean().optional().default(false),
  isSevenOne: z.boolean().optional().default(true),
  storeUrls: z.array(z.string().max(200)).max(1000).optional().default([]),
});

const categoryBody = z
  .strictObject({
    displayName: categoryName,
    parentCategoryId: z.string().max(64).nullable().optional().default(null),
    type: z.enum(CATEGORY_TYPES).optional().default('category'),
    pageRendering: z.enum(PAGE_RENDERINGS).optional().default('category'),
    displayIndex: z.number().int().min(0).max(1_000_000).optional().default(0),
  })
  .refine((b) => b.type === 'root' || b.parentCategoryId !== null, { message: 'Choose the parent category.', path: ['parentCategoryId'] });

/** The path's websiteId must be the site the request is for: 404 otherwise (another site's id tells nothing). */
function checkWebsite(c: Context<AppEnv>): void {
  if (c.req.param('websiteId') !== c.var.site.id) throw new ApiError(404, 'not_found', 'No such website.');
}

/**
 * SPEC §7 store creation: /api/content-service/product/1.1/websites/{websiteId}/products and
 * .../products/{collectionId}/categories (docs/api/catalogue.md).
 */
export const contentServiceApi = new Hono<AppEnv>({ strict: false });

contentServiceApi.post('/websites/:websiteId/products', requirePermission('catalog'), jsonBody(storeBody), async (c) => {
  checkWebsite(c);
  const body = c.req.valid('json');
  const user = c.get('siteUser')!;
  if (body.addToMainNav && !allows('siteLayout', user.roles)) throw new ApiError(403, 'forbidden', CATALOG_MESSAGES.navigationForbidden);
  const store = await createStore(c.var.db, c.var.site.id, body, { id: user.id, name: user.email });
  return c.json(store, 201);
});

contentServiceApi.post('/websites/:websiteId/products/:collectionId/categories', requirePermission('catalog'), jsonBody(categoryBody), async (c) => {
  checkWebsite(c);
  const category = await createCategory(c.var.db, c.var.site.id, c.req.param('collectionId'), c.req.valid('json'));
  return c.json({ category }, 201);
});

// Read calls for the owner's store screens (not in SPEC §7): the site's stores, a store's category tree.
contentServiceApi.get('/websites/:websiteId/products', requirePermission('catalog'), async (c) => {
  checkWebsite(c);
  return c.json({ stores: await listStores(c.var.db, c.var.site.id) });
});

// The URL a store with this title would get now (the store wizard's live preview; SPEC §5 slug rule).
contentServiceApi.get(
  '/websites/:websiteId/products/slug-preview',
  requirePermission('catalog'),
  queryParams(z.strictObject({ storeTitle: z.string().max(200).optional().default(''), fallbackStoreTitle: z.string().max(200).optional().default('Store') })),
  async (c) => {
    checkWebsite(c);
    const q = c.req.valid('query');
    const urlId = storeSlug(q.storeTitle, q.fallbackStoreTitle, await takenSlugs(c.var.db, c.var.site.id, []));
    return c.json({ urlId, fullUrl: `/${urlId}` });
  },
);

contentServiceApi.get('/websites/:websiteId/products/:collectionId/categories', requirePermission('catalog'), async (c) => {
  checkWebsite(c);
  return c.json({ categories: await listCategories(c.var.db, c.var.site.id, c.req.param('collectionId')) });
});
