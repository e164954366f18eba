import type { Db } from '../db.js';
import { siteLanguages } from './settings.js';
import { loadTranslationTable } from './store.js';
import type { TranslationTable } from './texts.js';

/**
 * The visitor's language choice (issue 29): set by the pages (edge/pages/localized.ts) to
 * the language of the last page opened (an added one, or the primary again), never by a
 * redirect. The cart API answers in it (docs/api/commerce.md, "Language").
 */
export const LANGUAGE_COOKIE = 'atelier-language';

/**
 * The published texts of the visitor's chosen language when it is an added language the site
 * publishes now; undefined (the primary's words) otherwise.
 */
export async function chosenLanguageTable(
  db: Db, site: { id: string; locale: string; contentVersion: number }, chosen: string | undefined,
): Promise<{ code: string; table: TranslationTable } | undefined> {
  if (!chosen) return undefined;
  const languages = await siteLanguages(db, site);
  const code = languages.enabled ? languages.added.find((l) => l.toLowerCase() === chosen.toLowerCase()) : undefined;
  return code ? { code, table: await loadTranslationTable(db, site.id, code) } : undefined;
}
