import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { absoluteTarget, campaignMailHtml, campaignMailText, linkTargets, replaceLinks, type CampaignFooter } from '../../../domain/campaigns/campaign-mail.js';
import { mailLanguage, type MailLanguage } from '../multilingual/mail-language.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { d1Of, retryBusy } from '../forms/d1.js';
import { unsubscribeSigner } from '../newsletter/signing.js';
import { clickLink, clickSigner, openPixelLink } from './links.js';

/**
 * Sending campaigns from the Cron Trigger (edge/scheduled.ts), resumable at any point:
 * 1. due scheduled campaigns become `sending`;
 * 2. the audience (confirmed subscribers of the list) is copied into campaign_recipients,
 *    EXPAND_BATCH rows a step, each step continuing after the largest subscriber id already
 *    copied (the unique (campaign, subscriber) row makes a repeated step harmless);
 * 3. pending recipients are mailed SEND_BATCH at a time: one atomic D1 batch inserts each
 *    recipient's outbox row only while its row is still pending and its address still
 *    confirmed, and moves the row to queued (or skipped). A run that dies before the batch
 *    commits left nothing; one that dies after left every mail of it recorded. Two runs at
 *    once cannot both insert: the second batch finds the rows queued.
 * 4. with nothing pending, the campaign is `sent`.
 */
export const EXPAND_BATCH = 500;
export const SEND_BATCH = 100;
/** Send batches a run does per campaign (the next minute's run goes on). */
export const SEND_BATCHES_PER_RUN = 20;

export interface SendDeps {
  /** Signs click links (campaignLinkSecret); without one the links go out as written. */
  secret: string | undefined;
  /**
   * TESTS ONLY (env CAMPAIGN_TEST_STOP_AFTER_BATCHES): after this many committed send batches
   * the run builds the next batch and then dies before committing it, as a crashed worker would.
   */
  stopAfterBatches?: number | undefined;
}

interface SendingRow {
  id: string;
  website_id: string;
  list_id: string | null;
  subject: string;
  body_html: string;
  origin: string | null;
  expanded_on: number | null;
  site_title: string | null;
  site_locale: string;
}

/** The mail of one recipient (or of a preview / test: `recipient` null). */
export interface BuiltMail {
  subject: string;
  html: string;
  text: string;
  /** The recipient's one-click unsubscribe URL (RFC 8058); null in a preview or test. */
  listUnsubscribe: string | null;
}

/** A recipient of a campaign: the subscriber, and the added language they signed up in (null: the primary). */
export interface CampaignRecipient {
  subscriberId: string;
  language?: string | null | undefined;
}

/** The footer's words of a mail language (issue 29); undefined (the English) for the primary. */
function footerOf(language: MailLanguage | undefined): CampaignFooter | undefined {
  return language && { lang: language.code, subscribedTo: language.texts.mailCampaignSubscribedTo, unsubscribe: language.texts.mailCampaignUnsubscribe, unsubscribeLine: language.texts.mailCampaignUnsubscribeLine };
}

/**
 * Builds mails of one campaign, reading the list's key and importing the click key once, and
 * each subscriber language's texts once (`site`: the campaign's site; without it every mail is English).
 */
