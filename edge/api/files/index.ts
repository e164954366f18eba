import { Hono } from 'hono';
import { z } from 'zod';
import { cleanFileName, FILE_MESSAGES, MAX_FILE_NAME_LENGTH } from '../../../domain/files/file-rules.js';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { FILE_SORTS, listFiles } from '../../services/files/file-list.js';
import { renameFile, updateImageDetails } from '../../services/files/file-records.js';
import { deleteFile } from '../../services/files/file-usage.js';
import { storeUpload } from '../../services/files/uploads.js';
import { jsonBody, queryParams } from '../validate.js';
import { readUpload } from './upload-body.js';

/** The one media type an upload's body is sent as (the bytes of the file, nothing around them). */

const listQuery = z.object({
  q: z.string().max(200).optional(),
  sort: z.enum(FILE_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).optional(),
  kind: z.enum(['image', 'file']).optional(),
  after: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(40),
});

const uploadQuery = z.object({ name: z.string().max(1000).default('') });

const fileName = z
  .string()
  .transform(cleanFileName)
  .pipe(z.string().min(1, FILE_MESSAGES.nameRequired).max(MAX_FILE_NAME_LENGTH));

// SPEC §9: alt text is cut to 250 characters.
const details = z
  .strictObject({
    altText: z.string().trim().max(250).optional(),
    focalPoint: z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
  })
  .refine((d) => d.altText !== undefined || d.focalPoint !== undefined, { message: 'Send altText or focalPoint.' });

/**
 * The file manager's API (docs/api/files.md): list, upload (the raw bytes, streamed through
 * into R2), rename, an image's alt text and focal point, delete unless in use.
 */
export const filesApi = new Hono<AppEnv>({ strict: false });

filesApi.get('/', requirePermission('files'), queryParams(listQuery), async (c) => {
  const q = c.req.valid('query');
  // Newest first by default; names A-Z.
  const desc = q.dir ? q.dir === 'desc' : q.sort !== 'name';
  const page = await listFiles(c.var.db, c.var.site.id, { sort: q.sort, desc, search: q.q, kind: q.kind, after: q.after, limit: q.limit });
  return c.json(page);
});

filesApi.post('/', requirePermission('fileEdits'), queryParams(uploadQuery), async (c) => {
  const file = await storeUpload(c.var.db, c.env.FILES, c.var.site, { name: c.req.valid('query').name, ...readUpload(c) }, Date.now());
  return c.json({ file }, 201);
});

filesApi.patch('/:id', requirePermission('fileEdits'), jsonBody(z.strictObject({ fileName })), async (c) => {
  const file = await renameFile(c.var.db, c.var.site.id, c.req.param('id'), c.req.valid('json').fileName);
  return c.json({ file });
});

filesApi.put('/:id/details', requirePermission('fileEdits'), jsonBody(details), async (c) => {
  const file = await updateImageDetails(c.var.db, c.var.site.id, c.req.param('id'), c.req.valid('json'));
  return c.json({ file });
});

filesApi.delete('/:id', requirePermission('fileDeletes'), async (c) => {
  await deleteFile(c.var.db, c.env.FILES, c.var.site.id, c.req.param('id'));
  return c.json({ deleted: true });
});
