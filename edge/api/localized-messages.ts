import type { Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { validationError } from './validate.js';
import { chosenLanguageTable } from '../services/multilingual/visitor-language.js';
import { STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { fillText, textPattern } from '../../domain/languages/words.js';
import { regionNameIn } from '../../domain/postal-codes/region-names.js';

/**
 * English in, the same message in the chosen language out (where the site translated it; else
 * the English). A store text with `{name}` slots matches its English message with any words in
 * the slots, which the translation keeps as they came, or says in the language where it knows
 * how (a region's name, lang24/lang27: SLOT_WORDS).
 */
export type Say = (english: string) => string;

/**
 * An API's English messages that are store texts (`keys`), said in `language` (issue 29): the
 * language a form or island posts from its page, when the site publishes it as an added
 * language; English otherwise, and for any message not among `keys`.
 * @example (await storeTextMessages(c, 'fr', ['reviewFormGiveName']))('Please give your name.') // 'Indiquez votre nom.'
 */
export async function storeTextMessages(c: Context<AppEnv>, language: unknown, keys: readonly StoreTextKey[]): Promise<Say> {
  const chosen = typeof language === 'string' ? language.slice(0, 35) : undefined;
  const { code, table } = (await chosenLanguageTable(c.var.db, c.var.site, chosen)) ?? {};
  if (!table) return (english) => english;
  const byEnglish = new Map<string, StoreTextKey>(keys.map((key) => [STORE_TEXTS[key], key]));
  // lang24: 'This ZIP / postal code is in {postcodeRegion}, not {typedRegion}.', the slots' words captured in order.
  const templates = keys.flatMap((key) => (PLACEHOLDER.test(STORE_TEXTS[key]) ? [{ key, ...textPattern(STORE_TEXTS[key]) }] : []));
  return (english) => {
    const key = byEnglish.get(english);
    const text = key && table.get('system', STORE_TEXTS_ENTITY, key);
    if (text) return text;
    for (const { key: filled, pattern, names } of templates) {
      const match = pattern.exec(english);
      const template = match && table.get('system', STORE_TEXTS_ENTITY, filled);
      const word = SLOT_WORDS[filled] ?? ((w: string) => w);
      if (template) return fillText(template, Object.fromEntries(names.map((name, i) => [name, word(match[i + 1]!, code)])));
    }
    return english;
  };
}

const PLACEHOLDER = /\{(\w+)\}/;

/** How a template's slot words are said in the language: a region's name by the region tables' names in it (lang27). */
const SLOT_WORDS: Partial<Record<StoreTextKey, (word: string, language: string | undefined) => string>> = {
  checkoutRegionMismatch: regionNameIn,
};

/** `error` with its message and field messages said by `say` (the rest of it as it was). */
export function localizedError(error: ApiError, say: Say): ApiError {
  const fields = error.options.fields ? Object.fromEntries(Object.entries(error.options.fields).map(([name, text]) => [name, say(text)])) : undefined;
  return new ApiError(error.status, error.code, say(error.message), { ...error.options, ...(fields ? { fields } : {}) });
}

/**
 * Runs an API call's `answer`; a refusal it throws is said in `language` (the one the page's
 * island sent) by the store texts `keys`, the rest of the error as it was.
 */
export async function inLanguage<T>(c: Context<AppEnv>, language: string | undefined, keys: readonly StoreTextKey[], answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof ApiError && language !== undefined) throw localizedError(error, await storeTextMessages(c, language, keys));
    throw error;
  }
}

/** `jsonBody` (validate.ts) whose refusals are said in the language the body names (`language`) by the store texts `keys`. */
export function bodyInLanguage<T extends ZodType>(schema: T, keys: readonly StoreTextKey[]) {
  return zValidator('json', schema, async (result, hookContext) => {
    if (result.success) return;
    // The hook's context is the app's own (typed with Hono's default Env by the validator).
    const c = hookContext as unknown as Context<AppEnv>;
    throw localizedError(validationError(result.error), await storeTextMessages(c, (result.data as { language?: unknown } | null)?.language, keys));
  });
}