export async function mailBuilder(
  db: Db, campaign: { id: string; subject: string; bodyHtml: string; listId: string | null; siteTitle: string; origin: string; site?: { id: string; locale: string } }, secret: string | undefined,
): Promise<(recipient: CampaignRecipient | null) => Promise<BuiltMail>> {
  const sign = secret ? await clickSigner(secret) : undefined;
  const unsubscribe = campaign.listId ? await unsubscribeSigner(db, campaign.listId) : undefined;
  const targets = linkTargets(campaign.bodyHtml);
  const languages = new Map<string, Promise<MailLanguage | undefined>>();
  const languageOf = (code: string | null | undefined) => {
    if (!code || !campaign.site) return undefined;
    if (!languages.has(code)) languages.set(code, mailLanguage(db, campaign.site, code));
    return languages.get(code);
  };
  return async (recipient) => {
    // A language the site no longer publishes: the primary's words and links.
    const language = await languageOf(recipient?.language);
    const links = new Map<string, string>();
    for (const t of targets) {
      const target = absoluteTarget(t, campaign.origin);
      links.set(t, sign ? await clickLink(sign, campaign.origin, campaign.id, recipient?.subscriberId ?? '', target) : target);
    }
    const bodyHtml = replaceLinks(campaign.bodyHtml, links);
    const query = recipient && unsubscribe ? `?s=${encodeURIComponent(recipient.subscriberId)}&sig=${encodeURIComponent(await unsubscribe(recipient.subscriberId))}` : '';
    const unsubscribeUrl = `${campaign.origin}${language?.prefix ?? ''}/newsletter/unsubscribe${query}`;
    const footer = footerOf(language);
    return {
      subject: campaign.subject,
      html: campaignMailHtml({
        subject: campaign.subject, bodyHtml, siteTitle: campaign.siteTitle, unsubscribeUrl,
        openPixelUrl: recipient && sign ? await openPixelLink(sign, campaign.origin, campaign.id, recipient.subscriberId) : undefined, footer,
      }),
      text: campaignMailText(bodyHtml, unsubscribeUrl, footer),
      listUnsubscribe: query ? `${campaign.origin}/api/newsletter/unsubscribe${query}` : null,
    };
  };
}

export class TestStopError extends Error {
  override readonly name = 'TestStopError';
}

/** One expansion step; answers how many recipients it added. */
async function expandStep(db: Db, c: SendingRow, now: number): Promise<number> {
  const d1 = d1Of(db);
  const [added] = await query(() =>
    retryBusy(() =>
      d1.batch([
        d1
          .prepare(
            `INSERT INTO campaign_recipients (campaign_id, subscriber_id, email, state)
             SELECT ?1, s.id, s.email, 'pending' FROM mailing_list_subscribers s
             WHERE s.list_id = ?2 AND s.status = 'confirmed'
               AND s.id > coalesce((SELECT max(subscriber_id) FROM campaign_recipients WHERE campaign_id = ?1), '')
             ORDER BY s.id LIMIT ?3
             ON CONFLICT (campaign_id, subscriber_id) DO NOTHING`,
          )
          .bind(c.id, c.list_id, EXPAND_BATCH),
        d1.prepare('UPDATE campaigns SET recipient_count = (SELECT count(*) FROM campaign_recipients WHERE campaign_id = ?1) WHERE id = ?1').bind(c.id),
      ]),
    ),
  );
  const n = added!.meta.changes ?? 0;
  if (n === 0) await query(() => d1.prepare('UPDATE campaigns SET expanded_on = ?2 WHERE id = ?1 AND expanded_on IS NULL').bind(c.id, now).run());
  return n;
}

