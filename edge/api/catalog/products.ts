import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import type { ProductType } from '../../../schema/index.js';
import { CATALOG_MESSAGES } from '../../services/catalog/catalog-messages.js';
import { listOwnerProducts, ownerProduct, PRODUCT_SORTS, productFacets, STOCK_STATES } from '../../services/catalog/product-read.js';
import { createProduct, updateProduct } from '../../services/catalog/product-save.js';
import { checkExtras, readExtras } from '../../services/catalog/product-extras.js';
import { bulkAction, deleteProduct, MAX_BULK_IDS } from '../../services/catalog/product-bulk.js';
import { query } from '../../services/db.js';
import { decodeCursor } from '../../services/restock/signups.js';
import { newProductBody, PRODUCT_TYPE_NAMES, productBody, productInput } from './product-body.js';
import type { Author } from '../../services/pages/page-records.js';
import { adjustStock, setStock, stockHistoryOf, type StockTarget } from '../../services/catalog/stock.js';
import { ifMatchNumber, jsonBody, queryParams } from '../validate.js';

/** Stock counts are whole units; a change moves at most a million at a time. */
const MAX_STOCK = 1_000_000_000;
const units = (what: string) =>
  z.number({ error: `Enter the ${what} as a whole number.` }).int({ error: `Enter the ${what} as a whole number.` });
const reason = z.string().trim().max(200, { error: 'A reason is at most 200 characters.' }).optional();

const adjustBody = z.strictObject({
  delta: units('change')
    .min(-MAX_STOCK, { error: 'That change is too large.' })
    .max(MAX_STOCK, { error: 'That change is too large.' })
    .refine((n) => n !== 0, { error: 'Enter a change other than 0.' }),
  reason,
});
const setBody = z.strictObject({
  expected: units('current stock').min(0).max(MAX_STOCK),
  qtyInStock: units('stock').min(0, { error: 'Stock cannot go below 0.' }).max(MAX_STOCK, { error: 'That stock is too large.' }),
  reason,
});

function author(c: Context<AppEnv>): Author {
  const user = c.get('siteUser')!;
  return { id: user.id, name: user.email };
}

const target = (c: Context<AppEnv>): StockTarget => ({ websiteId: c.var.site.id, productId: c.req.param('productId')!, variantId: c.req.param('variantId')! });

/** /api/owner/products: the owner's catalogue (docs/api/catalogue.md), permission row `catalog`. */
export const ownerProductsApi = new Hono<AppEnv>({ strict: false });

/** Unsent restock sign-ups of a variant: the stock dialog offers to send them after a restock. */
async function restockWaiting(c: Context<AppEnv>, t: StockTarget): Promise<number> {
  const row = await query(() =>
    c.var.db.$client
      .prepare('SELECT COUNT(*) AS n FROM restock_signups WHERE website_id = ? AND product_id = ? AND variant_id = ? AND sent_on IS NULL')
      .bind(t.websiteId, t.productId, t.variantId)
      .first<{ n: number }>(),
  );
  return row?.n ?? 0;
}

// Adjust by a delta with a reason: one guarded UPDATE, never below 0 or below what carts hold.
ownerProductsApi.post('/:productId/variants/:variantId/stock', requirePermission('catalog'), jsonBody(adjustBody), async (c) => {
  const body = c.req.valid('json');
  const change = await adjustStock(c.var.db, target(c), body.delta, body.reason ?? null, author(c));
  return c.json({ stock: { ...change, restockWaiting: await restockWaiting(c, target(c)) } });
});

// Set an absolute count, only while the stock is still the `expected` count the owner saw.
ownerProductsApi.put('/:productId/variants/:variantId/stock', requirePermission('catalog'), jsonBody(setBody), async (c) => {
  const body = c.req.valid('json');
  const change = await setStock(c.var.db, target(c), body.expected, body.qtyInStock, body.reason ?? null, author(c));
  return c.json({ stock: { ...change, restockWaiting: await restockWaiting(c, target(c)) } });
});

ownerProductsApi.get(
  '/:productId/variants/:variantId/stock-history',
  requirePermission('catalog'),
  queryParams(z.object({ before: z.coerce.number().int().min(1).optional() })),
  async (c) => c.json(await stockHistoryOf(c.var.db, target(c), c.req.valid('query').before)),
);

async function productAnswer(c: Context<AppEnv>, id: string, status: 200 | 201 = 200) {
  const product = await ownerProduct(c.var.db, c.var.site.id, id);
  c.header('ETag', `"${product.version}"`);
  // The issue 26 extra settings beside the product's own fields (product-extras.ts).
  return c.json({ product: { ...product, ...(await readExtras(c.var.db, id)) } }, status);
}

