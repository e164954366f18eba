/**
 * A guest buys access to a member area (issue 30): access belongs to an account, so the order's
 * own batch finds the site's account with the checkout email or creates one (no password yet,
 * unverified), and mails it through the outbox: a new account gets a link to set its password
 * (an account link of purpose 'reset', 24 hours), an existing one a note to sign in. The
 * membership grant (paid.ts) then resolves the account by that email, and the order and a
 * subscription bought as a guest are linked to the account so its holder can see and cancel them.
 *
 * Buying with someone else's address gives that address's account the access, never the buyer:
 * reading needs signing in, and signing in to a new account needs the mailed link.
 */
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { PRODUCT_TYPE } from '../../../schema/index.js';
import { LINK_LIFETIME_MS } from '../accounts/account-links.js';
import type { MailSite } from '../accounts/mails.js';
import { DECOY_HASH } from '../accounts/passwords.js';
import { newId, normaliseEmail, secretToken, sha256Hex } from '../accounts/tokens.js';
import type { CartView } from '../cart/index.js';
import { rawD1 } from '../cart/raw.js';
import { query, type Db } from '../db.js';
import { holdsAccess } from './paid.js';
import { fillText, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';

/**
 * Statements for a guest's paid order of access (before the membership grant): the account by
 * email (created when missing, with a hash no password matches), the set-password link and the
 * mail for a new account, the sign-in mail for an existing one, and the subscription's owner.
 */
export async function guestAccessStatements(
  db: Db, r: { site: MailSite; orderId: string; siteUserId: string | null; email: string; view: CartView; now: number; prefix?: string; texts?: StoreTexts },
): Promise<D1PreparedStatement[]> {
  if (r.siteUserId || !holdsAccess(r.view)) return [];
  const d1 = rawD1(db);
  const email = normaliseEmail(r.email);
  const userId = newId();
  const token = secretToken();
  const tokenHash = await sha256Hex(token);
  const ids = [...new Set(r.view.entries.filter((e) => e.productType === PRODUCT_TYPE.paywall).map((e) => e.itemId))];
  const names = await query(() =>
    d1
      .prepare('SELECT name FROM member_areas WHERE website_id = ?1 AND product_id IN (SELECT value FROM json_each(?2)) ORDER BY name')
      .bind(r.site.id, JSON.stringify(ids))
      .all<{ name: string }>(),
  );
  // The mails' words in the order's language (issue 29), English without.
  const t = r.texts ?? storeTexts();
  const areas = names.results.map((n) => n.name).join(', ') || t.memberMailAreasFallback;
  const footer = `\n\n${r.site.title}\n${r.site.origin}/`;
  // The account links under the prefix of the order's added language (issue 29: '/fr'; '' for the primary).
  const account = `${r.site.origin}${r.prefix ?? ''}/account`;
  const mail = (kind: string, subject: string, text: string, when: 'EXISTS' | 'NOT EXISTS') =>
    d1
      .prepare(
        `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on, order_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?9 WHERE ${when} (SELECT 1 FROM site_users WHERE id = ?8)`,
      )
      .bind(newId(), r.site.id, kind, email, subject, text, r.now, userId, r.orderId);
  return [
    d1
      .prepare(
        `INSERT INTO site_users (id, website_id, email, password_hash, email_verified_on, language, created_on, updated_on)
         VALUES (?1, ?2, ?3, ?4, NULL, NULL, ?5, ?5) ON CONFLICT DO NOTHING`,
      )
      .bind(userId, r.site.id, email, DECOY_HASH, r.now),
    d1
      .prepare(
        `INSERT INTO account_tokens (token_hash, website_id, purpose, site_user_id, email, created_on, expires_on)
         SELECT ?1, ?2, 'reset', ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM site_users WHERE id = ?3)`,
      )
      .bind(tokenHash, r.site.id, userId, email, r.now, r.now + LINK_LIFETIME_MS.verify),
    mail(
      'member-set-password',
      fillText(t.memberMailSetPasswordSubject, { site: r.site.title }),
      fillText(t.memberMailSetPassword, { areas, setPasswordUrl: `${account}/reset/confirm?token=${token}`, resetUrl: `${account}/reset` }) + footer,
      'EXISTS',
    ),
    mail(
      'member-sign-in',
      fillText(t.memberMailSignInSubject, { site: r.site.title }),
      fillText(t.memberMailSignIn, { areas, accountUrl: account, resetUrl: `${account}/reset` }) + footer,
      'NOT EXISTS',
    ),
    d1
      .prepare(
        `UPDATE subscriptions SET site_user_id = (SELECT id FROM site_users WHERE website_id = ?2 AND email = ?3)
         WHERE first_order_id = ?1 AND website_id = ?2 AND site_user_id IS NULL`,
      )
      .bind(r.orderId, r.site.id, email),
    // The order joins the account's history (as one placed signed in): its renewals follow the subscription.
    d1
      .prepare(
        `UPDATE account_orders SET site_user_id = (SELECT id FROM site_users WHERE website_id = ?2 AND email = ?3)
         WHERE order_id = ?1 AND website_id = ?2 AND site_user_id IS NULL`,
      )
      .bind(r.orderId, r.site.id, email),
    d1
      .prepare(
        `INSERT INTO account_orders (order_id, website_id, site_user_id, subscription_id, cycle, created_on)
         SELECT ?1, ?2, id, NULL, NULL, ?4 FROM site_users WHERE website_id = ?2 AND email = ?3
           AND NOT EXISTS (SELECT 1 FROM account_orders WHERE order_id = ?1)`,
      )
      .bind(r.orderId, r.site.id, email, r.now),
  ];
}
