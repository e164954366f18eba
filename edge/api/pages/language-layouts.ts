import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { codeBlocks, EMPTY_LAYOUT, type PageLayout } from '../../../blocks/layout-schema.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { allows, FORBIDDEN_MESSAGE, requirePermission } from '../../middleware/roles/index.js';
import { siteLanguages } from '../../services/multilingual/settings.js';
import {
  divergeLayout, dropLanguageLayout, findLanguageLayout, publishLanguageLayout, restoreLanguageRevision, saveLanguageDraft,
} from '../../services/pages/language-layouts.js';
import { findLanguageRevision, listLanguageRevisions } from '../../services/pages/language-revisions.js';
import { cancelLanguageSchedule, scheduleLanguageLayout } from '../../services/pages/language-schedule.js';
import { requirePage } from '../../services/pages/page-store.js';
import { jsonBody } from '../validate.js';
import { author, checkedLayout, ifMatchVersion, publishAt, version, versionParam } from './page-params.js';

/** The page of the `:id` this router is mounted under (`/api/pages/:id/languages`). */
const routePage = (c: Context<AppEnv>) => requirePage(c.var.db, c.var.site.id, c.req.param('id') ?? '');

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

/**
 * Per-language layouts (issue 29), mounted at `/api/pages/:id/languages`: shared by default; a
 * language may get its own copy, with a draft and a published version like the page's own
 * layout, and go back to shared.
 */
export const languageLayoutsApi = new Hono<AppEnv>({ strict: false });

languageLayoutsApi.get('/:language', requirePermission('pages'), async (c) => {
  const page = await routePage(c);
  return languageLayoutAnswer(c, page.id, await addedLanguage(c));
});

languageLayoutsApi.post('/:language', requirePermission('pageDrafts'), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  // The copy starts from the draft: a role without `pageCode` may copy its code blocks unchanged.
  await divergeLayout(c.var.db, c.var.site.id, page.id, language, author(c));
  return languageLayoutAnswer(c, page.id, language, 201);
});

languageLayoutsApi.put('/:language/draft', requirePermission('pageDrafts'), jsonBody(z.strictObject({ layout: z.unknown().optional() })), async (c) => {
  const basedOn = ifMatchVersion(c, true)!;
  const layout = checkedLayout(c.req.valid('json').layout);
  const page = await routePage(c);
  const language = await addedLanguage(c);
  await guardLanguageCodeBlocks(c, page.id, language, layout);
  await saveLanguageDraft(c.var.db, c.var.site.id, page.id, language, basedOn, layout, author(c));
  return languageLayoutAnswer(c, page.id, language);
});

languageLayoutsApi.post('/:language/publish', requirePermission('pagePublishing'), jsonBody(z.strictObject({ version })), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  await publishLanguageLayout(c.var.db, c.var.site.id, page.id, language, c.req.valid('json').version);
  return languageLayoutAnswer(c, page.id, language);
});

// The copy's history and schedule, with the roles of the page's own (issue 29).
languageLayoutsApi.get('/:language/revisions', requirePermission('pages'), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  const own = await requireLanguageLayout(c, page.id, language);
  const revisions = await listLanguageRevisions(c.var.db, page.id, language);
  return c.json({ revisions, draftVersion: own.draft.version, publishedVersion: own.publishedVersion, scheduledVersion: own.scheduledVersion });
});

languageLayoutsApi.get('/:language/revisions/:version', requirePermission('pages'), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  await requireLanguageLayout(c, page.id, language);
  const revision = await findLanguageRevision(c.var.db, page.id, language, versionParam(c));
  if (!revision) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  return c.json({ revision });
});

languageLayoutsApi.post('/:language/revisions/:version/restore', requirePermission('pageDrafts'), async (c) => {
  const basedOn = ifMatchVersion(c, true)!;
  const page = await routePage(c);
  const language = await addedLanguage(c);
  await requireLanguageLayout(c, page.id, language);
  const revision = await findLanguageRevision(c.var.db, page.id, language, versionParam(c));
  if (!revision) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  await guardLanguageCodeBlocks(c, page.id, language, revision.layout);
  await restoreLanguageRevision(c.var.db, c.var.site.id, page.id, language, revision.version, basedOn, author(c));
  return languageLayoutAnswer(c, page.id, language);
});

languageLayoutsApi.post('/:language/schedule', requirePermission('pagePublishing'), jsonBody(z.strictObject({ version, publishAt })), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  const body = c.req.valid('json');
  if (!(body.publishAt > Date.now())) throw new ApiError(400, 'invalid_request', PAGE_MESSAGES.publishAtPast, { fields: { publishAt: PAGE_MESSAGES.publishAtPast } });
  await scheduleLanguageLayout(c.var.db, c.var.site.id, page.id, language, body.version, body.publishAt);
  return languageLayoutAnswer(c, page.id, language);
});

languageLayoutsApi.delete('/:language/schedule', requirePermission('pagePublishing'), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  await cancelLanguageSchedule(c.var.db, c.var.site.id, page.id, language);
  return languageLayoutAnswer(c, page.id, language);
});

// Back to the shared layout: the copy is dropped. A published copy is what visitors see, so only publishers drop one.
languageLayoutsApi.delete('/:language', requirePermission('pageDrafts'), async (c) => {
  const page = await routePage(c);
  const language = await addedLanguage(c);
  const own = await findLanguageLayout(c.var.db, page.id, language);
  if (own && own.publishedVersion !== null && !allows('pagePublishing', c.get('siteUser')!.roles)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
  await dropLanguageLayout(c.var.db, c.var.site.id, page.id, language);
  return languageLayoutAnswer(c, page.id, language);
});
