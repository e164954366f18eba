import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { cookieBase } from '../../lib/cookie-attributes.js';
import { randomToken } from '../../lib/random-token.js';
import { timingSafeEqual } from '../../lib/timing-safe-equal.js';

/** DESIGN: Cookies — the CSRF token, readable by scripts so they can echo it. */
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'X-CSRF-Token';
/**
 * When the visitor's crumb was issued (epoch ms, HttpOnly): the start of the time-to-fill
 * clock of forms posted without JavaScript, which cannot carry a key minted at render
 * because pages are cached (edge/pages/forms). Set with every new crumb, outside the cache.
 */
export const CRUMB_AT_COOKIE = 'crumbAt';
const CRUMB_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATIC_PATHS = /^\/(theme|\.well-known|client)\//;

/** SPEC §8: the crumb failure text the storefront shows. */
export const CRUMB_FAIL_MESSAGE = 'Your session has expired. Please reload the page and try again.';

function currentCrumb(c: Context): string | undefined {
  const crumb = getCookie(c, CRUMB_COOKIE);
  return crumb && CRUMB_SHAPE.test(crumb) ? crumb : undefined;
}

/**
 * Gives every visitor a crumb: after the response is built, a visitor without a valid
 * `crumb` cookie gets one. Runs outside any page cache, so cached HTML never holds it.
 */
export const issueCrumb = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // Static files may sit in shared caches: they never carry a cookie.
  if (currentCrumb(c) || c.get('issuedCrumb') || STATIC_PATHS.test(c.req.path)) return;
  const cookies = crumbCookies(c, randomToken());
  // The response is built: add the cookies to its headers. c.header would copy the whole
  // response once per cookie, on every cache hit a new visitor gets.
  try {
    for (const cookie of cookies) c.res.headers.append('Set-Cookie', cookie);
  } catch {
    // Immutable headers (a response from fetch or the Cache API): one copy.
    const res = new Response(c.res.body, c.res);
    for (const cookie of cookies) res.headers.append('Set-Cookie', cookie);
    c.res = undefined;
    c.res = res;
  }
});

/** The Set-Cookie lines of a new crumb and the time it was issued. */
function crumbCookies(c: Context, crumb: string): [string, string] {
  const base = cookieBase(c);
  return [generateCookie(CRUMB_COOKIE, crumb, { ...base, httpOnly: false }), generateCookie(CRUMB_AT_COOKIE, String(Date.now()), { ...base, httpOnly: true })];
}

function setCrumb(c: Context, crumb: string): void {
  for (const cookie of crumbCookies(c, crumb)) c.header('Set-Cookie', cookie, { append: true });
}

/**
 * The visitor's crumb for a server-rendered form's hidden `crumb` field: the cookie's, or
 * a new one set on this response (and then not replaced by issueCrumb). Only for answers
 * that are never cached, since the page then holds the visitor's token.
 */
export function crumbFor(c: Context<AppEnv>): string {
  const existing = currentCrumb(c) ?? c.get('issuedCrumb');
  if (existing) return existing;
  const crumb = randomToken();
  setCrumb(c, crumb);
  c.set('issuedCrumb', crumb);
  return crumb;
}

async function formCrumb(c: Context): Promise<string | undefined> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return undefined;
  const body = await c.req.parseBody();
  const value = body['crumb'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * CSRF check for state-changing calls (double-submit): the `X-CSRF-Token` header, or a
 * `crumb` field of a form-encoded post, must equal the visitor's `crumb` cookie or the
 * signed-in session's xsrfToken. Anything else is a 401 crumbFail and changes nothing.
 */
export const requireCrumb = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const sent = c.req.header(CRUMB_HEADER) ?? (await formCrumb(c));
  const expected = [currentCrumb(c), c.get('xsrfToken')].filter((t): t is string => !!t);
  if (!sent || !expected.some((token) => timingSafeEqual(sent, token))) {
    throw new ApiError(401, 'crumb_fail', CRUMB_FAIL_MESSAGE, { extra: { crumbFail: true } });
  }
  await next();
});
