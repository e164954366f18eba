import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import {
  AreaPagesError, areaMembers, protectableCollections, createArea, deleteArea, findArea, grantMembership, listAreas, lockablePage, PROTECT_COLLECTION_CONTENT,
  deleteMembership, siteUserIdByEmail, updateArea,
} from '../../services/members/areas.js';
import type { AreaView } from '../../../domain/members/member-views.js';
import { checkSellable, syncAreaProduct } from '../../services/members/paid.js';
import { revokeMembership } from '../../services/members/revoke.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { clearAccessPassword, lockedScopes, setAccessPassword, SITE_SCOPE } from '../../services/members/passwords.js';
import { syncPageSearch } from '../../services/page-search.js';
import { csvDownload, csvLine } from '../../services/csv.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

const VERSION_REQUIRED = 'Send the version you edited in an If-Match header.';
const VERSION_CONFLICT = 'Someone else changed this member area. Reload to see their changes.';

const areaBody = z
  .strictObject({
    name: z.string({ error: 'Enter a name.' }).trim().min(1, { error: 'Enter a name.' }).max(100, { error: 'A name is at most 100 characters.' }),
    access: z.enum(['free', 'one-time', 'recurring'], { error: 'Choose free, one-time or recurring access.' }),
    priceCents: z.number().int({ error: 'Enter the price in minor units.' }).min(0).max(100_000_000).default(0),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Enter a three-letter currency code.' }).default('USD'),
    pages: z
      .array(z.strictObject({ pageId: z.string().max(64), teaserSections: z.number().int().min(0).max(100).nullable().default(null) }))
      .max(500)
      .default([]),
    // Left out: an edit keeps the area's collections (a create has none).
    collections: z.array(z.string().max(64)).max(100).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.access === 'free' && b.priceCents !== 0) ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'A free area has no price.' });
    if (b.access !== 'free' && b.priceCents <= 0) ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'Enter a price above zero.' });
  });

// A paying member's plan is stopped with the access unless the owner chose to keep it (docs/api/members.md).
const revokeBody = z.strictObject({ plan: z.enum(['stop', 'keep'], { error: 'Choose stop or keep for the plan.' }).default('stop') });
const grantBody = z.strictObject({ email: z.string().trim().email({ error: 'Enter an email address.' }).max(320) });
const passwordBody = z.strictObject({
  password: z.string({ error: 'Enter a password.' }).min(4, { error: 'A password has at least 4 characters.' }).max(256, { error: 'A password is at most 256 characters.' }),
});

function withEtag(c: Context<AppEnv>, area: AreaView, status: 200 | 201 = 200): Response {
  c.header('ETag', `"${area.version}"`);
  return c.json({ area }, status);
}

async function areaPagesChecked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AreaPagesError) throw new ApiError(400, 'invalid_request', err.message, { fields: err.fields });
    throw err;
  }
}

/** Keeps the site search in step: a protected page leaves it, an unprotected one comes back. */
async function resyncSearch(c: Context<AppEnv>, pageIds: Iterable<string>): Promise<void> {
  for (const id of new Set(pageIds)) await syncPageSearch(c.var.db, c.var.site.id, id);
}

async function areaOr404(c: Context<AppEnv>): Promise<AreaView> {
  const area = await findArea(c.var.db, c.var.site.id, c.req.param('id')!);
  if (!area) throw new ApiError(404, 'not_found', 'No such member area on this site.');
  return area;
}

/**
 * /api/owner/members: member areas, their members, and site and page passwords
 * (docs/api/members.md), permission row `members`.
 */
export const ownerMembersApi = new Hono<AppEnv>({ strict: false });

const guard = requirePermission('members');

ownerMembersApi.get('/areas', guard, async (c) => {
  const [areas, collections] = await Promise.all([listAreas(c.var.db, c.var.site.id), protectableCollections(c.var.db, c.var.site.id)]);
  return c.json({ areas, collections });
});

ownerMembersApi.post('/areas', guard, jsonBody(areaBody), async (c) => {
  const body = c.req.valid('json');
  await checkSellable(c.var.db, c.var.site.id, body.access);
  const area = await areaPagesChecked(() => createArea(c.var.db, c.var.site.id, { ...body, collections: body.collections ?? [] }, Date.now()));
  await syncAreaProduct(c.var.db, c.var.site.id, area.id, body, Date.now());
  await resyncSearch(c, body.pages.map((p) => p.pageId));
  return withEtag(c, area, 201);
});

ownerMembersApi.get('/areas/:id', guard, async (c) => withEtag(c, await areaOr404(c)));

ownerMembersApi.put('/areas/:id', guard, jsonBody(areaBody), async (c) => {
  const expected = ifMatchNumber(c, VERSION_REQUIRED);
  const before = await areaOr404(c);
  const body = c.req.valid('json');
  await checkSellable(c.var.db, c.var.site.id, body.access);
  const collections = body.collections ?? before.collections.map((col) => col.collectionId);
  const result = await areaPagesChecked(() => updateArea(c.var.db, c.var.site.id, before.id, expected, { ...body, collections }, Date.now()));
  if (result === 'missing') throw new ApiError(404, 'not_found', 'No such member area on this site.');
  if (result === 'conflict') throw new ApiError(409, 'version_conflict', VERSION_CONFLICT);
  await syncAreaProduct(c.var.db, c.var.site.id, result.id, body, Date.now());
  await resyncSearch(c, [...before.pages.map((p) => p.pageId), ...body.pages.map((p) => p.pageId)]);
  return withEtag(c, result);
});

