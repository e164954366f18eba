import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import type { Author } from '../../services/pages/page-records.js';
import { adjustStock, setStock, stockHistoryOf, type StockTarget } from '../../services/catalog/stock.js';
import { jsonBody, queryParams } from '../validate.js';

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

// Adjust by a delta with a reason: one guarded UPDATE, never below 0 or below what carts hold.
ownerProductsApi.post('/:productId/variants/:variantId/stock', requirePermission('catalog'), jsonBody(adjustBody), async (c) => {
  const body = c.req.valid('json');
  const change = await adjustStock(c.var.db, target(c), body.delta, body.reason ?? null, author(c));
  return c.json({ stock: change });
});

// Set an absolute count, only while the stock is still the `expected` count the owner saw.
ownerProductsApi.put('/:productId/variants/:variantId/stock', requirePermission('catalog'), jsonBody(setBody), async (c) => {
  const body = c.req.valid('json');
  const change = await setStock(c.var.db, target(c), body.expected, body.qtyInStock, body.reason ?? null, author(c));
  return c.json({ stock: change });
});

ownerProductsApi.get(
  '/:productId/variants/:variantId/stock-history',
  requirePermission('catalog'),
  queryParams(z.object({ before: z.coerce.number().int().min(1).optional() })),
  async (c) => c.json(await stockHistoryOf(c.var.db, target(c), c.req.valid('query').before)),
);
