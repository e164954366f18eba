import { and, eq, sql } from 'drizzle-orm';
import { signInDevices, siteUsers } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';
import { newId, normaliseEmail, SECRET_TOKEN_SHAPE, secretToken, sha256Hex } from './tokens.js';
import type { MailSite } from './mails.js';
import { mailLanguage } from '../multilingual/mail-language.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';

// What keeps an account usable while someone guesses its password (issue 33, finding 1):
// browsers that signed in before are remembered, and the owner hears about a burst of failures.

/** How long after one failure notice the next may be mailed to the same account. */
export const FAILURE_NOTICE_COOL_DOWN_MS = 60 * 60 * 1000;

/** Remembers this browser as one the account signed in from; returns the cookie's token. */
export async function rememberDevice(db: Db, siteUserId: string, now: EpochMs): Promise<string> {
  const token = secretToken();
  const tokenHash = await sha256Hex(token);
  await query(() => db.insert(signInDevices).values({ tokenHash, siteUserId, createdOn: now }));
  return token;
}

/** Forgets a browser's token (it is replaced at every sign-in, so each browser keeps one row). */
export async function forgetDevice(db: Db, token: string | undefined): Promise<void> {
  if (!token || !SECRET_TOKEN_SHAPE.test(token)) return;
  const tokenHash = await sha256Hex(token);
  await query(() => db.delete(signInDevices).where(eq(signInDevices.tokenHash, tokenHash)));
}

/** True when `token` (the SignInDevice cookie) is a browser that signed in to this account before. */
export async function isKnownDevice(db: Db, websiteId: string, email: string, token: string | undefined): Promise<boolean> {
  if (!token || !SECRET_TOKEN_SHAPE.test(token)) return false;
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() =>
    db
      .select({ id: siteUsers.id })
      .from(signInDevices)
      .innerJoin(siteUsers, eq(siteUsers.id, signInDevices.siteUserId))
      .where(and(eq(signInDevices.tokenHash, tokenHash), eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, normaliseEmail(email))))
      .limit(1),
  );
  return row !== undefined;
}

/**
 * Queues the "many failed sign-ins" notice to the account with this address, at most once per
 * cool-down: one INSERT ... SELECT that writes nothing when the address has no account or was
 * told within the cool-down, so concurrent bursts cannot mail twice and unknown addresses get nothing.
 */
export async function queueFailureNotice(db: Db, site: MailSite & { locale: string }, email: string, now: EpochMs, pageLanguage?: string): Promise<void> {
  const to = normaliseEmail(email);
  // In the account's language, else the page's (the language cookie), when the site publishes it (issue 29).
  const account = await query(() => db.get<{ language: string | null }>(sql`SELECT language FROM site_users WHERE website_id = ${site.id} AND email = ${to}`));
  const language = account ? await mailLanguage(db, site, account.language ?? pageLanguage) : undefined;
  const t = language?.texts ?? storeTexts();
  const home = `${site.origin}${language?.prefix ?? ''}`;
  const subject = fillText(t.mailSignInFailuresSubject, { site: site.title });
  const text = [
    fillText(t.mailSignInFailures, { site: site.title, email: to }),
    fillText(t.mailSignInFailuresReset, { url: `${home}/account/reset` }),
    t.mailSignInFailuresDevice,
    `${site.title}\n${home}/`,
  ].join('\n\n');
  await query(() =>
    db.run(sql`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on)
      SELECT ${newId()}, ${site.id}, 'sign-in-failures', ${to}, ${subject}, ${text}, ${now}
      WHERE EXISTS (SELECT 1 FROM site_users WHERE website_id = ${site.id} AND email = ${to})
        AND NOT EXISTS (SELECT 1 FROM mail_outbox WHERE website_id = ${site.id} AND kind = 'sign-in-failures'
          AND to_address = ${to} AND created_on > ${now - FAILURE_NOTICE_COOL_DOWN_MS})`),
  );
}
