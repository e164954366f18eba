import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { INVALID_CREDENTIALS_MESSAGE, EMAIL_UNVERIFIED_MESSAGE } from '../../../domain/messages/account-messages.js';
import type { AppEnv, RateLimitBinding } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { cookieBase } from '../../lib/cookie-attributes.js';
import { attachCartOnSignIn, detachCartOnSignOut } from '../../services/accounts/cart-merge.js';
import { cloneCartFor } from '../../services/accounts/cart-clone.js';
import { createSession, revokeSession } from '../../services/accounts/sessions.js';
import { forgetDevice, isKnownDevice, queueFailureNotice, rememberDevice } from '../../services/accounts/sign-in-guard.js';
import { authenticate } from '../../services/accounts/site-users.js';
import { normaliseEmail } from '../../services/accounts/tokens.js';
import { visitorCart } from '../../services/cart/index.js';
import { RATE_LIMITED_MESSAGE, rateLimit } from '../rate-limit/index.js';
import { mailSite } from '../site/mail-site.js';
import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { cartToken, syncCartCookies } from './cart-cookies.js';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from './cookies.js';

/** HttpOnly cookie naming a browser that signed in before (edge/services/accounts/sign-in-guard.ts). */
const DEVICE_COOKIE = 'SignInDevice';
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

// Sign-in and sign-out on a request, shared by the site-users API and the /account and
// /config/ form pages (which may not import each other's routers).

/** The site as the failure notice names it, with its locale (the notice may go in an added language, issue 29). */
const noticeSite = (c: Context<AppEnv>) => ({ ...mailSite(c), locale: c.var.site.locale });

const tooMany = () => new ApiError(429, 'rate_limited', RATE_LIMITED_MESSAGE, { headers: { 'Retry-After': '60' } });

/** Spends one unit of a budget; false when it is exhausted (a missing binding never refuses). */
async function spend(c: Context<AppEnv>, binding: RateLimitBinding, key: string): Promise<boolean> {
  const limiter = c.env[binding];
  return limiter ? (await limiter.limit({ key })).success : true;
}

const accountKey = (c: Context<AppEnv>, action: string, email: string) => `${action}:${c.var.site.id}:${normaliseEmail(email)}`;

/**
 * Spends the budgets of an account action (sign-in, sign-up, reset) before any password
 * is checked, so a throttled guess learns nothing: 429 once the client address's budget
 * (any account) or the budget of this account from this address is spent. Returns false
 * when only the account-wide ceiling is spent (guessing from many addresses): the caller
 * decides who may still pass. Per account AND source, so guessing from other addresses
 * cannot lock the owner out (issue 33, finding 1).
 */
async function spendAccountBudgets(c: Context<AppEnv>, action: string, email: string): Promise<boolean> {
  const ip = clientIp(c);
  await rateLimit(
    { binding: 'RATE_SIGN_IN_IP', periodSeconds: 60, key: () => (ip ? `${action}:${ip}` : undefined) },
    { binding: 'RATE_SIGN_IN_ACCOUNT', periodSeconds: 60, key: () => `${accountKey(c, action, email)}:${ip}` },
  )(c, async () => {});
  return spend(c, 'RATE_SIGN_IN_CEILING', accountKey(c, action, email));
}

/** The budgets of an account action without a password (sign-up, reset): 429 once any is spent. */
export async function throttleAccount(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  if (!(await spendAccountBudgets(c, action, email))) throw tooMany();
}

/**
 * The password check of a sign-in (API and /config/ form alike): the verified user, or a
 * thrown ApiError. Past the account-wide ceiling only a browser that signed in to this
 * account before (SignInDevice) gets its password checked; a burst of wrong passwords
 * mails the account's owner a notice (at most one an hour).
 */
export async function checkCredentials(c: Context<AppEnv>, email: string, password: string) {
  const db = c.var.db;
  const underCeiling = await spendAccountBudgets(c, 'sign-in', email);
  if (!underCeiling && !(await isKnownDevice(db, c.var.site.id, email, getCookie(c, DEVICE_COOKIE)))) {
    await queueFailureNotice(db, noticeSite(c), email, Date.now(), getCookie(c, LANGUAGE_COOKIE));
    throw tooMany();
  }
  const result = await authenticate(db, c.var.site.id, email, password);
  if (!result.ok) {
    if (!(await spend(c, 'RATE_SIGN_IN_FAILURES', accountKey(c, 'sign-in', email)))) await queueFailureNotice(db, noticeSite(c), email, Date.now(), getCookie(c, LANGUAGE_COOKIE));
    throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  }
  if (result.user.emailVerifiedOn === null) throw new ApiError(403, 'email_unverified', EMAIL_UNVERIFIED_MESSAGE);
  return result.user;
}

/** Gives the browser a new SignInDevice token (the old one, if any, is forgotten). */
async function rotateDevice(c: Context<AppEnv>, siteUserId: string, now: number): Promise<void> {
  await forgetDevice(c.var.db, getCookie(c, DEVICE_COOKIE));
  const token = await rememberDevice(c.var.db, siteUserId, now);
  setCookie(c, DEVICE_COOKIE, token, { ...cookieBase(c), httpOnly: true, maxAge: DEVICE_COOKIE_MAX_AGE });
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
  await rotateDevice(c, user.id, now);
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
  if (c.var.siteUser) await detachCartOnSignOut(c.var.db, c.var.site.id, c.var.siteUser.id, now);
  syncCartCookies(c, copy?.view, copy?.token, true);
}