/** One send batch; answers how many pending rows it took (0: none left). */
async function sendStep(db: Db, c: SendingRow, build: Awaited<ReturnType<typeof mailBuilder>>, now: number, dieBeforeCommit: boolean): Promise<number> {
  const d1 = d1Of(db);
  const pending = await query(() =>
    d1
      .prepare(
        `SELECT r.subscriber_id, r.email, s.language FROM campaign_recipients r LEFT JOIN mailing_list_subscribers s ON s.id = r.subscriber_id
         WHERE r.campaign_id = ?1 AND r.state = 'pending' LIMIT ?2`,
      )
      .bind(c.id, SEND_BATCH)
      .all<{ subscriber_id: string; email: string; language: string | null }>(),
  );
  if (pending.results.length === 0) return 0;
  const statements: D1PreparedStatement[] = [];
  for (const r of pending.results) {
    const mail = await build({ subscriberId: r.subscriber_id, language: r.language });
    const mailId = newId();
    statements.push(
      d1
        .prepare(
          `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, created_on, list_unsubscribe)
           SELECT ?1, ?2, 'campaign', r.email, ?3, ?4, ?5, ?6, ?9 FROM campaign_recipients r JOIN mailing_list_subscribers s ON s.id = r.subscriber_id
           WHERE r.campaign_id = ?7 AND r.subscriber_id = ?8 AND r.state = 'pending' AND s.status = 'confirmed'`,
        )
        .bind(mailId, c.website_id, mail.subject, mail.text, mail.html, now, c.id, r.subscriber_id, mail.listUnsubscribe),
      d1
        .prepare(
          `UPDATE campaign_recipients SET
             state = CASE WHEN EXISTS (SELECT 1 FROM mail_outbox WHERE id = ?3) THEN 'queued' ELSE 'skipped' END,
             mail_id = (SELECT id FROM mail_outbox WHERE id = ?3), queued_on = ?4
           WHERE campaign_id = ?1 AND subscriber_id = ?2 AND state = 'pending'`,
        )
        .bind(c.id, r.subscriber_id, mailId, now),
    );
  }
  statements.push(
    d1.prepare("UPDATE campaigns SET sent_count = (SELECT count(*) FROM campaign_recipients WHERE campaign_id = ?1 AND state = 'queued') WHERE id = ?1").bind(c.id),
  );
  if (dieBeforeCommit) throw new TestStopError(`campaign ${c.id}: stopped before committing a batch (CAMPAIGN_TEST_STOP_AFTER_BATCHES)`);
  await query(() => retryBusy(() => d1.batch(statements)));
  return pending.results.length;
}

/** The Cron Trigger's campaign work at `now`; answers what it did. */
export async function runCampaignSends(db: Db, deps: SendDeps, now: number): Promise<{ started: number; queued: number; finished: number }> {
  const d1 = d1Of(db);
  const started = await query(() =>
    d1.prepare("UPDATE campaigns SET state = 'sending', version = version + 1, updated_on = ?1 WHERE state = 'scheduled' AND scheduled_for <= ?1").bind(now).run(),
  );
  const sending = await query(() =>
    d1
      .prepare(
        `SELECT c.id, c.website_id, c.list_id, c.subject, c.body_html, c.origin, c.expanded_on, w.title AS site_title, w.locale AS site_locale
         FROM campaigns c JOIN websites w ON w.id = c.website_id WHERE c.state = 'sending' ORDER BY c.updated_on LIMIT 5`,
      )
      .all<SendingRow>(),
  );
  let queued = 0;
  let finished = 0;
  let batches = 0;
  for (const c of sending.results) {
    if (c.list_id !== null && c.expanded_on === null) {
      while ((await expandStep(db, c, now)) > 0);
    }
    const build = await mailBuilder(
      db, { id: c.id, subject: c.subject, bodyHtml: c.body_html, listId: c.list_id, siteTitle: c.site_title ?? '', origin: c.origin ?? '', site: { id: c.website_id, locale: c.site_locale } }, deps.secret,
    );
    let took = 0;
    for (let i = 0; i < SEND_BATCHES_PER_RUN; i++) {
      const dieBeforeCommit = deps.stopAfterBatches !== undefined && batches >= deps.stopAfterBatches;
      took = c.list_id === null ? 0 : await sendStep(db, c, build, now, dieBeforeCommit);
      if (took === 0) break;
      batches += 1;
      queued += took;
    }
    if (took === 0) {
      const done = await query(() =>
        d1
          .prepare(
            `UPDATE campaigns SET state = 'sent', sent_on = ?2, version = version + 1, updated_on = ?2
             WHERE id = ?1 AND state = 'sending' AND NOT EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_id = ?1 AND state = 'pending')`,
          )
          .bind(c.id, now)
          .run(),
      );
      finished += done.meta.changes ?? 0;
    }
  }
  return { started: started.meta.changes ?? 0, queued, finished };
}
