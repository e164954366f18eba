import { Hono, type ExecutionContext } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { languagePrefix, prefixCandidate } from '../../domain/languages/languages.js';
import type { AppEnv, PageLanguage, Vars } from '../env.js';
import { cookieBase } from '../lib/cookie-attributes.js';
import { siteLanguages } from '../services/multilingual/settings.js';
import { setLanguage } from '../services/accounts/site-users.js';
import { handleError } from './error-page.js';
import { pages } from './routes.js';
import { account } from './account/index.js';
import { newsletterPages } from './newsletter/index.js';
import { siteLock } from './members/access.js';
import { siteLockJson } from '../middleware/site-lock/index.js';

// The visitor's language choice (issue 29): remembered, never acted on by a redirect.
import { LANGUAGE_COOKIE } from '../services/multilingual/visitor-language.js';
const ONE_YEAR = 365 * 24 * 3600;

/** What a re-dispatched `/fr/...` request carries in: the outer request's variables and its language. */
const INNER = new WeakMap<Request, { vars: Partial<Vars>; language: PageLanguage }>();

/** The page routes once more, for requests under a language prefix (the prefix removed from the path). */
const localizedPages = new Hono<AppEnv>({ strict: false });
localizedPages.use('*', async (c, next) => {
  const inner = INNER.get(c.req.raw);
  if (!inner) return c.notFound();
  for (const [key, value] of Object.entries(inner.vars)) if (value !== undefined) c.set(key as keyof Vars, value as never);
  c.set('language', inner.language);
  await next();
});
// The shopper's account pages in the language (issue 29), behind a site password like the primary's (app.ts).
localizedPages.use('*', (c, next) => {
  if (!/^\/account(?:\/|$)/.test(c.req.path)) return next();
  return c.req.method === 'GET' || c.req.method === 'HEAD' ? siteLock(c, next) : siteLockJson(c, next);
});
localizedPages.route('/account', account);
// The newsletter's confirm and unsubscribe pages of a subscriber who signed up on a page of the language.
localizedPages.route('/newsletter', newsletterPages);
localizedPages.route('/', pages);
localizedPages.onError(handleError);

/**
 * `/<language>/...` for each added language of a multilingual site: the same page routes,
 * rendered in that language (edge/pages/respond.ts). Other paths (and sites with one
 * language) pass on to the page routes unchanged; only paths whose first segment looks like
 * a language tag, and a signed-in shopper's GETs with a language cookie, need the settings,
 * read once per content version (siteLanguages). Never redirects on Accept-Language.
 */
export const languageRoutes = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const candidate = prefixCandidate(url.pathname);
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  // A signed-in shopper's switch is kept on their account too (SPEC §7 account locale): only when
  // the page's language differs from the cookie's, so once per switch, never per page view.
  const switched = c.req.method === 'GET' && c.var.siteUser !== undefined && chosen !== undefined;
  if (!candidate && !switched) return next();
  const languages = await siteLanguages(c.var.db, c.var.site);
  const code = candidate && languages.enabled ? languages.added.find((l) => languagePrefix(l) === candidate) : undefined;
  const shown = code ?? languages.primary;
  if (c.req.method === 'GET' && c.var.siteUser && languages.enabled && chosen !== shown && (code || chosen !== undefined)) {
    await setLanguage(c.var.db, { id: c.var.siteUser.id, websiteId: c.var.site.id }, shown, Date.now());
  }
  if (!code) return next();
  const rest = url.pathname.slice(candidate!.length + 1) || '/';
  const request = new Request(new URL(`${rest}${url.search}`, url.origin), c.req.raw);
  const { site, db, siteUser, xsrfToken, issuedCrumb } = c.var;
  INNER.set(request, { vars: { site, db, siteUser, xsrfToken, issuedCrumb }, language: { code, prefix: `/${candidate!}`, publicUrl: c.req.url } });
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  return localizedPages.fetch(request, c.env, ctx);
});

/**
 * Remembers the visitor's language in a cookie when they open a page of an added
 * language (or come back to the primary one after choosing another). Runs outside the
 * page cache, reading the page's Content-Language, so cached pages remember it too.
 */
export const rememberLanguage = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || (c.res.status !== 200 && c.res.status !== 304)) return;
  const language = c.res.headers.get('content-language');
  if (!language) return;
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  const prefixed = prefixCandidate(new URL(c.req.url).pathname) === languagePrefix(language);
  if (chosen === language || (!prefixed && chosen === undefined)) return;
  setCookie(c, LANGUAGE_COOKIE, language, { ...cookieBase(c), maxAge: ONE_YEAR });
});
