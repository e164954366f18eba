import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.js';
import { chosenLanguageTable, LANGUAGE_COOKIE } from './visitor-language.js';
import type { TranslationTable } from './texts.js';

/**
 * The translations of the language a visitor's call is in (issue 29): `named` (a page's
 * prefix or a body's `language`) when given, else the `atelier-language` cookie; undefined
 * for the primary language or a language the site does not publish.
 */
export async function visitorTable(c: Context<AppEnv>, named?: string): Promise<TranslationTable | undefined> {
  return (await chosenLanguageTable(c.var.db, c.var.site, named || getCookie(c, LANGUAGE_COOKIE)))?.table;
}
