import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { chosenLanguageTable } from '../../services/multilingual/visitor-language.js';
import { STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../../domain/languages/store-texts.js';

/**
 * The review API's words (POST /api/reviews) as store texts (issue 29): the English each answer
 * has always said, and the store text that says it in the language a review form posts.
 */
const REVIEW_MESSAGE_KEYS = [
  'reviewFormChooseRating',
  'reviewFormWriteWords',
  'reviewFormGiveName',
  'reviewFormEmailInvalid',
  'reviewTitleTooLong',
  'reviewBodyTooLong',
  'reviewNameTooLong',
  'reviewNoProduct',
  'reviewRequestInvalid',
  'reviewLinkUsed',
  'reviewFormThanks',
] as const satisfies readonly StoreTextKey[];

const BY_ENGLISH = new Map<string, StoreTextKey>(REVIEW_MESSAGE_KEYS.map((key) => [STORE_TEXTS[key], key]));

/** English in, the same message in `language` out (a site's added, published language; else the English). */
export type ReviewSay = (english: string) => string;

/**
 * The review messages in the language a review names (`language`: the form's page); English
 * when it names none, or not a published added language.
 * @example (await reviewMessages(c, 'fr'))('Please give your name.') // 'Veuillez indiquer votre nom.'
 */
export async function reviewMessages(c: Context<AppEnv>, language: unknown): Promise<ReviewSay> {
  const chosen = typeof language === 'string' ? language.slice(0, 35) : undefined;
  const table = (await chosenLanguageTable(c.var.db, c.var.site, chosen))?.table;
  if (!table) return (english) => english;
  return (english) => {
    const key = BY_ENGLISH.get(english);
    return (key && table.get('system', STORE_TEXTS_ENTITY, key)) || english;
  };
}

/** `error` with its message and field messages in the language of `say`. */
export function localizedReviewError(error: ApiError, say: ReviewSay): ApiError {
  const fields = error.options.fields ? Object.fromEntries(Object.entries(error.options.fields).map(([name, text]) => [name, say(text)])) : undefined;
  return new ApiError(error.status, error.code, say(error.message), { ...error.options, ...(fields ? { fields } : {}) });
}
