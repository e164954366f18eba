import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { codeBlocks, type PageLayout } from '../../../blocks/layout-schema.js';
import { sitePathProp } from '../../../blocks/site-path.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import {
  CONTENT_STATUSES, isReservedSlug, MAX_SEO_DESCRIPTION_LENGTH, MAX_SEO_TITLE_LENGTH, MAX_SLUG_LENGTH, MAX_TITLE_LENGTH, REVIEW_STATUSES, SETTABLE_STATUSES, slugify,
} from '../../../domain/pages/page-rules.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { allows, FORBIDDEN_MESSAGE, requirePermission } from '../../middleware/roles/index.js';
import { createPage, decodeCursor, findRevision, listPages, listRevisions, requirePage, slugInUse, updatePageSettings } from '../../services/pages/page-store.js';
import {
  cancelSchedule, deleteFromTrash, duplicatePage, heartbeat, pageLock, releaseLock, requireTrashedPage, restoreFromTrash, schedulePublish, setPageStatus, trashPage,
} from '../../services/pages/page-workflow.js';
import { publishRevision, restoreRevision, saveDraft, unpublishPage } from '../../services/pages/page-writes.js';
import { jsonBody, queryParams } from '../validate.js';
import { listLanguageLayouts } from '../../services/pages/language-layouts.js';
import { languageLayoutsApi } from './language-layouts.js';
import { author, checkedLayout, ifMatchVersion, publishAt, version, versionParam } from './page-params.js';
import { siteLanguages } from '../../services/multilingual/settings.js';
import { languageName, languagePrefix } from '../../../domain/languages/languages.js';

