import { and, eq } from 'drizzle-orm';
import { siteUsers } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { newId, normaliseEmail } from './tokens.js';

export type SiteUserRow = typeof siteUsers.$inferSelect;

/** The account with this email on a site (emails compare case-insensitively). */
export async function findUserByEmail(db: Db, websiteId: string, email: string): Promise<SiteUserRow | undefined> {
  const [row] = await query(() =>
    db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, normaliseEmail(email))))
      .limit(1),
  );
  return row;
}

export async function findUserById(db: Db, websiteId: string, id: string): Promise<SiteUserRow | undefined> {
  const [row] = await query(() =>
    db.select().from(siteUsers).where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, id))).limit(1),
  );
  return row;
}

export type Authentication = { ok: true; user: SiteUserRow } | { ok: false };

/**
 * Checks an email and password. An unknown email is verified against a decoy hash, so it
 * costs the same time as a wrong password and the two cannot be told apart.
 */
export async function authenticate(db: Db, websiteId: string, email: string, password: string): Promise<Authentication> {
  const user = await findUserByEmail(db, websiteId, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  return user && matches ? { ok: true, user } : { ok: false };
}

/**
 * Creates an account; undefined when the email is already taken (the unique index decides,
 * so two concurrent sign-ups of one address cannot both succeed).
 */
export async function createUser(
  db: Db,
  input: { websiteId: string; email: string; password: string; verified: boolean; language?: string; now: EpochMs },
): Promise<SiteUserRow | undefined> {
  const passwordHash = await hashPassword(input.password);
  const rows = await query(() =>
    db
      .insert(siteUsers)
      .values({
        id: newId(),
        websiteId: input.websiteId,
        email: normaliseEmail(input.email),
        passwordHash,
        emailVerifiedOn: input.verified ? input.now : null,
        language: input.language ?? null,
        createdOn: input.now,
        updatedOn: input.now,
      })
      .onConflictDoNothing()
      .returning(),
  );
  return rows[0];
}

export async function setPassword(db: Db, user: { id: string; websiteId: string }, password: string, now: EpochMs): Promise<void> {
  const passwordHash = await hashPassword(password);
  await query(() =>
    db.update(siteUsers).set({ passwordHash, updatedOn: now }).where(and(eq(siteUsers.id, user.id), eq(siteUsers.websiteId, user.websiteId))),
  );
}

export async function markEmailVerified(db: Db, user: { id: string; websiteId: string }, now: EpochMs): Promise<void> {
  await query(() =>
    db
      .update(siteUsers)
      .set({ emailVerifiedOn: now, updatedOn: now })
      .where(and(eq(siteUsers.id, user.id), eq(siteUsers.websiteId, user.websiteId))),
  );
}

export async function setLanguage(db: Db, user: { id: string; websiteId: string }, language: string, now: EpochMs): Promise<void> {
  await query(() =>
    db.update(siteUsers).set({ language, updatedOn: now }).where(and(eq(siteUsers.id, user.id), eq(siteUsers.websiteId, user.websiteId))),
  );
}
