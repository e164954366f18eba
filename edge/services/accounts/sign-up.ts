import { mailLanguage } from '../multilingual/mail-language.js';
import type { EpochMs } from '../../../domain/branded-types.js';
import { queueMail, type OutgoingMail } from '../mail/outbox.js';
import { rawD1 } from '../cart/raw.js';
import { hashPassword } from './passwords.js';
import { query, type Db } from '../db.js';
import { consumeLink, issueLink, LINK_LIFETIME_MS } from './account-links.js';
import { existingAccountMail, passwordResetMail, verifyEmailMail, type MailSite } from './mails.js';
import { revokeUserSessions } from './sessions.js';
import { findUserByEmail, findUserById, markEmailVerified, setPassword, type SiteUserRow } from './site-users.js';
import { newId, normaliseEmail, secretToken, sha256Hex } from './tokens.js';

/**
 * Sign-up: a new address gets an unverified account and a verification mail; an address
 * that already has an account gets a mail saying so instead. The caller answers both the
 * same way, so sign-up never reveals whether an address has an account.
 *
 * One D1 batch (issue 35, docs/crash-safety.md): the account, its verification link and the
 * mail that carries it, or, when the address already has an account, the 'existing account'
 * mail. Each later statement asks whether this batch's account row exists, so a crash never
 * leaves an account whose verification mail was lost. Both mails are in the account's chosen
 * language, else `pageLanguage` (the page the sign-up came from) when the site publishes it
 * as an added language; else the primary (issue 29).
 */
export async function signUp(
  db: Db, site: MailSite & { locale: string }, input: { email: string; password: string; language?: string | undefined }, now: EpochMs, pageLanguage?: string,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const userId = newId();
  const token = secretToken();
  const [passwordHash, tokenHash, language] = await Promise.all([
    hashPassword(input.password), sha256Hex(token), mailLanguage(db, site, input.language ?? pageLanguage),
  ]);
  // The mails' links under the prefix of an added language the sign-up came in (issue 29).
  const prefix = language?.prefix ?? '';
  const d1 = rawD1(db);
  const mail = (m: OutgoingMail, when: 'EXISTS' | 'NOT EXISTS') =>
    d1
      .prepare(
        `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ${when} (SELECT 1 FROM site_users WHERE id = ?9)`,
      )
      .bind(newId(), m.websiteId, m.kind, m.to, m.subject, m.text, m.html ?? null, now, userId);
  await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO site_users (id, website_id, email, password_hash, email_verified_on, language, created_on, updated_on)
           VALUES (?1, ?2, ?3, ?4, NULL, ?5, ?6, ?6) ON CONFLICT DO NOTHING`,
        )
        .bind(userId, site.id, email, passwordHash, input.language ?? null, now),
      d1
        .prepare(
          `INSERT INTO account_tokens (token_hash, website_id, purpose, site_user_id, email, created_on, expires_on)
           SELECT ?1, ?2, 'verify', ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM site_users WHERE id = ?3)`,
        )
        .bind(tokenHash, site.id, userId, email, now, now + LINK_LIFETIME_MS.verify),
      mail(verifyEmailMail(site, email, token, language?.texts, prefix), 'EXISTS'),
      mail(existingAccountMail(site, email, language?.texts, prefix), 'NOT EXISTS'),
    ]),
  );
}

/** Uses a verification link: the account's email counts as verified. Undefined for a bad link. */
export async function verifyEmail(db: Db, websiteId: string, token: string, now: EpochMs): Promise<SiteUserRow | undefined> {
  const link = await consumeLink(db, websiteId, 'verify', token, now);
  if (!link?.siteUserId) return undefined;
  await markEmailVerified(db, { id: link.siteUserId, websiteId }, now);
  return findUserById(db, websiteId, link.siteUserId);
}

/**
 * Mails a reset link when the address has an account; silent otherwise (no enumeration). In the
 * account's language (POST /api/site-users/account/locale), else `pageLanguage` (the language of
 * the page the request came from), when the site publishes it as an added language; else the primary.
 */
export async function requestPasswordReset(db: Db, site: MailSite & { locale: string }, email: string, now: EpochMs, pageLanguage?: string): Promise<void> {
  const user = await findUserByEmail(db, site.id, email);
  if (!user) return;
  const [token, language] = await Promise.all([
    issueLink(db, { websiteId: site.id, purpose: 'reset', email: user.email, siteUserId: user.id, now }),
    mailLanguage(db, site, user.language ?? pageLanguage),
  ]);
  await queueMail(db, passwordResetMail(site, user.email, token, language?.texts, language?.prefix ?? ''), now);
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
