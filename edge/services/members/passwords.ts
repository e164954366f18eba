/**
 * Site and page passwords (issue 30): the owner sets one on the whole site (scope 'site')
 * or on a page (scope = the page id). The hash is the accounts' PBKDF2 one; the unlock
 * cookie holds an HMAC over the site, scope and password version keyed by that hash, so it
 * cannot be forged without the hash and a new password ends every earlier unlock.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { accessPasswords } from '../../../schema/index.js';
import { hashPassword, verifyPassword } from '../accounts/passwords.js';
import { bumpStatement } from '../content-version.js';
import { forgetSite } from '../site-versions.js';
import { query, type Db } from '../db.js';

export const SITE_SCOPE = 'site';

/** A password in front of a scope, as the page routes need it. */
export interface AccessLock {
  scope: string;
  passwordHash: string;
  version: number;
}

/** The unlock cookie's name for a scope: `unlock_site` or `unlock_<page id>`. */
export function unlockCookieName(scope: string): string {
  return `unlock_${scope}`;
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The value of a scope's unlock cookie (hex HMAC-SHA-256). */
export async function unlockToken(websiteId: string, lock: AccessLock): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(lock.passwordHash), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${websiteId}|${lock.scope}|${lock.version}`)));
}

/** True when `cookie` unlocks `lock` (compared in constant time). */
export async function isUnlocked(websiteId: string, lock: AccessLock, cookie: string | undefined): Promise<boolean> {
  if (!cookie || !/^[0-9a-f]{64}$/.test(cookie)) return false;
  const expected = await unlockToken(websiteId, lock);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ cookie.charCodeAt(i);
  return diff === 0;
}

/** The locks of these scopes that are set (site and/or pages). */
export async function locksFor(db: Db, websiteId: string, scopes: readonly string[]): Promise<AccessLock[]> {
  if (scopes.length === 0) return [];
  return query(() =>
    db
      .select({ scope: accessPasswords.scope, passwordHash: accessPasswords.passwordHash, version: accessPasswords.version })
      .from(accessPasswords)
      .where(and(eq(accessPasswords.websiteId, websiteId), inArray(accessPasswords.scope, [...scopes]))),
  );
}

/** True when `password` opens the lock. */
export function checkLockPassword(lock: AccessLock, password: string): Promise<boolean> {
  return verifyPassword(password, lock.passwordHash);
}

/**
 * Sets (or replaces) a scope's password: one upsert whose version rises atomically, in the
 * same batch as the site's content-version bump (cached copies of the page become unreachable).
 */
export async function setAccessPassword(db: Db, websiteId: string, scope: string, password: string, now: number): Promise<void> {
  const passwordHash = await hashPassword(password);
  await query(() =>
    db.batch([
      db
        .insert(accessPasswords)
        .values({ websiteId, scope, passwordHash, version: 1, updatedOn: now })
        .onConflictDoUpdate({
          target: [accessPasswords.websiteId, accessPasswords.scope],
          set: { passwordHash, version: sql`${accessPasswords.version} + 1`, updatedOn: now },
        }),
      bumpStatement(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
}

/** Removes a scope's password; false when it had none. */
export async function clearAccessPassword(db: Db, websiteId: string, scope: string, now: number): Promise<boolean> {
  const [removed] = await query(() =>
    db.batch([
      db.delete(accessPasswords).where(and(eq(accessPasswords.websiteId, websiteId), eq(accessPasswords.scope, scope))).returning({ scope: accessPasswords.scope }),
      bumpStatement(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  return removed.length > 0;
}

/** Which scopes of the site have a password (the owner's view: never the hashes). */
export async function lockedScopes(db: Db, websiteId: string): Promise<{ scope: string; updatedOn: number }[]> {
  return query(() =>
    db.select({ scope: accessPasswords.scope, updatedOn: accessPasswords.updatedOn }).from(accessPasswords).where(eq(accessPasswords.websiteId, websiteId)),
  );
}

/** True when the site has a password and `cookie` (the visitor's unlock_site) does not open it. */
export async function siteClosedTo(db: Db, websiteId: string, cookie: string | undefined): Promise<boolean> {
  const [lock] = await locksFor(db, websiteId, [SITE_SCOPE]);
  return lock !== undefined && !(await isUnlocked(websiteId, lock, cookie));
}