const newPage = z.strictObject({
  title: z.string().trim().min(1, PAGE_MESSAGES.titleRequired).max(MAX_TITLE_LENGTH),
  slug: z.string().max(MAX_SLUG_LENGTH * 2).optional(),
  seoTitle: z.string().trim().max(MAX_SEO_TITLE_LENGTH).optional(),
  seoDescription: z.string().trim().max(MAX_SEO_DESCRIPTION_LENGTH).optional(),
  socialImage: sitePathProp.optional(),
});
const pageSettings = z.strictObject({
  title: z.string().trim().min(1, PAGE_MESSAGES.titleRequired).max(MAX_TITLE_LENGTH).optional(),
  slug: z.string().max(MAX_SLUG_LENGTH * 2).optional(),
  seoTitle: z.string().trim().max(MAX_SEO_TITLE_LENGTH).nullable().optional(),
  seoDescription: z.string().trim().max(MAX_SEO_DESCRIPTION_LENGTH).nullable().optional(),
  socialImage: sitePathProp.nullable().optional(),
});
const listQuery = z.strictObject({
  status: z.enum(CONTENT_STATUSES).optional(),
  q: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The page URL of a typed slug (or the title's): 400 naming `slug` when it cannot be one. */
function pageSlug(typed: string | undefined, title: string): string {
  const slug = slugify(typed ?? title);
  const shown = typed ?? title;
  if (slug === '') throw new ApiError(400, 'invalid_slug', PAGE_MESSAGES.invalidSlug(shown), { fields: { slug: PAGE_MESSAGES.invalidSlug(shown) } });
  // '.well-known' slugifies to 'well-known': the typed text is checked as well as the result.
  const asTyped = typed?.trim().toLowerCase().replace(/^\/+|\/+$/g, '');
  const reserved = isReservedSlug(slug) ? slug : asTyped !== undefined && isReservedSlug(asTyped) ? asTyped : undefined;
  if (reserved !== undefined) throw new ApiError(400, 'reserved_slug', PAGE_MESSAGES.reservedSlug(reserved), { fields: { slug: PAGE_MESSAGES.reservedSlug(reserved) } });
  return slug;
}

/**
 * Roles without `pageCode` (the draft editor) may keep the html and embed blocks a draft
 * already has, unchanged, but never add or change one (403).
 */
async function guardCodeBlocks(c: Context<AppEnv>, pageId: string, basedOn: number, layout: PageLayout): Promise<void> {
  if (allows('pageCode', c.get('siteUser')!.roles)) return;
  const wanted = codeBlocks(layout);
  if (wanted.size === 0) return;
  const base = await findRevision(c.var.db, pageId, basedOn);
  const had = base ? codeBlocks(base.layout) : new Map<string, string>();
  for (const [id, json] of wanted) {
    if (had.get(id) !== json) throw new ApiError(403, 'forbidden', PAGE_MESSAGES.codeBlocksForbidden);
  }
}

/** The page with its draft (version and layout), and `ETag: "<draft version>"`. */
async function pageAnswer(c: Context<AppEnv>, id: string, status: 200 | 201 = 200) {
  const page = await requirePage(c.var.db, c.var.site.id, id);
  const draft = await findRevision(c.var.db, id, page.draftVersion);
  const lock = await pageLock(c.var.db, c.var.site.id, id, c.get('siteUser')!.id);
  const [languageLayouts, languages] = await Promise.all([listLanguageLayouts(c.var.db, id), siteLanguages(c.var.db, c.var.site)]);
  // The editor's language selector: the site's added languages (issue 29), and which have their own layout.
  const addedLanguages = languages.enabled ? languages.added.map((code) => ({ code, name: languageName(code, 'en'), prefix: `/${languagePrefix(code)}` })) : [];
  c.header('ETag', `"${page.draftVersion}"`);
  return c.json({ page: { ...page, draft: draft ? { version: draft.version, layout: draft.layout, author: draft.author, savedAt: draft.savedAt } : null, lock, languageLayouts, addedLanguages } }, status);
}

/** One page of a page list (live pages, or the trash): 400 for a cursor that names no position. */
async function pageList(c: Context<AppEnv>, list: z.output<typeof listQuery>, trashed: boolean) {
  if (list.after !== undefined && !decodeCursor(list.after)) throw new ApiError(400, 'invalid_request', PAGE_MESSAGES.invalidCursor, { fields: { after: PAGE_MESSAGES.invalidCursor } });
  return c.json(await listPages(c.var.db, c.var.site.id, { ...list, trashed }));
}

/** Block-built pages for the owner area: create, drafts with revisions, publish (issue 23). */
export const pagesApi = new Hono<AppEnv>({ strict: false });

pagesApi.get('/', requirePermission('pages'), queryParams(listQuery), (c) => pageList(c, c.req.valid('query'), false));

// The trash (before `/:id`): pages deleted within TRASH_DAYS, restore, delete for good.
pagesApi.get('/trash', requirePermission('pages'), queryParams(listQuery), (c) => pageList(c, c.req.valid('query'), true));

pagesApi.post('/trash/:id/restore', requirePermission('pageDrafts'), async (c) => {
  await restoreFromTrash(c.var.db, c.var.site.id, c.req.param('id'));
  return pageAnswer(c, c.req.param('id'));
});

pagesApi.delete('/trash/:id', requirePermission('pagePublishing'), async (c) => {
  const page = await requireTrashedPage(c.var.db, c.var.site.id, c.req.param('id'));
  await deleteFromTrash(c.var.db, c.var.site.id, page.id);
  return c.json({ deleted: page.id });
});

// The settings dialogs' live check of a typed slug (before `/:id`): the slug it would become
// and, when it cannot be used, the message a save would answer. `page`: the page being renamed.
pagesApi.get(
  '/slug-check',
  requirePermission('pageDrafts'),
  queryParams(z.strictObject({ slug: z.string().max(MAX_SLUG_LENGTH * 2), page: z.string().max(100).optional() })),
  async (c) => {
    const { slug: typed, page } = c.req.valid('query');
    let slug: string;
    try {
      slug = pageSlug(typed, '');
    } catch (err) {
      if (err instanceof ApiError && err.options.fields?.slug) return c.json({ slug: slugify(typed), available: false, message: err.options.fields.slug });
      throw err;
    }
    if (await slugInUse(c.var.db, c.var.site.id, slug, page)) return c.json({ slug, available: false, message: PAGE_MESSAGES.slugTaken(slug) });
    return c.json({ slug, available: true, message: null });
  },
);

pagesApi.post('/', requirePermission('pageDrafts'), jsonBody(newPage), async (c) => {
  const body = c.req.valid('json');
  const slug = pageSlug(body.slug, body.title);
  const page = await createPage(c.var.db, c.var.site.id, { ...body, slug }, author(c));
  return pageAnswer(c, page.id, 201);
});

pagesApi.get('/:id', requirePermission('pages'), (c) => pageAnswer(c, c.req.param('id')));

// Title, slug and SEO texts show on the live page at once: on a published page only roles
// that may publish change them.
pagesApi.patch('/:id', requirePermission('pageDrafts'), jsonBody(pageSettings), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  if (page.publishedVersion !== null && !allows('pagePublishing', c.get('siteUser')!.roles)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
  const body = c.req.valid('json');
  const slug = body.slug === undefined ? undefined : pageSlug(body.slug, page.title);
  await updatePageSettings(c.var.db, c.var.site.id, page, { ...body, slug });
  return pageAnswer(c, page.id);
});

// The layout is checked on its own (checkedLayout), so its problems are keyed `layout.…`.
pagesApi.put('/:id/draft', requirePermission('pageDrafts'), jsonBody(z.strictObject({ layout: z.unknown().optional() })), async (c) => {
  const basedOn = ifMatchVersion(c, true)!;
  const layout = checkedLayout(c.req.valid('json').layout);
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  await guardCodeBlocks(c, page.id, basedOn, layout);
  await saveDraft(c.var.db, c.var.site.id, page.id, basedOn, layout, author(c));
  return pageAnswer(c, page.id);
});

pagesApi.post('/:id/publish', requirePermission('pagePublishing'), jsonBody(z.strictObject({ version })), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  await publishRevision(c.var.db, c.var.site.id, page.id, c.req.valid('json').version);
  return pageAnswer(c, page.id);
});

pagesApi.post('/:id/unpublish', requirePermission('pagePublishing'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  // Nothing to take down: no write, no new content version.
  if (page.publishedVersion !== null) await unpublishPage(c.var.db, c.var.site.id, page.id);
  return pageAnswer(c, page.id);
});

pagesApi.get('/:id/revisions', requirePermission('pages'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  return c.json({ revisions: await listRevisions(c.var.db, page.id), draftVersion: page.draftVersion, publishedVersion: page.publishedVersion });
});

pagesApi.get('/:id/revisions/:version', requirePermission('pages'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const revision = await findRevision(c.var.db, page.id, versionParam(c));
  if (!revision) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  return c.json({ revision });
});

pagesApi.post('/:id/revisions/:version/restore', requirePermission('pageDrafts'), async (c) => {
  const basedOn = ifMatchVersion(c, false);
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const revision = await findRevision(c.var.db, page.id, versionParam(c));
  if (!revision) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  await guardCodeBlocks(c, page.id, basedOn ?? page.draftVersion, revision.layout);
  await restoreRevision(c.var.db, c.var.site.id, page.id, revision.version, author(c), basedOn);
  return pageAnswer(c, page.id);
});

// Per-language layouts (issue 29): shared by default; a language may get its own copy (language-layouts.ts).
pagesApi.route('/:id/languages', languageLayoutsApi);

// Moves the page to the trash: off the site at once, its slug kept until it is purged.
pagesApi.delete('/:id', requirePermission('pagePublishing'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  await trashPage(c.var.db, c.var.site.id, page);
  return c.json({ page: await requireTrashedPage(c.var.db, c.var.site.id, page.id) });
});

// SPEC §4 content statuses other than published and scheduled (which have their own calls).
pagesApi.post('/:id/status', requirePermission('pageDrafts'), jsonBody(z.strictObject({ status: z.enum(SETTABLE_STATUSES) })), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const { status } = c.req.valid('json');
  const publisher = allows('pagePublishing', c.get('siteUser')!.roles);
  if (!publisher && (!REVIEW_STATUSES.includes(status) || page.status === 'scheduled' || page.status === 'private' || page.status === 'deprecated')) {
    throw new ApiError(403, 'forbidden', PAGE_MESSAGES.reviewOnly);
  }
  if (status === 'draft' && page.publishedVersion !== null) throw new ApiError(409, 'page_live', PAGE_MESSAGES.pageLive);
  await setPageStatus(c.var.db, c.var.site.id, page, status);
  return pageAnswer(c, page.id);
});

pagesApi.post('/:id/schedule', requirePermission('pagePublishing'), jsonBody(z.strictObject({ version, publishAt })), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const body = c.req.valid('json');
  if (!(body.publishAt > Date.now())) throw new ApiError(400, 'invalid_request', PAGE_MESSAGES.publishAtPast, { fields: { publishAt: PAGE_MESSAGES.publishAtPast } });
  await schedulePublish(c.var.db, c.var.site.id, page.id, body.version, body.publishAt);
  return pageAnswer(c, page.id);
});

