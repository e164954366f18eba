/**
 * The site password in front of the shopper's JSON APIs (issue 30): while the site is locked
 * and the visitor has not unlocked it, the cart, checkout, orders, payments and subscription
 * carts, and the site users' account APIs (sign-in, sign-up, resets, the account) answer 401
 * `site_locked` (JSON, SPEC §8 shape). The owner's routes (commerce, restock, contributors)
 * and Stripe's webhook (no visitor, no cookie) are not behind it.
 */
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { SITE_SCOPE, siteClosedTo, unlockCookieName } from '../../services/members/passwords.js';

export const SITE_LOCKED_MESSAGE = 'This site is password protected. Unlock it to continue.';

/** The shopper's commerce APIs, the site users' account APIs and the account's posts. */
const LOCKED = /^\/(?:api\/(?:3\/)?commerce|api\/site-users\/account|account)(?:\/|$)/;
/**
 * Paths under a locked prefix that stay open: owner commerce, provider callbacks, and the
 * owner's restock screens (they share the shopper's restock path: every call but its POST).
 */
const OPEN = /^\/api\/commerce\/(?:owner(?:\/|$)|payments\/stripe\/webhook\/?$)|^\/api\/site-users\/account\/notifications\/restock\/./;
const RESTOCK_LIST = /^\/api\/site-users\/account\/notifications\/restock\/?$/;

/** Mounted on every path (so the route walks see no extra routes); acts on LOCKED paths only. */
export const siteLockJson = createMiddleware<AppEnv>(async (c, next) => {
  if (!LOCKED.test(c.req.path) || OPEN.test(c.req.path) || (RESTOCK_LIST.test(c.req.path) && c.req.method !== 'POST')) return next();
  if (await siteClosedTo(c.var.db, c.var.site.id, getCookie(c, unlockCookieName(SITE_SCOPE)))) {
    // Answered here, not thrown: the account's posts are not under /api, whose errors are JSON.
    c.header('Cache-Control', 'private, no-store');
    return c.json({ error: 'site_locked', message: SITE_LOCKED_MESSAGE }, 401);
  }
  return next();
});
