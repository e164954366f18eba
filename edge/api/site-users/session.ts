import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../middleware/cookies.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from '../../middleware/session/index.js';
import { createSession, revokeSession } from '../../services/accounts/sessions.js';
import { authenticate } from '../../services/accounts/site-users.js';
import { normaliseEmail } from '../../services/accounts/tokens.js';
import { jsonBody, queryParams } from '../validate.js';
import { emailField } from './fields.js';

/** One answer for an unknown email and a wrong password, so neither reveals the other. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const EMAIL_UNVERIFIED_MESSAGE = 'Please verify your email address first: use the link we emailed you.';


const signInBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.').max(1024, 'Passwords are at most 1024 characters.'),
  rememberMe: z.boolean().optional().default(false),
});

const signOutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional() });

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

/** Signs a verified user in: ends the visitor's previous session (rotation) and starts a new one. */
export async function startSession(c: Context<AppEnv>, user: { id: string; websiteId: string }, rememberMe: boolean): Promise<string> {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await revokeSession(c.var.db, previous);
  const session = await createSession(c.var.db, { siteUserId: user.id, websiteId: user.websiteId, rememberMe, now: Date.now() });
  setSessionCookies(c, session.token, user.id, rememberMe);
  return session.xsrfToken;
}

/** SPEC §7 Site session: POST and DELETE /api/site-users/account/session. */
export const sessionRoutes = new Hono<AppEnv>({ strict: false });

sessionRoutes.post('/account/session', jsonBody(signInBody), async (c) => {
  const { email, password, rememberMe } = c.req.valid('json');
  const user = await checkCredentials(c, email, password);
  return c.json({ xsrfToken: await startSession(c, user, rememberMe) });
});

sessionRoutes.delete('/account/session', queryParams(signOutQuery), async (c) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await revokeSession(c.var.db, token);
  clearSessionCookies(c);
  return c.json({ signedOut: true });
});
