import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { chosenLanguageTable } from '../services/multilingual/visitor-language.js';
import { STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../domain/languages/store-texts.js';

/** English in, the same message in the chosen language out (where the site translated it; else the English). */
export type Say = (english: string) => string;

/**
 * An API's English messages that are store texts (`keys`), said in `language` (issue 29): the
 * language a form or island posts from its page, when the site publishes it as an added
 * language; English otherwise, and for any message not among `keys`.
 * @example (await storeTextMessages(c, 'fr', ['reviewFormGiveName']))('Please give your name.') // 'Indiquez votre nom.'
 */
export async function storeTextMessages(c: Context<AppEnv>, language: unknown, keys: readonly StoreTextKey[]): Promise<Say> {
  const chosen = typeof language === 'string' ? language.slice(0, 35) : undefined;
  const table = (await chosenLanguageTable(c.var.db, c.var.site, chosen))?.table;
  if (!table) return (english) => english;
  const byEnglish = new Map<string, StoreTextKey>(keys.map((key) => [STORE_TEXTS[key], key]));
  return (english) => {
    const key = byEnglish.get(english);
    return (key && table.get('system', STORE_TEXTS_ENTITY, key)) || english;
  };
}

/** `error` with its message and field messages said by `say` (the rest of it as it was). */
export function localizedError(error: ApiError, say: Say): ApiError {
  const fields = error.options.fields ? Object.fromEntries(Object.entries(error.options.fields).map(([name, text]) => [name, say(text)])) : undefined;
  return new ApiError(error.status, error.code, say(error.message), { ...error.options, ...(fields ? { fields } : {}) });
}
