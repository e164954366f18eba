import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { codeBlocks, EMPTY_LAYOUT, parseLayout, type PageLayout } from '../../../blocks/layout-schema.js';
import { sitePathProp } from '../../../blocks/site-path.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import {
  CONTENT_STATUSES, isReservedSlug, MAX_SEO_DESCRIPTION_LENGTH, MAX_SEO_TITLE_LENGTH, MAX_SLUG_LENGTH, MAX_TITLE_LENGTH, REVIEW_STATUSES, SETTABLE_STATUSES, slugify,
} from '../../../domain/pages/page-rules.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { allows, FORBIDDEN_MESSAGE, requirePermission } from '../../middleware/roles/index.js';
import type { Author } from '../../services/pages/page-records.js';
import { createPage, decodeCursor, findRevision, listPages, listRevisions, requirePage, slugInUse, updatePageSettings } from '../../services/pages/page-store.js';
import {
  cancelSchedule, deleteFromTrash, duplicatePage, heartbeat, pageLock, releaseLock, requireTrashedPage, restoreFromTrash, schedulePublish, setPageStatus, trashPage,
} from '../../services/pages/page-workflow.js';
import { publishRevision, restoreRevision, saveDraft, unpublishPage } from '../../services/pages/page-writes.js';
import { ifMatchNumber, jsonBody, queryParams } from '../validate.js';
import {
  divergeLayout, dropLanguageLayout, findLanguageLayout, listLanguageLayouts, publishLanguageLayout, restoreLanguageRevision, saveLanguageDraft,
} from '../../services/pages/language-layouts.js';
import { findLanguageRevision, listLanguageRevisions } from '../../services/pages/language-revisions.js';
import { cancelLanguageSchedule, scheduleLanguageLayout } from '../../services/pages/language-schedule.js';
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
const version = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
// A publish time: milliseconds since the epoch, or an ISO 8601 time with its offset.
const publishAt = z.union([z.number().int().min(0).max(8.64e15), z.iso.datetime({ offset: true }).transform((t) => Date.parse(t))]);
const listQuery = z.strictObject({
  status: z.enum(CONTENT_STATUSES).optional(),
  q: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

function author(c: Context<AppEnv>): Author {
  const user = c.get('siteUser')!;
  return { id: user.id, name: user.email };
}

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

/** The version an `If-Match: "<version>"` names; 428 without one when `required`, 400 when it names none. */
function ifMatchVersion(c: Context<AppEnv>, required: boolean): number | undefined {
  if (!required && c.req.header('if-match') === undefined) return undefined;
  return ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
}

/** The `{version}` of a revision route: 404 unless it is a whole number. */
function versionParam(c: Context<AppEnv>): number {
  const raw = c.req.param('version') ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  return Number(raw);
}

function checkedLayout(input: unknown): PageLayout {
  const check = parseLayout(input);
  if (!check.ok) throw new ApiError(400, 'invalid_layout', check.message, { fields: check.fields });
  return check.layout;
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

/** The `:language` of a language-layout route as the site stores it: 400 unless it is one of the site's added languages. */
async function addedLanguage(c: Context<AppEnv>): Promise<string> {
  const typed = c.req.param('language') ?? '';
  const languages = await siteLanguages(c.var.db, c.var.site);
  const found = languages.added.find((l) => l.toLowerCase() === typed.toLowerCase());
  if (!found) throw new ApiError(400, 'invalid_request', PAGE_MESSAGES.languageNotAdded(typed), { fields: { language: PAGE_MESSAGES.languageNotAdded(typed) } });
  return found;
}

/**
 * The page's layout in one added language (issue 29): `shared` true while the language
 * shows the page's layout with its texts translated, else its own copy (draft and published
 * version) with `ETag: "<draft version>"` for the next save's If-Match.
 */
async function languageLayoutAnswer(c: Context<AppEnv>, pageId: string, language: string, status: 200 | 201 = 200) {
  const own = await findLanguageLayout(c.var.db, pageId, language);
  if (!own) return c.json({ languageLayout: { language, shared: true, draft: null, publishedVersion: null, publishAt: null, scheduledVersion: null } }, status);
  c.header('ETag', `"${own.draft.version}"`);
  return c.json({ languageLayout: { ...own, shared: false } }, status);
}

/** guardCodeBlocks for a language's copy: the blocks are compared with the copy's draft. */
async function guardLanguageCodeBlocks(c: Context<AppEnv>, pageId: string, language: string, layout: PageLayout): Promise<void> {
  if (allows('pageCode', c.get('siteUser')!.roles)) return;
  const wanted = codeBlocks(layout);
  const had = wanted.size ? codeBlocks((await findLanguageLayout(c.var.db, pageId, language))?.draft.layout ?? EMPTY_LAYOUT) : new Map<string, string>();
  for (const [id, json] of wanted) if (had.get(id) !== json) throw new ApiError(403, 'forbidden', PAGE_MESSAGES.codeBlocksForbidden);
}

/** The language's own copy, or the 404 of a language that shares the page's layout. */
async function requireLanguageLayout(c: Context<AppEnv>, pageId: string, language: string) {
  const own = await findLanguageLayout(c.var.db, pageId, language);
  if (!own) throw new ApiError(404, 'layout_shared', PAGE_MESSAGES.languageLayoutShared);
  return own;
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

// Per-language layouts (issue 29): shared by default; a language may get its own copy, with a
// draft and a published version like the page's own layout, and go back to shared.
pagesApi.get('/:id/languages/:language', requirePermission('pages'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  return languageLayoutAnswer(c, page.id, await addedLanguage(c));
});

pagesApi.post('/:id/languages/:language', requirePermission('pageDrafts'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  // The copy starts from the draft: a role without `pageCode` may copy its code blocks unchanged.
  await divergeLayout(c.var.db, c.var.site.id, page.id, language, author(c));
  return languageLayoutAnswer(c, page.id, language, 201);
});

pagesApi.put('/:id/languages/:language/draft', requirePermission('pageDrafts'), jsonBody(z.strictObject({ layout: z.unknown().optional() })), async (c) => {
  const basedOn = ifMatchVersion(c, true)!;
  const layout = checkedLayout(c.req.valid('json').layout);
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  await guardLanguageCodeBlocks(c, page.id, language, layout);
  await saveLanguageDraft(c.var.db, c.var.site.id, page.id, language, basedOn, layout, author(c));
  return languageLayoutAnswer(c, page.id, language);
});

pagesApi.post('/:id/languages/:language/publish', requirePermission('pagePublishing'), jsonBody(z.strictObject({ version })), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  await publishLanguageLayout(c.var.db, c.var.site.id, page.id, language, c.req.valid('json').version);
  return languageLayoutAnswer(c, page.id, language);
});

// The copy's history and schedule, with the roles of the page's own (issue 29).
pagesApi.get('/:id/languages/:language/revisions', requirePermission('pages'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  const own = await requireLanguageLayout(c, page.id, language);
  const revisions = await listLanguageRevisions(c.var.db, page.id, language);
  return c.json({ revisions, draftVersion: own.draft.version, publishedVersion: own.publishedVersion, scheduledVersion: own.scheduledVersion });
});

pagesApi.get('/:id/languages/:language/revisions/:version', requirePermission('pages'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  await requireLanguageLayout(c, page.id, language);
  const revision = await findLanguageRevision(c.var.db, page.id, language, versionParam(c));
  if (!revision) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  return c.json({ revision });
});

pagesApi.post('/:id/languages/:language/revisions/:version/restore', requirePermission('pageDrafts'), async (c) => {
  const basedOn = ifMatchVersion(c, true)!;
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  await requireLanguageLayout(c, page.id, language);
  const revision = await findLanguageRevision(c.var.db, page.id, language, versionParam(c));
  if (!revision) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  await guardLanguageCodeBlocks(c, page.id, language, revision.layout);
  await restoreLanguageRevision(c.var.db, c.var.site.id, page.id, language, revision.version, basedOn, author(c));
  return languageLayoutAnswer(c, page.id, language);
});

pagesApi.post('/:id/languages/:language/schedule', requirePermission('pagePublishing'), jsonBody(z.strictObject({ version, publishAt })), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  const body = c.req.valid('json');
  if (!(body.publishAt > Date.now())) throw new ApiError(400, 'invalid_request', PAGE_MESSAGES.publishAtPast, { fields: { publishAt: PAGE_MESSAGES.publishAtPast } });
  await scheduleLanguageLayout(c.var.db, c.var.site.id, page.id, language, body.version, body.publishAt);
  return languageLayoutAnswer(c, page.id, language);
});

pagesApi.delete('/:id/languages/:language/schedule', requirePermission('pagePublishing'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  await cancelLanguageSchedule(c.var.db, c.var.site.id, page.id, language);
  return languageLayoutAnswer(c, page.id, language);
});

// Back to the shared layout: the copy is dropped. A published copy is what visitors see, so only publishers drop one.
pagesApi.delete('/:id/languages/:language', requirePermission('pageDrafts'), async (c) => {
  const page = await requirePage(c.var.db, c.var.site.id, c.req.param('id'));
  const language = await addedLanguage(c);
  const own = await findLanguageLayout(c.var.db, page.id, language);
  if (own && own.publishedVersion !== null && !allows('pagePublishing', c.get('siteUser')!.roles)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
  await dropLanguageLayout(c.var.db, c.var.site.id, page.id, language);
  return languageLayoutAnswer(c, page.id, language);
});

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
