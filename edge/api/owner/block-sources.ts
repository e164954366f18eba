import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { formChoices, productChoices } from '../../services/block-sources/block-sources.js';
import { siteDonationLimits } from '../../services/donations/limits.js';
import { queryParams } from '../validate.js';

/**
 * /api/owner/block-sources/products and .../forms: what the page editor's product and form blocks
 * pick from (docs/api/pages.md, "Block pickers"). Read only; ids, titles and images, nothing else.
 * .../donation-limits: the site's currency, locale and donation limits, which the donation block's
 * panel shows beside its amounts (a page editor need not see Commerce settings).
 */
export const ownerBlockSourcesApi = new Hono<AppEnv>({ strict: false });

ownerBlockSourcesApi.get(
  '/products',
  requirePermission('blockSources'),
  queryParams(z.object({ q: z.string().max(200).optional(), id: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(50).optional() })),
  async (c) => {
    const { q, id, limit } = c.req.valid('query');
    return c.json({ products: await productChoices(c.var.db, c.var.site.id, q ?? '', limit ?? 20, Date.now(), id) });
  },
);

ownerBlockSourcesApi.get('/forms', requirePermission('blockSources'), async (c) => c.json({ forms: await formChoices(c.var.db, c.var.site.id) }));

ownerBlockSourcesApi.get('/donation-limits', requirePermission('blockSources'), async (c) => {
  const { currency, locale } = c.var.site;
  return c.json({ currency, locale, ...(await siteDonationLimits(c.var.db, c.var.site)) });
});
