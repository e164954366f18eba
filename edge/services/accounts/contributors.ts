import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { accountTokens, contributors, siteUsers } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { queueMail } from '../mail/outbox.js';
import { query, type Db } from '../db.js';
import { consumeLink, issueLink, peekLink } from './account-links.js';
import { invitationMail, type MailSite } from './mails.js';
import { revokeUserSessions } from './sessions.js';
import { authenticate, createUser, findUserByEmail, type SiteUserRow } from './site-users.js';
import { normaliseEmail } from './tokens.js';

export interface ContributorView {
  siteUserId: string;
  email: string;
  roles: number[];
  createdOn: EpochMs;
}

export interface InvitationView {
  email: string;
  roles: number[];
  createdOn: EpochMs;
  expiresOn: EpochMs;
}

/** A site's contributors and its pending (unused, unexpired) invitations. */
export async function listContributors(db: Db, websiteId: string, now: EpochMs): Promise<{ contributors: ContributorView[]; invitations: InvitationView[] }> {
  const [people, pending] = await Promise.all([
    query(() =>
      db
        .select({ siteUserId: contributors.siteUserId, email: siteUsers.email, roles: contributors.roles, createdOn: contributors.createdOn })
        .from(contributors)
        .innerJoin(siteUsers, eq(siteUsers.id, contributors.siteUserId))
        .where(eq(contributors.websiteId, websiteId))
        .orderBy(siteUsers.email),
    ),
    query(() =>
      db
        .select({ email: accountTokens.email, roles: accountTokens.roles, createdOn: accountTokens.createdOn, expiresOn: accountTokens.expiresOn })
        .from(accountTokens)
        .where(and(eq(accountTokens.websiteId, websiteId), eq(accountTokens.purpose, 'invite'), isNull(accountTokens.usedOn), gt(accountTokens.expiresOn, now)))
        .orderBy(desc(accountTokens.createdOn)),
    ),
  ]);
  return { contributors: people, invitations: pending.map((p) => ({ ...p, roles: p.roles ?? [] })) };
}

/** Invites an address to the site with `roles`: a single-use link by mail (7 days). */
export async function inviteContributor(
  db: Db,
  site: MailSite,
  input: { email: string; roles: number[]; roleNames: string[]; invitedBy: string },
  now: EpochMs,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const token = await issueLink(db, { websiteId: site.id, purpose: 'invite', email, roles: input.roles, createdBy: input.invitedBy, now });
  await queueMail(db, invitationMail(site, email, token, input.roleNames), now);
}

export type AcceptResult = { ok: true; user: SiteUserRow } | { ok: false; reason: 'invalid-link' | 'wrong-password' };

/**
 * Accepts an invitation. The invited address may already have an account on the site
 * (then `password` must be its password) or not (then `password` becomes the new
 * account's, verified, since the link arrived at that address). The link is used only
 * when the acceptance succeeds; the contributor row gets the invitation's roles.
 */
export async function acceptInvitation(db: Db, websiteId: string, token: string, password: string, now: EpochMs): Promise<AcceptResult> {
  const invite = await peekLink(db, websiteId, 'invite', token, now);
  if (!invite) return { ok: false, reason: 'invalid-link' };
  let user = await findUserByEmail(db, websiteId, invite.email);
  if (user) {
    const auth = await authenticate(db, websiteId, invite.email, password);
    if (!auth.ok) return { ok: false, reason: 'wrong-password' };
  } else {
    user = await createUser(db, { websiteId, email: invite.email, password, verified: true, now });
    user ??= await findUserByEmail(db, websiteId, invite.email);
    if (!user) return { ok: false, reason: 'invalid-link' };
  }
  if (!(await consumeLink(db, websiteId, 'invite', token, now))) return { ok: false, reason: 'invalid-link' };
  const roles = invite.roles ?? [];
  await query(() =>
    db
      .insert(contributors)
      .values({ websiteId, siteUserId: user.id, roles, invitedBy: invite.createdBy, createdOn: now })
      .onConflictDoUpdate({ target: [contributors.websiteId, contributors.siteUserId], set: { roles } }),
  );
  return { ok: true, user };
}

/**
 * Removes a contributor from a site and ends all their sessions there at once, so the
 * removed person loses the owner area on their very next request. False when the user is
 * no contributor of this site (another site's id included).
 */
export async function removeContributor(db: Db, websiteId: string, siteUserId: string): Promise<boolean> {
  const removed = await query(() =>
    db.delete(contributors).where(and(eq(contributors.websiteId, websiteId), eq(contributors.siteUserId, siteUserId))).returning(),
  );
  if (removed.length === 0) return false;
  await revokeUserSessions(db, siteUserId, websiteId);
  return true;
}

/**
 * Replaces a contributor's roles on a site with one UPDATE (the next request of theirs sees
 * the new roles: sessions read them per request). False when the user is no contributor
 * of this site.
 */
export async function setContributorRoles(db: Db, websiteId: string, siteUserId: string, roles: number[]): Promise<boolean> {
  const changed = await query(() =>
    db
      .update(contributors)
      .set({ roles })
      .where(and(eq(contributors.websiteId, websiteId), eq(contributors.siteUserId, siteUserId)))
      .returning({ siteUserId: contributors.siteUserId }),
  );
  return changed.length === 1;
}
