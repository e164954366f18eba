import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { loadTranslationTable } from '../services/multilingual/store.js';
import type { TranslationTable } from '../services/multilingual/texts.js';

const LOADED = new WeakMap<Request, Promise<TranslationTable>>();

/**
 * The published texts of the page's language (`/<language>/...`), read from D1 once per
 * request however many parts of the page ask (pageRequest, the account pages' words);
 * undefined on the primary language's pages.
 * @example await pageTranslations(c) // on /fr/account: the French table, one query
 */
export function pageTranslations(c: Context<AppEnv>): Promise<TranslationTable> | undefined {
  const language = c.var.language;
  if (!language) return undefined;
  let table = LOADED.get(c.req.raw);
  if (!table) {
    table = loadTranslationTable(c.var.db, c.var.site.id, language.code);
    // A failure surfaces where it is awaited; unhandled here it would only be noise.
    table.catch(() => undefined);
    LOADED.set(c.req.raw, table);
  }
  return table;
}
