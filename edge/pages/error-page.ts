import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.js';
import { ApiError, DatabaseUnavailableError, SiteNotFoundError } from '../errors.js';
import { isDatabaseFailure } from '../services/db.js';
import { apiErrorResponse, isApiPath } from '../middleware/api-errors/index.js';
import { SERVER_ERROR, SERVICE_UNAVAILABLE, SITE_NOT_FOUND, type PlainPage } from './fallback-pages.js';
import { pageRequest, plainResponse, respond } from './respond.js';
import { errorPage } from './utility-pages.js';
import { chosenLanguageTable } from '../services/multilingual/visitor-language.js';
import { STORE_TEXTS_ENTITY } from '../../domain/languages/store-texts.js';

function describe(err: unknown): string {
  return err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
}

/** The themed error page (type 101); the plain one when the theme cannot render it. */
async function themedErrorPage(c: Context<AppEnv>): Promise<Response> {
  if (!c.var.site) return plainResponse(c, SERVER_ERROR);
  try {
    const req = pageRequest(c);
    return await respond(c, req, await errorPage(req));
  } catch (inner) {
    console.error(`error page failed for ${c.req.path}: ${describe(inner)}`);
    return isDatabaseFailure(inner) ? plainResponse(c, SERVICE_UNAVAILABLE, { 'Retry-After': '30' }) : plainResponse(c, SERVER_ERROR);
  }
}

/**
 * A typed refusal's plain page; the crumb failure of a no-JS post in the page's language (issue 29:
 * a post under /fr gets French), English where the language has no text or cannot be read.
 */
async function refusalPage(c: Context<AppEnv>, err: ApiError): Promise<PlainPage> {
  const page = { status: err.status, error: err.code, title: 'Request refused', message: err.message };
  if (err.code !== 'crumb_fail' || !c.var.language || !c.var.site) return page;
  try {
    const language = await chosenLanguageTable(c.var.db, c.var.site, c.var.language.code);
    if (!language) return page;
    const text = (key: 'requestRefused' | 'accountSessionExpired') => language.table.get('system', STORE_TEXTS_ENTITY, key);
    return { ...page, title: text('requestRefused') ?? page.title, message: text('accountSessionExpired') ?? page.message, lang: language.code };
  } catch (inner) {
    console.warn(`crumb failure page in English for ${c.req.path}: ${describe(inner)}`);
    return page;
  }
}

/**
 * `app.onError`: API calls get their JSON error; typed errors (an ApiError under 500 too) become their page; anything else is logged with its
 * stack (server side only) and answered with the error page, status 500.
 */
export const handleError: ErrorHandler<AppEnv> = async (err, c) => {
  if (isApiPath(c.req.path)) return apiErrorResponse(err, c);
  if (err instanceof HTTPException) return err.getResponse();
  // A typed refusal thrown on a page's route (the body guard's 413/415, a 429) keeps its status
  // and message, as on the APIs; only unexpected errors become a 500 (issue 33, finding 5).
  if (err instanceof ApiError && err.status < 500) {
    return plainResponse(c, await refusalPage(c, err), err.options.headers);
  }
  if (err instanceof SiteNotFoundError) return plainResponse(c, SITE_NOT_FOUND);
  if (err instanceof DatabaseUnavailableError || isDatabaseFailure(err)) {
    console.error(`database unavailable for ${c.req.path}: ${describe(err instanceof DatabaseUnavailableError ? err.cause : err)}`);
    return plainResponse(c, SERVICE_UNAVAILABLE, { 'Retry-After': '30' });
  }
  console.error(`page failed ${c.req.method} ${c.req.path}: ${describe(err)}`);
  return themedErrorPage(c);
};
