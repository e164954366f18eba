import { Hono } from 'hono';
import { z } from 'zod';
import { confirmsSiteName, DELETE_CONFIRM_MESSAGE, purgeDueOn } from '../../../domain/platform/site-deletion.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { afterResponse } from '../../lib/after-response.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { openDb } from '../../services/db.js';
import { deleteSite, restoreSite } from '../../services/site-lifecycle/lifecycle.js';
import { buildSiteExport, EXPORTS_PER_DAY, listSiteExports, queueSiteExport, readyExport } from '../../services/site-lifecycle/site-export.js';
import { jsonBody } from '../validate.js';

/**
 * /api/owner/site (docs/api/site-export.md): the site's own lifecycle, permission row `site`
 * (the site owner: admins). Export the whole site as a zip, delete it (offline at once,
 * purged after 30 days) and restore it. On a deleted site only GET / and POST /restore answer
 * (edge/pages/unavailable.ts); everything else is 410 `site_deleted`.
 */
export const siteLifecycleApi = new Hono<AppEnv>({ strict: false });

const guard = requirePermission('site');

const status = (site: { title: string; deletedOn: number | null }) => ({
  title: site.title,
  deletedOn: site.deletedOn,
  purgeOn: site.deletedOn === null ? null : purgeDueOn(site.deletedOn),
});

siteLifecycleApi.get('/', guard, (c) => c.json(status(c.var.site)));

const deleteBody = z.strictObject({ confirm: z.string({ error: DELETE_CONFIRM_MESSAGE }).max(200, { error: DELETE_CONFIRM_MESSAGE }) });

siteLifecycleApi.post('/delete', guard, jsonBody(deleteBody), async (c) => {
  if (!confirmsSiteName(c.req.valid('json').confirm, c.var.site.title)) {
    throw new ApiError(422, 'confirmation_mismatch', DELETE_CONFIRM_MESSAGE, { fields: { confirm: DELETE_CONFIRM_MESSAGE } });
  }
  const deletedOn = await deleteSite(c.var.db, c.var.site.id, Date.now());
  // A site on another shard: its directory row (the platform's site list reads it) is stamped
  // with the same time, so the site shows under "Deleted sites" and both rows are purged.
  if (c.var.site.shard !== 0) await deleteSite(openDb(c.env.DB), c.var.site.id, deletedOn);
  return c.json(status({ title: c.var.site.title, deletedOn }));
});

siteLifecycleApi.post('/restore', guard, async (c) => {
  if (!(await restoreSite(c.var.db, c.var.site.id))) throw new ApiError(409, 'not_deleted', 'This site is not deleted.');
  if (c.var.site.shard !== 0) await restoreSite(openDb(c.env.DB), c.var.site.id);
  return c.json(status({ title: c.var.site.title, deletedOn: null }));
});

siteLifecycleApi.get('/exports', guard, async (c) => c.json({ exports: await listSiteExports(c.var.db, c.var.site.id, Date.now()) }));

/** 409 when an export of the site is still being built: it names that export by the time it was asked for. */
const runningMessage = (createdOn: number) =>
  `An export of this site is already in progress (asked for at ${new Date(createdOn).toISOString().slice(0, 16).replace('T', ' ')} UTC). It will be listed here when it is ready; start another after that.`;
/** 429 past the daily budget; the SPEC §8 retry wording, with Retry-After in seconds. */
const EXPORT_BUDGET_MESSAGE = `A site can be exported at most ${EXPORTS_PER_DAY} times a day. Please try again later.`;

// At most one export in progress per site and EXPORTS_PER_DAY in any 24 hours (one conditional INSERT).
// The zip is built after the response (waitUntil); the minute Cron job retries one whose run died.
siteLifecycleApi.post('/exports', guard, async (c) => {
  const now = Date.now();
  const result = await queueSiteExport(c.var.db, c.var.site.id, c.var.siteUser!.email, now);
  if (!result.ok && result.reason === 'running') {
    const { running } = result;
    throw new ApiError(409, 'export_in_progress', runningMessage(running.createdOn), { extra: { running } });
  }
  if (!result.ok) {
    const seconds = Math.max(1, Math.ceil((result.retryAt - now) / 1000));
    throw new ApiError(429, 'rate_limited', EXPORT_BUDGET_MESSAGE, { headers: { 'Retry-After': String(seconds) }, extra: { retryAt: result.retryAt } });
  }
  const queued = result.export;
  const origin = new URL(c.req.url).origin;
  const { db } = c.var;
  const files = c.env.FILES;
  afterResponse(c, 'site export', () => buildSiteExport(db, files, queued.id, 0, origin, now));
  return c.json({ export: queued }, 202);
});

// Only through this signed-in route: the zip's R2 key is never under /assets/.
siteLifecycleApi.get('/exports/:id/download', guard, async (c) => {
  const found = await readyExport(c.var.db, c.var.site.id, c.req.param('id'), Date.now());
  const object = found ? await c.env.FILES.get(found.r2Key) : null;
  if (!found || !object) throw new ApiError(404, 'not_found', 'No such export.');
  const day = new Date(found.createdOn).toISOString().slice(0, 10);
  return new Response(object.body as unknown as ReadableStream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(object.size),
      'Content-Disposition': `attachment; filename="site-export-${day}.zip"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
