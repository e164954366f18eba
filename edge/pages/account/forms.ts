import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { bodyGuard, FORM_TYPES } from '../../middleware/body-guard/index.js';
import { requireCrumb } from '../../middleware/crumb/index.js';
import { accountMessage, accountTexts } from './account-texts.js';
import { accountPage, html, notice } from './html.js';

const guard = bodyGuard({ types: FORM_TYPES, maxBytes: 8 * 1024 });
const nothing = async () => {};

/**
 * Form posts of the account pages: small form bodies only (413/415), with the crumb field
 * (401, SPEC §8 crumb text). A refusal is a page with the message, not the JSON the APIs
 * answer. The crumb check reads the form through the guard's limit, so a body without
 * Content-Length is bounded too.
 */
export const formPost = [
  createMiddleware<AppEnv>(async (c, next) => {
    try {
      await guard(c, nothing);
      await requireCrumb(c, nothing);
    } catch (err) {
      const { message, status } = formFailure(c, err);
      // The link is the form's path without a language prefix: the page puts it back (html.ts).
      const t = await accountTexts(c);
      return accountPage(c, t.accountTryAgain, html`<h1>${t.accountTryAgain}</h1>${notice(accountMessage(message, t))}<p><a href="${c.req.path}">${t.accountReloadForm}</a></p>`, status);
    }
    await next();
  }),
] as const;

/** The text fields of a posted form (files and repeated fields ignored). */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') out[name] = value;
  return out;
}

/** A refused form post: the message to show again and the status to answer with. */
export function formFailure(c: Context<AppEnv>, err: unknown): { message: string; status: number } {
  if (!(err instanceof ApiError)) throw err;
  for (const [name, value] of Object.entries(err.options.headers ?? {})) c.header(name, value);
  return { message: err.message, status: err.status };
}

/** The first problem of a zod parse as an ApiError (400), like the JSON APIs answer. */
export function invalidForm(issues: readonly { message: string }[]): ApiError {
  return new ApiError(400, 'invalid_request', issues[0]?.message ?? 'Please check your entries.');
}
