import type { EpochMs } from '../../../domain/branded-types.js';
import { queueMail } from '../mail/outbox.js';
import type { Db } from '../db.js';
import { consumeLink, issueLink } from './account-links.js';
import { existingAccountMail, passwordResetMail, verifyEmailMail, type MailSite } from './mails.js';
import { revokeUserSessions } from './sessions.js';
import { createUser, findUserByEmail, findUserById, markEmailVerified, setPassword, type SiteUserRow } from './site-users.js';
import { normaliseEmail } from './tokens.js';

/**
 * Sign-up: a new address gets an unverified account and a verification mail; an address
 * that already has an account gets a mail saying so instead. The caller answers both the
 * same way, so sign-up never reveals whether an address has an account.
 */
export async function signUp(db: Db, site: MailSite, input: { email: string; password: string; language?: string }, now: EpochMs): Promise<void> {
  const email = normaliseEmail(input.email);
  const user = await createUser(db, { websiteId: site.id, email, password: input.password, verified: false, language: input.language, now });
  if (!user) {
    await queueMail(db, existingAccountMail(site, email), now);
    return;
  }
  await sendVerification(db, site, user, now);
}

export async function sendVerification(db: Db, site: MailSite, user: SiteUserRow, now: EpochMs): Promise<void> {
  const token = await issueLink(db, { websiteId: site.id, purpose: 'verify', email: user.email, siteUserId: user.id, now });
  await queueMail(db, verifyEmailMail(site, user.email, token), now);
}

/** Uses a verification link: the account's email counts as verified. Undefined for a bad link. */
export async function verifyEmail(db: Db, websiteId: string, token: string, now: EpochMs): Promise<SiteUserRow | undefined> {
  const link = await consumeLink(db, websiteId, 'verify', token, now);
  if (!link?.siteUserId) return undefined;
  await markEmailVerified(db, { id: link.siteUserId, websiteId }, now);
  return findUserById(db, websiteId, link.siteUserId);
}

/** Mails a reset link when the address has an account; silent otherwise (no enumeration). */
export async function requestPasswordReset(db: Db, site: MailSite, email: string, now: EpochMs): Promise<void> {
  const user = await findUserByEmail(db, site.id, email);
  if (!user) return;
  const token = await issueLink(db, { websiteId: site.id, purpose: 'reset', email: user.email, siteUserId: user.id, now });
  await queueMail(db, passwordResetMail(site, user.email, token), now);
}

/**
 * Uses a reset link: sets the new password and ends every session of the account (a
 * reset is often the answer to a stolen password). Receiving the link also proves the
 * address, so the account counts as verified. Undefined for a bad link.
 */
export async function resetPassword(db: Db, websiteId: string, token: string, password: string, now: EpochMs): Promise<SiteUserRow | undefined> {
  const link = await consumeLink(db, websiteId, 'reset', token, now);
  if (!link?.siteUserId) return undefined;
  const user = { id: link.siteUserId, websiteId };
  await setPassword(db, user, password, now);
  await markEmailVerified(db, user, now);
  await revokeUserSessions(db, user.id, websiteId);
  return findUserById(db, websiteId, user.id);
}
