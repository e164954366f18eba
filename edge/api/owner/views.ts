import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { createView, deleteView, listViews, MAX_VIEWS_PER_SCREEN, updateView } from '../../services/owner-views/index.js';
import { jsonBody, queryParams } from '../validate.js';

/**
 * /api/owner/views: the data table's saved views, each contributor's own, per screen.
 * Any contributor may keep views (they hold table settings, not data: the screen's own API
 * still checks its permission); another contributor's view answers 404.
 */
export const ownerViewsApi = new Hono<AppEnv>({ strict: false });

const SCREEN = /^[a-z][a-z0-9-]{0,39}$/;
const ID = /^[0-9a-f]{32}$/;
const screen = z.string().regex(SCREEN, 'Unknown screen.');
const name = z.string().trim().min(1, 'Please enter a name for the view.').max(60, 'A view name can have at most 60 characters.');
const columnId = z.string().min(1).max(64);
const state = z.strictObject({
  sort: z.array(z.strictObject({ id: columnId, desc: z.boolean() })).max(1),
  search: z.string().max(200),
  filters: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/), z.string().max(200)).refine((f) => Object.keys(f).length <= 20, 'Too many filters.'),
  hidden: z.array(columnId).max(50),
  pageSize: z.number().int().min(1).max(200),
});

const notFound = () => new ApiError(404, 'not_found', 'No such saved view.');
const taken = () => new ApiError(409, 'name_taken', 'A view with that name already exists.', { fields: { name: 'A view with that name already exists.' } });
const who = (c: { var: AppEnv['Variables'] }) => ({ websiteId: c.var.site.id, siteUserId: c.var.siteUser!.id });

ownerViewsApi.get('/views', requirePermission('ownerArea'), queryParams(z.object({ screen })), async (c) => {
  return c.json({ views: await listViews(c.var.db, who(c), c.req.valid('query').screen) });
});

ownerViewsApi.post('/views', requirePermission('ownerArea'), jsonBody(z.strictObject({ screen, name, state })), async (c) => {
  const body = c.req.valid('json');
  const view = await createView(c.var.db, who(c), body.screen, body.name, body.state, Date.now());
  if (view === 'taken') throw taken();
  if (view === 'full') throw new ApiError(409, 'too_many_views', `You can keep at most ${MAX_VIEWS_PER_SCREEN} views of a screen. Delete one first.`);
  return c.json({ view }, 201);
});

ownerViewsApi.put(
  '/views/:id',
  requirePermission('ownerArea'),
  jsonBody(z.strictObject({ name: name.optional(), state: state.optional() }).refine((b) => b.name !== undefined || b.state !== undefined, 'Nothing to change.')),
  async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) throw notFound();
    const view = await updateView(c.var.db, who(c), id, c.req.valid('json'), Date.now());
    if (view === 'taken') throw taken();
    if (!view) throw notFound();
    return c.json({ view });
  },
);

ownerViewsApi.delete('/views/:id', requirePermission('ownerArea'), async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id) || !(await deleteView(c.var.db, who(c), id))) throw notFound();
  return c.json({ deleted: true });
});
