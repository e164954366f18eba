import { and, eq, gt, lte } from 'drizzle-orm';
import { contributors, siteSessions, siteUsers } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';
import { secretToken, SECRET_TOKEN_SHAPE, sha256Hex } from './tokens.js';

/** Token lifetimes (docs/accounts.md, "Token lifetimes"). A remembered session lasts 30 days (SPEC §7 rememberMe). */
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie has no expiry of its own; the server still ends it after 12 hours. */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

/** The signed-in visitor as middleware exposes it (`c.var.siteUser`). */
export interface SiteUser {
  id: string;
  email: string;
  /** SPEC §3 contributor role ids on this site; [] for shoppers. */
  roles: number[];
}

export interface NewSession {
  /** The cookie value (never stored: D1 keeps only its SHA-256). */
  token: string;
  xsrfToken: string;
  expiresOn: EpochMs;
}

/**
 * The session's CSRF token, derived from the secret cookie token so nothing else needs
 * storing: knowing it reveals nothing about the cookie, and it dies with the session.
 */
export async function xsrfTokenFor(token: string): Promise<string> {
  return (await sha256Hex(`xsrf\u0000${token}`)).slice(0, 43);
}

/** Starts a session for a user on a site and returns the secrets the client gets. */
export async function createSession(
  db: Db,
  input: { siteUserId: string; websiteId: string; rememberMe: boolean; now: EpochMs },
): Promise<NewSession> {
  const token = secretToken();
  const tokenHash = await sha256Hex(token);
  const expiresOn = input.now + (input.rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS);
  const { siteUserId, websiteId, rememberMe, now } = input;
  // Expired rows are already refused; dropping the user's own keeps the table small.
  await query(() =>
    db.batch([
      db.delete(siteSessions).where(and(eq(siteSessions.siteUserId, siteUserId), lte(siteSessions.expiresOn, now))),
      db.insert(siteSessions).values({ tokenHash, siteUserId, websiteId, rememberMe, createdOn: now, expiresOn }),
    ]),
  );
  return { token, xsrfToken: await xsrfTokenFor(token), expiresOn };
}

/**
 * The user behind a session cookie on this site, with their roles there; undefined when
 * the token is malformed, unknown, revoked, expired or belongs to another site.
 * One indexed query: it runs on every request that carries a session cookie.
 */
export async function findSession(
  db: Db,
  token: string,
  websiteId: string,
  now: EpochMs,
): Promise<{ user: SiteUser; rememberMe: boolean; expiresOn: EpochMs } | undefined> {
  if (!SECRET_TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() =>
    db
      .select({
        id: siteUsers.id,
        email: siteUsers.email,
        roles: contributors.roles,
        rememberMe: siteSessions.rememberMe,
        expiresOn: siteSessions.expiresOn,
      })
      .from(siteSessions)
      .innerJoin(siteUsers, eq(siteUsers.id, siteSessions.siteUserId))
      .leftJoin(contributors, and(eq(contributors.siteUserId, siteUsers.id), eq(contributors.websiteId, siteSessions.websiteId)))
      .where(and(eq(siteSessions.tokenHash, tokenHash), eq(siteSessions.websiteId, websiteId), gt(siteSessions.expiresOn, now)))
      .limit(1),
  );
  if (!row) return undefined;
  return { user: { id: row.id, email: row.email, roles: row.roles ?? [] }, rememberMe: row.rememberMe, expiresOn: row.expiresOn };
}

/** Ends one session (sign-out, or the old session when a sign-in rotates it). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  if (!SECRET_TOKEN_SHAPE.test(token)) return;
  const tokenHash = await sha256Hex(token);
  await query(() => db.delete(siteSessions).where(eq(siteSessions.tokenHash, tokenHash)));
}

/** Ends every session of a user on a site (contributor removed, password reset). */
export async function revokeUserSessions(db: Db, siteUserId: string, websiteId: string): Promise<number> {
  const result = await query(() =>
    db.delete(siteSessions).where(and(eq(siteSessions.siteUserId, siteUserId), eq(siteSessions.websiteId, websiteId))),
  );
  return result.meta.changes ?? 0;
}
