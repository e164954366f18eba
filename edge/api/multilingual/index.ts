import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { canonicalLanguage, isRtl, languageName, languagePrefix, MAX_LANGUAGES } from '../../../domain/languages/languages.js';
import { TRANSLATION_KINDS } from '../../../schema/translations.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { disconnect, readLanguages, saveLanguages, type SiteLanguages } from '../../services/multilingual/settings.js';
import { sourceHash, statusCounts, translatableSource, translatableTexts } from '../../services/multilingual/sources.js';
import { saveTranslation, saveTranslations, storedTranslation, type TranslationRow } from '../../services/multilingual/store.js';
import { planCounts, planImport } from '../../services/multilingual/import-plan.js';
import { parseTranslationFile, toJsonFile, toXliff, TranslationFileError } from '../../services/multilingual/exchange.js';
import { ifMatchNumber, jsonBody, queryParams } from '../validate.js';

/** SPEC §7 multilingual calls (settings, status, languages, connection) and the translations owner API (issue 29). */
export const multilingualApi = new Hono<AppEnv>({ strict: false });

export const LANGUAGE_MESSAGES = {
  invalid: 'Enter a language as a BCP-47 tag, such as fr or pt-BR.',
  duplicate: 'Each language can be added once.',
  tooMany: `A site can have at most ${MAX_LANGUAGES} languages.`,
  notAdded: 'Add this language to the site before translating into it.',
  unknownText: 'There is no such text on the site to translate.',
  fileTooLarge: 'A translations file can be at most 3 MB.',
  versionRequired: 'Send the updatedOn of the text you edited in an If-Match header (0 for a missing text).',
  conflict: 'Someone else saved this translation since you opened it. Reload to see their text, then edit again.',
} as const;

const tag = z.string().max(35).transform((value, ctx) => {
  const canonical = canonicalLanguage(value);
  if (!canonical) ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGES.invalid });
  return canonical ?? value;
});

// SPEC §7: PUT body `languages`; ours adds `primaryLanguage` (default: the first listed).
const languagesBody = z
  .strictObject({
    languages: z.array(tag).min(1).max(MAX_LANGUAGES, LANGUAGE_MESSAGES.tooMany),
    primaryLanguage: tag.optional(),
    // The header option: show the language switcher in the theme's header (default on).
    showSwitcher: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.languages.forEach((l, i) => {
      if (seen.has(languagePrefix(l))) ctx.addIssue({ code: 'custom', path: ['languages', i], message: LANGUAGE_MESSAGES.duplicate });
      seen.add(languagePrefix(l));
    });
  });

function languageJson(code: string, languages: SiteLanguages) {
  const primary = code === languages.primary;
  return { code, name: languageName(code), prefix: primary ? '' : `/${languagePrefix(code)}`, primary, rtl: isRtl(code), published: primary || languages.enabled };
}

async function settingsJson(c: Context<AppEnv>) {
  const { languages, updatedOn } = await readLanguages(c.var.db, c.var.site.id, c.var.site.locale);
  return {
    enabled: languages.enabled,
    primaryLanguage: languages.primary,
    languages: [languages.primary, ...languages.added].map((l) => languageJson(l, languages)),
    showSwitcher: c.var.site.siteSettings.languageSwitcher !== false,
    updatedOn,
  };
}

multilingualApi.get('/settings', requirePermission('languages'), async (c) => c.json(await settingsJson(c)));

multilingualApi.get('/languages', requirePermission('languages'), async (c) => {
  const { languages } = await readLanguages(c.var.db, c.var.site.id, c.var.site.locale);
  return c.json({ primaryLanguage: languages.primary, languages: [languages.primary, ...languages.added], enabled: languages.enabled });
});

multilingualApi.put('/languages', requirePermission('languages'), jsonBody(languagesBody), async (c) => {
  const body = c.req.valid('json');
  const primary = body.primaryLanguage ?? body.languages[0]!;
  const added = body.languages.filter((l) => languagePrefix(l) !== languagePrefix(primary));
  await saveLanguages(c.var.db, c.var.site.id, primary, added, Date.now(), body.showSwitcher);
  return c.json({ ...(await settingsJson(c)), showSwitcher: body.showSwitcher ?? c.var.site.siteSettings.languageSwitcher !== false });
});

// Turns multilingual off: one language again; the language list and every translation stay.
multilingualApi.delete('/connection', requirePermission('languages'), async (c) => {
  await disconnect(c.var.db, c.var.site.id);
  return c.json(await settingsJson(c));
});

// Per added language: how many of the site's texts are missing, draft and done.
multilingualApi.get('/status', requirePermission('languages'), async (c) => {
  const { languages } = await readLanguages(c.var.db, c.var.site.id, c.var.site.locale);
  const status = await Promise.all(
    languages.added.map(async (code) => ({ ...languageJson(code, languages), counts: statusCounts(await translatableTexts(c.var.db, c.var.site, code)) })),
  );
  return c.json({ enabled: languages.enabled, primaryLanguage: languages.primary, languages: status });
});

async function addedLanguage(c: Context<AppEnv>, code: string): Promise<string> {
  const { languages } = await readLanguages(c.var.db, c.var.site.id, c.var.site.locale);
  const found = languages.added.find((l) => languagePrefix(l) === languagePrefix(code));
  if (!found) throw new ApiError(422, 'language_not_added', LANGUAGE_MESSAGES.notAdded, { fields: { language: LANGUAGE_MESSAGES.notAdded } });
  return found;
}

const listQuery = z.strictObject({ language: tag, status: z.enum(['missing', 'draft', 'done']).optional() });

