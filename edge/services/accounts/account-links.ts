import { and, eq, gt, isNull } from 'drizzle-orm';
import { accountTokens } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';
import { secretToken, SECRET_TOKEN_SHAPE, sha256Hex } from './tokens.js';

export type LinkPurpose = 'verify' | 'reset' | 'invite';
export type AccountLink = typeof accountTokens.$inferSelect;

/** How long an emailed link works (docs/accounts.md: token lifetimes). */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

/**
 * Creates a single-use link token; only its SHA-256 is stored. Returns the token for the
 * emailed URL (the one and only place it ever appears).
 */
export async function issueLink(
  db: Db,
  input: { websiteId: string; purpose: LinkPurpose; email: string; siteUserId?: string; roles?: number[]; createdBy?: string; now: EpochMs },
): Promise<string> {
  const token = secretToken();
  await query(async () =>
    db.insert(accountTokens).values({
      tokenHash: await sha256Hex(token),
      websiteId: input.websiteId,
      purpose: input.purpose,
      siteUserId: input.siteUserId ?? null,
      email: input.email,
      roles: input.roles ?? null,
      createdBy: input.createdBy ?? null,
      createdOn: input.now,
      expiresOn: input.now + LINK_LIFETIME_MS[input.purpose],
    }),
  );
  return token;
}

function live(tokenHash: string, websiteId: string, purpose: LinkPurpose, now: EpochMs) {
  return and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.websiteId, websiteId),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedOn),
    gt(accountTokens.expiresOn, now),
  );
}

/** The unused, unexpired link behind a token, without using it (a page showing its form). */
export async function peekLink(db: Db, websiteId: string, purpose: LinkPurpose, token: string, now: EpochMs): Promise<AccountLink | undefined> {
  if (!SECRET_TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() => db.select().from(accountTokens).where(live(tokenHash, websiteId, purpose, now)).limit(1));
  return row;
}

/**
 * Uses a link: one atomic UPDATE marks it used and returns it, so of two concurrent uses
 * exactly one succeeds. Undefined for a malformed, unknown, used, expired or other site's token.
 */
export async function consumeLink(db: Db, websiteId: string, purpose: LinkPurpose, token: string, now: EpochMs): Promise<AccountLink | undefined> {
  if (!SECRET_TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() =>
    db.update(accountTokens).set({ usedOn: now }).where(live(tokenHash, websiteId, purpose, now)).returning(),
  );
  return row;
}
