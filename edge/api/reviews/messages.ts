import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { storeTextMessages, type Say } from '../localized-messages.js';
import type { StoreTextKey } from '../../../domain/languages/store-texts.js';

/**
 * The review API's words (POST /api/reviews) as store texts (issue 29): each answer's English is
 * the store text of one of these keys, said in the language the review form posts.
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

/**
 * The review messages in the language a review names (`language`: the form's page); English
 * when it names none, or not a published added language.
 * @example (await reviewMessages(c, 'fr'))('Please give your name.') // 'Indiquez votre nom.'
 */
export function reviewMessages(c: Context<AppEnv>, language: unknown): Promise<Say> {
  return storeTextMessages(c, language, REVIEW_MESSAGE_KEYS);
}