pagesApi.delete('/:id/schedule', requirePermission('pagePublishing'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  await cancelSchedule(c.var.db, c.var.site.id, page.id);
  return pageAnswer(c, page.id);
});

// A copy of the draft as a new page (version 1, Draft). Html and embed blocks come along
// only for roles that may add them.
pagesApi.post('/:id/duplicate', requirePermission('pageDrafts'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const draft = await findRevision(c.var.db, page.id, page.draftVersion);
  if (draft && !allows('pageCode', c.get('siteUser')!.roles) && codeBlocks(draft.layout).size > 0) throw new ApiError(403, 'forbidden', PAGE_MESSAGES.codeBlocksForbidden);
  const id = await duplicatePage(c.var.db, c.var.site.id, page, author(c));
  return pageAnswer(c, id, 201);
});

// The page-locked notice (SPEC §2): the editor's heartbeat while the page is open. Advice only.
pagesApi.post('/:id/lock', requirePermission('pageDrafts'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  return c.json({ lock: await heartbeat(c.var.db, c.var.site.id, page.id, author(c)) });
});

pagesApi.delete('/:id/lock', requirePermission('pageDrafts'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  await releaseLock(c.var.db, c.var.site.id, page.id, c.get('siteUser')!.id);
  return c.json({ lock: null });
});