const typeFilter = z.union([z.enum(Object.keys(PRODUCT_TYPE_NAMES) as [string, ...string[]]).transform((n) => PRODUCT_TYPE_NAMES[n as keyof typeof PRODUCT_TYPE_NAMES] as number), z.coerce.number().int().min(1).max(5)]);
const listQuery = z.strictObject({
  collectionId: z.string().max(64).optional(),
  type: typeFilter.optional(),
  category: z.string().max(25).optional(),
  tag: z.string().max(50).optional(),
  stock: z.enum(STOCK_STATES).optional(),
  q: z.string().max(200).optional(),
  sort: z.enum(PRODUCT_SORTS).optional().default('title'),
  after: z.string().max(400).refine((s) => decodeCursor(s)?.length === 2, { error: 'That page link is not valid.' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

ownerProductsApi.get('/', requirePermission('catalog'), queryParams(listQuery), async (c) => {
  const { after, ...q } = c.req.valid('query');
  const page = await listOwnerProducts(c.var.db, c.var.site.id, { ...q, cursor: after });
  return c.json({ products: page.rows, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor });
});

// The editor's suggestions for its category and tag inputs (cat-editor).
ownerProductsApi.get('/facets', requirePermission('catalog'), queryParams(z.strictObject({ collectionId: z.string().max(64).optional() })), async (c) =>
  c.json(await productFacets(c.var.db, c.var.site.id, c.req.valid('query').collectionId)),
);

ownerProductsApi.post('/', requirePermission('catalog'), jsonBody(newProductBody), async (c) => {
  const body = c.req.valid('json');
  const site = c.var.site;
  const type = PRODUCT_TYPE_NAMES[body.productType];
  const input = productInput(body, type, site.currency, site.locale);
  await checkExtras(c.var.db, site, null, input.extras ?? {});
  const saved = await createProduct(c.var.db, site, body.collectionId, type, input, author(c));
  return productAnswer(c, saved.id, 201);
});

ownerProductsApi.get('/:productId', requirePermission('catalog'), (c) => productAnswer(c, c.req.param('productId')));

ownerProductsApi.put('/:productId', requirePermission('catalog'), jsonBody(productBody), async (c) => {
  const basedOn = ifMatchNumber(c, CATALOG_MESSAGES.versionRequired);
  const id = c.req.param('productId');
  const site = c.var.site;
  const current = await ownerProduct(c.var.db, site.id, id);
  const input = productInput(c.req.valid('json'), current.productType as ProductType, site.currency, site.locale);
  await checkExtras(c.var.db, site, id, input.extras ?? {});
  await updateProduct(c.var.db, site, id, basedOn, input, author(c));
  return productAnswer(c, id);
});

const productIds = z
  .array(z.string().min(1).max(64), { error: 'Choose the products.' })
  .min(1, { error: 'Choose at least one product.' })
  .max(MAX_BULK_IDS, { error: `A bulk action takes at most ${MAX_BULK_IDS} products.` });
const bulkBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.enum(['publish', 'draft', 'hide', 'show', 'archive', 'restore', 'delete']), ids: productIds }),
    z.strictObject({
      action: z.literal('setCategory'),
      ids: productIds,
      category: z.string({ error: 'Enter a category name.' }).trim().min(1, { error: 'Enter a category name.' }).max(25, { error: 'A category name is at most 25 characters.' }),
    }),
    z.strictObject({ action: z.literal('adjustStock'), ids: productIds, delta: adjustBody.shape.delta, reason }),
  ],
  { error: 'Choose an action: publish, draft, hide, show, archive, restore, delete, setCategory or adjustStock.' },
);

// One action over up to 200 products, all or nothing (docs/api/catalogue.md "Bulk actions").
ownerProductsApi.post('/bulk', requirePermission('catalog'), jsonBody(bulkBody), async (c) => {
  const result = await bulkAction(c.var.db, c.var.site.id, c.req.valid('json'), author(c));
  return c.json(result);
});

// Delete one product the owner saw at If-Match's version; 409 (offering archive) when carts or orders have it.
ownerProductsApi.delete('/:productId', requirePermission('catalog'), async (c) => {
  const basedOn = ifMatchNumber(c, CATALOG_MESSAGES.versionRequired);
  await deleteProduct(c.var.db, c.var.site.id, c.req.param('productId'), basedOn);
  return c.json({ deleted: true });
});
