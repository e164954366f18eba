import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { INVALID_CREDENTIALS_MESSAGE, EMAIL_UNVERIFIED_MESSAGE } from '../../../domain/messages/account-messages.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { attachCartOnSignIn } from '../../services/accounts/cart-merge.js';
import { cloneCartFor } from '../../services/accounts/cart-clone.js';
import { createSession, revokeSession } from '../../services/accounts/sessions.js';
import { authenticate } from '../../services/accounts/site-users.js';
import { normaliseEmail } from '../../services/accounts/tokens.js';
import { visitorCart } from '../../services/cart/index.js';
import { rateLimit } from '../rate-limit/index.js';
import { cartToken, syncCartCookies } from './cart-cookies.js';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from './cookies.js';

// Sign-in and sign-out on a request, shared by the site-users API and the /account and
// /config/ form pages (which may not import each other's routers).

/**
 * Spends one unit of the client address's budget and one of the account's for `action`
 * (sign-in, sign-up, reset): 429 once either is exhausted. Login throttling runs this
 * before the password is checked, so a throttled guess learns nothing.
 */
export async function throttleAccount(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  await rateLimit(
    { binding: 'RATE_SIGN_IN_IP', periodSeconds: 60, key: () => (clientIp(c) ? `${action}:${clientIp(c)}` : undefined) },
    { binding: 'RATE_SIGN_IN_ACCOUNT', periodSeconds: 60, key: () => `${action}:${c.var.site.id}:${normaliseEmail(email)}` },
  )(c, async () => {});
}

/** The password check of a sign-in (API and /config/ form alike): the verified user, or a thrown ApiError. */
export async function checkCredentials(c: Context<AppEnv>, email: string, password: string) {
  await throttleAccount(c, 'sign-in', email);
  const result = await authenticate(c.var.db, c.var.site.id, email, password);
  if (!result.ok) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  if (result.user.emailVerifiedOn === null) throw new ApiError(403, 'email_unverified', EMAIL_UNVERIFIED_MESSAGE);
  return result.user;
}

/**
 * Signs a verified user in: ends the visitor's previous session (rotation), starts a new
 * one, and merges the visitor's anonymous cart with the account's (SPEC §6).
 */
export async function startSession(c: Context<AppEnv>, user: { id: string; websiteId: string }, rememberMe: boolean): Promise<string> {
  const now = Date.now();
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await revokeSession(c.var.db, previous);
  const session = await createSession(c.var.db, { siteUserId: user.id, websiteId: user.websiteId, rememberMe, now });
  setSessionCookies(c, session.token, user.id, rememberMe);
  const attached = await attachCartOnSignIn(c.var.db, user.websiteId, user.id, cartToken(c), now);
  const token = attached.token ?? cartToken(c);
  syncCartCookies(c, await visitorCart(c.var.db, user.websiteId, token, now), token, true);
  return session.xsrfToken;
}

/** Signs the visitor out (API and forms alike), keeping a copy of the cart when asked. */
export async function endSession(c: Context<AppEnv>, cloneCart: boolean): Promise<void> {
  const now = Date.now();
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await revokeSession(c.var.db, token);
  clearSessionCookies(c);
  const scope = { db: c.var.db, site: c.var.site, now };
  const copy = cloneCart && c.var.siteUser ? await cloneCartFor(scope, cartToken(c)) : undefined;
  syncCartCookies(c, copy?.view, copy?.token, true);
}