ownerMembersApi.delete('/areas/:id', guard, async (c) => {
  const expected = ifMatchNumber(c, VERSION_REQUIRED);
  const before = await areaOr404(c);
  const result = await deleteArea(c.var.db, c.var.site.id, before.id, expected, Date.now());
  if (result === 'missing') throw new ApiError(404, 'not_found', 'No such member area on this site.');
  if (result === 'conflict') throw new ApiError(409, 'version_conflict', VERSION_CONFLICT);
  await resyncSearch(c, before.pages.map((p) => p.pageId));
  return c.body(null, 204);
});

ownerMembersApi.get('/areas/:id/members', guard, async (c) => {
  const area = await areaOr404(c);
  return c.json({ members: await areaMembers(c.var.db, c.var.site.id, area.id) });
});

ownerMembersApi.get('/areas/:id/members.csv', guard, async (c) => {
  const area = await areaOr404(c);
  const rows = await areaMembers(c.var.db, c.var.site.id, area.id);
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(['Email', 'Area', 'Access', 'State', 'Source', 'Granted by', 'Starts', 'Ends', 'Plan state', 'Next charge']);
    const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
    for (const m of rows) {
      yield csvLine([m.email, area.name, area.access, m.state, m.source, m.grantedBy, iso(m.startsOn), iso(m.endsOn), m.plan?.status ?? null, iso(m.plan?.nextChargeOn)]);
    }
  }
  return csvDownload(lines(), `members-${area.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`);
});

// Grant by hand: the shopper must have an account on this site.
ownerMembersApi.post('/areas/:id/members', guard, jsonBody(grantBody), async (c) => {
  const area = await areaOr404(c);
  const { email } = c.req.valid('json');
  const userId = await siteUserIdByEmail(c.var.db, c.var.site.id, email);
  if (!userId) throw new ApiError(400, 'invalid_request', 'No account on this site has this email.', { fields: { email: 'No account on this site has this email.' } });
  await grantMembership(c.var.db, c.var.site.id, area.id, userId, { source: 'grant', grantedBy: c.var.siteUser!.email }, Date.now());
  return c.json({ members: await areaMembers(c.var.db, c.var.site.id, area.id) }, 201);
});

ownerMembersApi.post('/areas/:id/members/:membershipId/revoke', guard, jsonBody(revokeBody), async (c) => {
  const area = await areaOr404(c);
  const site = { ...mailSite(c), locale: c.var.site.locale };
  const done = await revokeMembership(c.var.db, site, area.id, c.req.param('membershipId'), c.req.valid('json').plan, Date.now());
  if (done === 'missing') throw new ApiError(404, 'not_found', 'No such active membership in this area.');
  return c.json({ members: await areaMembers(c.var.db, c.var.site.id, area.id), planStopped: done.planStopped });
});

ownerMembersApi.delete('/areas/:id/members/:membershipId', guard, async (c) => {
  const area = await areaOr404(c);
  if (!(await deleteMembership(c.var.db, c.var.site.id, area.id, c.req.param('membershipId')))) throw new ApiError(404, 'not_found', 'No such membership in this area.');
  return c.body(null, 204);
});

// Passwords: scope 'site' or a page id. The answer never holds a hash.
ownerMembersApi.get('/passwords', guard, async (c) => c.json({ passwords: await lockedScopes(c.var.db, c.var.site.id) }));

async function checkScope(c: Context<AppEnv>, scope: string): Promise<void> {
  if (scope === SITE_SCOPE) return;
  const verdict = await lockablePage(c.var.db, c.var.site.id, scope);
  if (verdict === 'missing') throw new ApiError(404, 'not_found', 'No such page on this site.');
  if (verdict === 'collection') throw new ApiError(400, 'invalid_request', PROTECT_COLLECTION_CONTENT);
}

ownerMembersApi.put('/passwords/:scope', guard, jsonBody(passwordBody), async (c) => {
  const scope = c.req.param('scope');
  await checkScope(c, scope);
  await setAccessPassword(c.var.db, c.var.site.id, scope, c.req.valid('json').password, Date.now());
  if (scope !== SITE_SCOPE) await resyncSearch(c, [scope]);
  return c.json({ passwords: await lockedScopes(c.var.db, c.var.site.id) });
});

ownerMembersApi.delete('/passwords/:scope', guard, async (c) => {
  const scope = c.req.param('scope');
  if (!(await clearAccessPassword(c.var.db, c.var.site.id, scope, Date.now()))) throw new ApiError(404, 'not_found', 'This has no password.');
  if (scope !== SITE_SCOPE) await resyncSearch(c, [scope]);
  return c.json({ passwords: await lockedScopes(c.var.db, c.var.site.id) });
});
