import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { additionalFieldsForms } from '../../services/catalog/product-extras.js';
import { storeUpload } from '../../services/files/uploads.js';
import { readUpload } from '../files/upload-body.js';
import { queryParams } from '../validate.js';

/**
 * /api/owner/product-extras: what the product editor's extra panels need besides the product
 * save (docs/api/catalogue.md "Extra settings"), permission row `catalog`.
 */
export const productExtrasApi = new Hono<AppEnv>({ strict: false });

// The forms a product may ask its buyers to fill in (SPEC §2 additional-fields lightbox).
productExtrasApi.get('/forms', requirePermission('catalog'), async (c) => c.json({ forms: await additionalFieldsForms(c.var.db, c.var.site.id) }));

// A digital product's file: the raw bytes, typed by content like the file manager's uploads, stored
// privately under `<site>/files/` (never served by /assets/); the save's `digitalFile.assetId` names it.
productExtrasApi.post('/digital-files', requirePermission('catalog'), queryParams(z.object({ name: z.string().max(1000).default('') })), async (c) => {
  const file = await storeUpload(c.var.db, c.env.FILES, c.var.site, { name: c.req.valid('query').name, ...readUpload(c) }, Date.now(), 'files');
  return c.json({ file }, 201);
});
