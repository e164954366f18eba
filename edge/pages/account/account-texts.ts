import type { Context } from 'hono';
import { STORE_TEXTS_ENTITY, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';
import type { AppEnv } from '../../env.js';
import { pageTranslations } from '../page-translations.js';
import { messageTranslator } from '../page-words.js';

/**
 * The account pages' words (issue 29): the store texts of the page's language under
 * `/<language>/account/...`, translations over the English, each missing text in English;
 * the English defaults on the primary language's pages. Built once per request, from the table
 * pageRequest reads (pageTranslations).
 */
const LOADED = new WeakMap<Request, Promise<StoreTexts>>();
const ENGLISH = storeTexts();

export function accountTexts(c: Context<AppEnv>): Promise<StoreTexts> {
  // The page's own read of the table (pageRequest shares it): one D1 read per request.
  const table = pageTranslations(c);
  if (!table) return Promise.resolve(ENGLISH);
  let texts = LOADED.get(c.req.raw);
  if (!texts) {
    texts = table.then((loaded) => storeTexts((key) => loaded.get('system', STORE_TEXTS_ENTITY, key)));
    LOADED.set(c.req.raw, texts);
  }
  return texts;
}

/** The locale of the page's money and dates: the language of `/<language>/...`, else the site's. */
export const accountLocale = (c: Context<AppEnv>): string => c.var.language?.code ?? c.var.site.locale;

/** @example accountPath(c, '/account') === '/fr/account' on a French account page, '/account' otherwise */
export const accountPath = (c: Context<AppEnv>, path: string): string => `${c.var.language?.prefix ?? ''}${path}`;

/**
 * A message shown on an account page in the page's words when it is one of the catalogue's
 * SPEC §8 and account messages the services and form checks answer with (translated, else
 * English); any other message as given.
 * @example accountMessage('Invalid email or password.', frenchTexts) === 'E-mail ou mot de passe incorrect.'
 */
export const accountMessage = messageTranslator([
  'accountInvalidCredentials', 'accountEmailUnverified', 'accountInvalidLink', 'accountSignUpSent', 'accountResetSent',
  'accountSessionExpired', 'accountRateLimited', 'accountEnterEmail', 'accountEmailTooLong',
  'accountEmailInvalid', 'accountPasswordTooShort', 'accountPasswordTooLong',
]);
