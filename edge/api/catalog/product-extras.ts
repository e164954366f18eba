import { Hono } from 'hono';
import { z } from 'zod';
import { FILE_MESSAGES } from '../../../domain/files/file-rules.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { additionalFieldsForms } from '../../services/catalog/product-extras.js';
import { storeUpload } from '../../services/files/uploads.js';
import { queryParams } from '../validate.js';

/** The one media type an upload's body is sent as (as for the file manager's uploads). */
const UPLOAD_TYPE = 'application/octet-stream';

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
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== UPLOAD_TYPE) throw new ApiError(415, 'unsupported_media_type', `Send the file's bytes as ${UPLOAD_TYPE}.`);
  const length = Number(c.req.header('content-length'));
  const body = c.req.raw.body;
  if (!body || !Number.isSafeInteger(length) || length <= 0) {
    throw new ApiError(400, 'upload_incomplete', FILE_MESSAGES.uploadFailed, { fields: { file: 'Send the file with its Content-Length.' } });
  }
  const file = await storeUpload(c.var.db, c.env.FILES, c.var.site, { name: c.req.valid('query').name, length, body }, Date.now(), 'files');
  return c.json({ file }, 201);
});
