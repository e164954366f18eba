import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { csvDownload } from '../../services/csv.js';
import { CUSTOMER_SORTS, customerDetail, customersCsv, listCustomers } from '../../services/customers/customers.js';
import { queryParams } from '../validate.js';

/**
 * /api/owner/customers: the site's customers (shopper accounts and guest buyers, one row per
 * email) with their order count and total spent, and one customer's orders. Read only.
 */
export const ownerCustomersApi = new Hono<AppEnv>({ strict: false });

ownerCustomersApi.get(
  '/customers',
  requirePermission('customers'),
  queryParams(
    z.object({
      q: z.string().max(200).optional(),
      sort: z.enum(CUSTOMER_SORTS).optional(),
      cursor: z.string().max(512).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  ),
  async (c) => {
    const { q, sort, cursor, limit } = c.req.valid('query');
    const page = await listCustomers(c.var.db, c.var.site.id, { search: q, sort, cursor: cursor || undefined, limit: limit ?? 50 });
    return c.json({ customers: page.rows, currency: c.var.site.currency, nextPageCursor: page.nextPageCursor });
  },
);

/** Every customer the search matches, in the list's sort, as a streamed CSV download (services/csv.ts). */
ownerCustomersApi.get(
  '/customers.csv',
  requirePermission('customers'),
  queryParams(z.object({ q: z.string().max(200).optional(), sort: z.enum(CUSTOMER_SORTS).optional() })),
  (c) => {
    const { q, sort } = c.req.valid('query');
    const lines = customersCsv(c.var.db, c.var.site.id, { search: q, sort }, c.var.site.currency);
    return csvDownload(lines, `customers-${new Date().toISOString().slice(0, 10)}.csv`);
  },
);

ownerCustomersApi.get(
  '/customers/detail',
  requirePermission('customers'),
  queryParams(z.object({ email: z.string().trim().min(1).max(254) })),
  async (c) => {
    const found = await customerDetail(c.var.db, c.var.site.id, c.req.valid('query').email);
    if (!found) throw new ApiError(404, 'not_found', 'No such customer on this site.');
    return c.json({ ...found, currency: c.var.site.currency });
  },
);
