/**
 * The owner revokes a membership by hand (issue 30). A paying member's plan (a subscription the
 * membership follows) is stopped with it by default: no further charges, access ends now. With
 * `plan: 'keep'` only the access ends and the subscription goes on charging (the Members screen
 * says so before the owner chooses it).
 */
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';
import type { MailSite } from '../accounts/mails.js';
import { newId } from '../accounts/tokens.js';
import { rawD1 } from '../cart/raw.js';
import { query, type Db } from '../db.js';
import { mailLanguage } from '../multilingual/mail-language.js';

/** What happens to the plan of a paying member: stopped with the access (the default), or kept. */
export type RevokePlan = 'stop' | 'keep';

export type RevokeResult = 'missing' | { planStopped: boolean };

const BILLABLE = `EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = m.subscription_id AND s.website_id = m.website_id AND s.status IN ('active', 'past_due', 'paused'))`;

/** The member's mail: the site's store texts in the member's language when the site publishes it. */
async function revokeMail(db: Db, site: MailSite & { locale: string }, member: { area: string; language: string | null }) {
  const language = await mailLanguage(db, site, member.language);
  const t = language?.texts ?? storeTexts();
  // The account link under the mail language's prefix (issue 29: '/fr'; '' for the primary).
  const prefix = language?.prefix ?? '';
  const values = { site: site.title, area: member.area };
  const ended = fillText(t.mailMembershipEnded, values);
  const footer = `\n\n${site.title}\n${site.origin}/`;
  return {
    subject: fillText(t.mailMembershipEndedSubject, values),
    plain: `${ended}${footer}`,
    stopped: `${ended}\n\n${t.mailMembershipPlanStopped}${footer}`,
    goesOn: `${ended}\n\n${fillText(t.mailMembershipPlanGoesOn, { url: `${site.origin}${prefix}/account` })}${footer}`,
  };
}

/**
 * Ends an active membership now and, with `plan: 'stop'`, cancels the subscription it follows.
 * One D1 batch, each step only when the one before it changed a row (`changes() = 1`): the
 * revoke, the member's mail (its words say whether a plan goes on), then the subscription's
 * cancel. A renewal claims a cycle only while the subscription is active, so it either ran
 * before this batch (its charge, if still on its way, is refunded: members/paid.ts
 * `stoppedByRevoke`) or finds the plan canceled. Renewals never touch a membership's state,
 * so nothing brings the revoked access back but a new purchase or a grant, and a grant starts
 * no charges. 'missing' when the area has no such active membership.
 */
export async function revokeMembership(
  db: Db, site: MailSite & { locale: string }, areaId: string, membershipId: string, plan: RevokePlan, now: number,
): Promise<RevokeResult> {
  const d1 = rawD1(db);
  const member = await query(() =>
    d1
      .prepare(
        `SELECT a.name AS area, u.language FROM memberships m JOIN member_areas a ON a.id = m.area_id JOIN site_users u ON u.id = m.site_user_id
         WHERE m.id = ?1 AND m.area_id = ?2 AND m.website_id = ?3 AND m.state = 'active'`,
      )
      .bind(membershipId, areaId, site.id)
      .first<{ area: string; language: string | null }>(),
  );
  if (!member) return 'missing';
  const mail = await revokeMail(db, site, member);
  const stop = plan === 'stop' ? 1 : 0;
  const [revoked, , stopped] = await query(() =>
    d1.batch([
      d1
        .prepare(`UPDATE memberships SET state = 'revoked', ends_on = ?4, updated_on = ?4 WHERE id = ?1 AND area_id = ?2 AND website_id = ?3 AND state = 'active'`)
        .bind(membershipId, areaId, site.id, now),
      // Read before the cancel below, in the same transaction: whether a plan is still billable.
      d1
        .prepare(
          `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on)
           SELECT ?1, m.website_id, 'member-revoked', u.email, ?2, CASE WHEN NOT ${BILLABLE} THEN ?3 WHEN ?4 = 1 THEN ?5 ELSE ?6 END, NULL, ?7
           FROM memberships m JOIN site_users u ON u.id = m.site_user_id WHERE m.id = ?8 AND m.website_id = ?9 AND changes() = 1`,
        )
        .bind(newId(), mail.subject, mail.plain, stop, mail.stopped, mail.goesOn, now, membershipId, site.id),
      d1
        .prepare(
          `UPDATE subscriptions SET status = 'canceled', next_billing_at = NULL, updated_on = ?3
           WHERE ?4 = 1 AND changes() = 1 AND website_id = ?2 AND status IN ('active', 'past_due', 'paused')
             AND id = (SELECT subscription_id FROM memberships WHERE id = ?1 AND website_id = ?2 AND source = 'subscription')`,
        )
        .bind(membershipId, site.id, now, stop),
    ]),
  );
  if (revoked!.meta.changes !== 1) return 'missing';
  return { planStopped: stopped!.meta.changes === 1 };
}
