import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { platformOwners, platformSessions, platformTokens } from '../../../schema/index.js';
import type { EpochMs } from '../../../domain/branded-types.js';
import { queueMail } from '../mail/outbox.js';
import { rawD1 } from '../cart/raw.js';
import { DECOY_HASH, hashPassword, verifyPassword } from '../accounts/passwords.js';
import { BROWSER_SESSION_MS, xsrfTokenFor } from '../accounts/sessions.js';
import type { MailSite } from '../accounts/mails.js';
import { query, type Db } from '../db.js';
import { newId, normaliseEmail, secretToken, SECRET_TOKEN_SHAPE, sha256Hex } from '../accounts/tokens.js';

/** Platform owner accounts (issue 34, docs/platform.md): the site-user account code's hashing, tokens and outbox. */

export type PlatformOwnerRow = typeof platformOwners.$inferSelect;
export type PlatformLinkPurpose = 'verify' | 'reset' | 'handoff';

/** How long a platform link works: the mailed ones as site users' do; a hand-over only for the redirect. */
export const PLATFORM_LINK_MS: Record<PlatformLinkPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  handoff: 2 * 60 * 1000,
};

/** The signed-in platform owner as middleware exposes it. */
export interface PlatformOwner {
  id: string;
  email: string;
}

function verifyMail(site: MailSite, to: string, token: string) {
  return {
    websiteId: site.id,
    to,
    kind: 'platform-verify-email',
    subject: 'Confirm your email for Atelier',
    text: `Welcome to Atelier! Confirm your email address to start building your site:\n\n${site.origin}/verify?token=${token}\n\nThe link works for 24 hours. If you did not sign up, ignore this mail.`,
  };
}

function existingMail(site: MailSite, to: string) {
  return {
    websiteId: site.id,
    to,
    kind: 'platform-sign-up-existing',
    subject: 'You already have an Atelier account',
    text: `Someone (hopefully you) tried to sign up with this address, which already has an account.\n\nSign in at ${site.origin}/ or reset your password there.`,
  };
}

function resetMail(site: MailSite, to: string, token: string) {
  return {
    websiteId: site.id,
    to,
    kind: 'platform-password-reset',
    subject: 'Choose a new Atelier password',
    text: `Use this link to choose a new password:\n\n${site.origin}/reset?token=${token}\n\nThe link works for 1 hour. If you did not ask for it, ignore this mail.`,
  };
}

/**
 * Sign-up, as the site users' (edge/services/accounts/sign-up.ts): one D1 batch writes the
 * account, its verification link and the mail, or only the 'existing account' mail when the
 * address has an account; the caller answers both alike (no enumeration).
 */