multilingualApi.get('/translations', requirePermission('languages'), queryParams(listQuery), async (c) => {
  const q = c.req.valid('query');
  const language = await addedLanguage(c, q.language);
  const texts = await translatableTexts(c.var.db, c.var.site, language);
  return c.json({ language, counts: statusCounts(texts), texts: q.status ? texts.filter((t) => t.status === q.status) : texts });
});

const translationBody = z.strictObject({
  kind: z.enum(TRANSLATION_KINDS),
  entityId: z.string().min(1).max(200),
  fieldKey: z.string().min(1).max(300),
  language: tag,
  text: z.string().max(100_000),
  status: z.enum(['draft', 'done']).default('done'),
});

const rowJson = (row: Omit<TranslationRow, 'websiteId' | 'sourceHash'>) => ({ kind: row.kind, entityId: row.entityId, fieldKey: row.fieldKey, language: row.language, text: row.text, status: row.status, updatedOn: row.updatedOn });

// `If-Match: "<updatedOn>"` (optional; "0" for a missing text): the save is refused with 412
// `version_conflict` and the current text when someone saved it since. The answer's ETag is
// the new updatedOn.
multilingualApi.put('/translations', requirePermission('languages'), jsonBody(translationBody), async (c) => {
  const body = c.req.valid('json');
  const basedOn = c.req.header('if-match') === undefined ? undefined : ifMatchNumber(c, LANGUAGE_MESSAGES.versionRequired);
  const language = await addedLanguage(c, body.language);
  const source = await translatableSource(c.var.db, c.var.site, language, body.kind, body.entityId, body.fieldKey);
  if (source === undefined) throw new ApiError(404, 'not_found', LANGUAGE_MESSAGES.unknownText);
  const row = await saveTranslation(c.var.db, c.var.site.id, { ...body, language, sourceHash: sourceHash(source) }, Date.now(), basedOn);
  if (!row) {
    const current = await storedTranslation(c.var.db, c.var.site.id, { ...body, language });
    throw new ApiError(412, 'version_conflict', LANGUAGE_MESSAGES.conflict, {
      extra: { current: current ? rowJson(current) : { kind: body.kind, entityId: body.entityId, fieldKey: body.fieldKey, language, text: null, status: 'missing', updatedOn: 0 } },
    });
  }
  c.header('ETag', `"${row.updatedOn}"`);
  return c.json(rowJson(row));
});

// Export for a translator: every translatable text of the site with its translation (if any)
// in one language, as XLIFF 2.0 (default) or our JSON, as a file download.
const exportQuery = z.strictObject({ language: tag, format: z.enum(['xliff', 'json']).default('xliff') });

multilingualApi.get('/translations/export', requirePermission('languages'), queryParams(exportQuery), async (c) => {
  const q = c.req.valid('query');
  const language = await addedLanguage(c, q.language);
  const { languages } = await readLanguages(c.var.db, c.var.site.id, c.var.site.locale);
  const texts = await translatableTexts(c.var.db, c.var.site, language);
  const name = `translations-${languagePrefix(language)}`;
  c.header('Cache-Control', 'no-store');
  if (q.format === 'json') {
    c.header('Content-Disposition', `attachment; filename="${name}.json"`);
    return c.body(toJsonFile(texts, languages.primary, language), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  }
  c.header('Content-Disposition', `attachment; filename="${name}.xlf"`);
  return c.body(toXliff(texts, languages.primary, language), 200, { 'Content-Type': 'application/xliff+xml; charset=utf-8' });
});

// Import a translator's file (XLIFF 2.0 or JSON, its text in `content`): read and checked whole
// first (a file that cannot be read, or names a language the site has not added, answers 422
// naming what is wrong, and nothing of it is saved). `/preview` says what importing would do:
// new, changed and unchanged texts, and the units refused with a reason (a text the site does
// not have, a repeat). Importing saves the new and changed texts in one batch.
const MAX_FILE = 3 * 1024 * 1024;
const importBody = z.strictObject({ content: z.string().min(1).max(MAX_FILE, LANGUAGE_MESSAGES.fileTooLarge) });

async function importPlan(c: Context<AppEnv>, content: string) {
  let parsed;
  try {
    parsed = parseTranslationFile(content);
  } catch (err) {
    if (!(err instanceof TranslationFileError)) throw err;
    throw new ApiError(422, 'invalid_file', err.message, { fields: { content: err.message } });
  }
  const code = canonicalLanguage(parsed.language);
  if (!code) throw new ApiError(422, 'invalid_file', LANGUAGE_MESSAGES.invalid, { fields: { content: LANGUAGE_MESSAGES.invalid } });
  const language = await addedLanguage(c, code);
  return { language, plan: planImport(await translatableTexts(c.var.db, c.var.site, language), parsed.texts) };
}

multilingualApi.post('/translations/import/preview', requirePermission('languages'), jsonBody(importBody), async (c) => {
  const { language, plan } = await importPlan(c, c.req.valid('json').content);
  return c.json({ language, counts: planCounts(plan), changes: plan.changes, refused: plan.refused });
});

multilingualApi.post('/translations/import', requirePermission('languages'), jsonBody(importBody), async (c) => {
  const { language, plan } = await importPlan(c, c.req.valid('json').content);
  await saveTranslations(c.var.db, c.var.site.id, language, plan.changes.map(({ kind, entityId, fieldKey, text, status, source }) => ({ kind, entityId, fieldKey, text, status, sourceHash: sourceHash(source) })));
  return c.json({ language, imported: plan.changes.length, counts: planCounts(plan), refused: plan.refused });
});