export async function signUpOwner(db: Db, site: MailSite, input: { email: string; password: string }, now: EpochMs): Promise<void> {
  const email = normaliseEmail(input.email);
  const ownerId = newId();
  const token = secretToken();
  const [passwordHash, tokenHash] = await Promise.all([hashPassword(input.password), sha256Hex(token)]);
  const d1 = rawD1(db);
  const mail = (m: ReturnType<typeof verifyMail>, when: 'EXISTS' | 'NOT EXISTS') =>
    d1
      .prepare(
        `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${when} (SELECT 1 FROM platform_owners WHERE id = ?8)`,
      )
      .bind(newId(), m.websiteId, m.kind, m.to, m.subject, m.text, now, ownerId);
  await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO platform_owners (id, email, password_hash, email_verified_on, created_on, updated_on)
           VALUES (?1, ?2, ?3, NULL, ?4, ?4) ON CONFLICT DO NOTHING`,
        )
        .bind(ownerId, email, passwordHash, now),
      d1
        .prepare(
          `INSERT INTO platform_tokens (token_hash, purpose, owner_id, created_on, expires_on)
           SELECT ?1, 'verify', ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM platform_owners WHERE id = ?2)`,
        )
        .bind(tokenHash, ownerId, now, now + PLATFORM_LINK_MS.verify),
      mail(verifyMail(site, email, token), 'EXISTS'),
      mail(existingMail(site, email), 'NOT EXISTS'),
    ]),
  );
}

/** Issues a single-use platform link; only its SHA-256 is stored. */
export async function issuePlatformLink(
  db: Db,
  input: { purpose: PlatformLinkPurpose; ownerId: string; websiteId?: string; now: EpochMs },
): Promise<string> {
  const token = secretToken();
  const tokenHash = await sha256Hex(token);
  await query(() =>
    db.insert(platformTokens).values({
      tokenHash,
      purpose: input.purpose,
      ownerId: input.ownerId,
      websiteId: input.websiteId ?? null,
      createdOn: input.now,
      expiresOn: input.now + PLATFORM_LINK_MS[input.purpose],
    }),
  );
  return token;
}

/** Uses a link in one atomic UPDATE (of two concurrent uses exactly one wins); undefined for a bad one. */
export async function consumePlatformLink(db: Db, purpose: PlatformLinkPurpose, token: string, now: EpochMs, websiteId?: string) {
  if (!SECRET_TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() =>
    db
      .update(platformTokens)
      .set({ usedOn: now })
      .where(
        and(
          eq(platformTokens.tokenHash, tokenHash),
          eq(platformTokens.purpose, purpose),
          isNull(platformTokens.usedOn),
          gt(platformTokens.expiresOn, now),
          // A hand-over is used only on the site it names: another host leaves it unused.
          websiteId === undefined ? undefined : eq(platformTokens.websiteId, websiteId),
        ),
      )
      .returning(),
  );
  return row;
}

export async function findOwnerById(db: Db, id: string): Promise<PlatformOwnerRow | undefined> {
  const [row] = await query(() => db.select().from(platformOwners).where(eq(platformOwners.id, id)).limit(1));
  return row;
}

/** Uses a verification link: the owner's address counts as verified. */
export async function verifyOwnerEmail(db: Db, token: string, now: EpochMs): Promise<PlatformOwnerRow | undefined> {
  const link = await consumePlatformLink(db, 'verify', token, now);
  if (!link) return undefined;
  await query(() => db.update(platformOwners).set({ emailVerifiedOn: now, updatedOn: now }).where(and(eq(platformOwners.id, link.ownerId), isNull(platformOwners.emailVerifiedOn))));
  return findOwnerById(db, link.ownerId);
}

/** The owner behind an email and password; an unknown email costs the same time as a wrong password. */
export async function authenticateOwner(db: Db, email: string, password: string): Promise<PlatformOwnerRow | undefined> {
  const [row] = await query(() => db.select().from(platformOwners).where(eq(platformOwners.email, normaliseEmail(email))).limit(1));
  const ok = await verifyPassword(password, row?.passwordHash ?? DECOY_HASH);
  return ok && row ? row : undefined;
}

/** Mails a reset link when the address has an account; silent otherwise. */
export async function requestOwnerReset(db: Db, site: MailSite, email: string, now: EpochMs): Promise<void> {
  const [row] = await query(() => db.select().from(platformOwners).where(eq(platformOwners.email, normaliseEmail(email))).limit(1));
  if (!row) return;
  const token = await issuePlatformLink(db, { purpose: 'reset', ownerId: row.id, now });
  await queueMail(db, resetMail(site, row.email, token), now);
}

/** Uses a reset link: new password, address verified, every platform session of the owner ended. */
export async function resetOwnerPassword(db: Db, token: string, password: string, now: EpochMs): Promise<PlatformOwnerRow | undefined> {
  const link = await consumePlatformLink(db, 'reset', token, now);
  if (!link) return undefined;
  const passwordHash = await hashPassword(password);
  await query(() =>
    db.batch([
      db.update(platformOwners).set({ passwordHash, emailVerifiedOn: now, updatedOn: now }).where(eq(platformOwners.id, link.ownerId)),
      db.delete(platformSessions).where(eq(platformSessions.ownerId, link.ownerId)),
    ]),
  );
  return findOwnerById(db, link.ownerId);
}

/** Starts a platform session (12 hours); returns the cookie token and its CSRF-derived token. */
export async function createOwnerSession(db: Db, ownerId: string, now: EpochMs): Promise<{ token: string; xsrfToken: string }> {
  const token = secretToken();
  const tokenHash = await sha256Hex(token);
  await query(() =>
    db.batch([
      db.delete(platformSessions).where(and(eq(platformSessions.ownerId, ownerId), lte(platformSessions.expiresOn, now))),
      db.insert(platformSessions).values({ tokenHash, ownerId, createdOn: now, expiresOn: now + BROWSER_SESSION_MS }),
    ]),
  );
  return { token, xsrfToken: await xsrfTokenFor(token) };
}

/** The owner of a live platform session, or undefined. */
export async function findOwnerSession(db: Db, token: string, now: EpochMs): Promise<PlatformOwner | undefined> {
  if (!SECRET_TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() =>
    db
      .select({ id: platformOwners.id, email: platformOwners.email })
      .from(platformSessions)
      .innerJoin(platformOwners, eq(platformOwners.id, platformSessions.ownerId))
      .where(and(eq(platformSessions.tokenHash, tokenHash), gt(platformSessions.expiresOn, now)))
      .limit(1),
  );
  return row;
}

export async function revokeOwnerSession(db: Db, token: string): Promise<void> {
  if (!SECRET_TOKEN_SHAPE.test(token)) return;
  const tokenHash = await sha256Hex(token);
  await query(() => db.delete(platformSessions).where(eq(platformSessions.tokenHash, tokenHash)));
}
