import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { mailingListSubscribers, mailOutbox } from '../../../schema/index.js';
import { normalizeEmail } from '../../../domain/forms/email.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';
import type { OutboxRow } from './outbox.js';

/**
 * Hands queued mail to a provider. A deployment plugs in its provider (an HTTP mail API);
 * the local default keeps mail in the outbox, where the owner's outbox screen and the
 * tests read it.
 */
export interface MailSender {
  readonly name: string;
  /** Delivers one mail; throws when the provider refuses it. `envelope` is the site's sender name and reply-to. */
  send(mail: OutboxRow, envelope?: MailEnvelope): Promise<void>;
  /**
   * Delivers several mails of one site in one provider call (Postmark's batch API), at most
   * `batchLimit`; answers each mail's outcome in order: null accepted, or the error `send`
   * would have thrown. Absent: the campaign drain sends them one by one.
   */
  sendBatch?(mails: readonly OutboxRow[], envelope?: MailEnvelope): Promise<(Error | null)[]>;
  readonly batchLimit?: number;
}

/** The site's commerce preferences `email`: the From display name and the Reply-To address ('' = none). */
export interface MailEnvelope {
  senderName: string;
  replyTo: string;
}

/** The local default: delivery is "it sits in the outbox", nothing leaves the machine. */
export const outboxOnlySender: MailSender = {
  name: 'outbox-only',
  async send() {},
};

/**
 * A provider refused a mail for good (bad address, rejected sender): it is not retried.
 * `bounced`: the refusal is of the recipient's address itself (it hard-bounced before or
 * is not a mailbox), so the site's mailing lists stop sending to it.
 */
export class MailRefusedError extends Error {
  override readonly name = 'MailRefusedError';
  constructor(
    message: string,
    readonly bounced = false,
  ) {
    super(message);
  }
}

/** The site's subscribers at an address the provider refused for good, marked bounced (unsubscribed ones stay so). */
function markBounced(db: Db, websiteId: string, address: string) {
  return db
    .update(mailingListSubscribers)
    .set({ status: 'bounced' })
    .where(and(eq(mailingListSubscribers.websiteId, websiteId), eq(mailingListSubscribers.email, normalizeEmail(address)), inArray(mailingListSubscribers.status, ['pending', 'confirmed'])));
}

/** The outbox kind of campaign mail (edge/services/campaigns/send.ts): drained in batches by `drainCampaignMail`. */
export const CAMPAIGN_KIND = 'campaign';

/** Tries per mail, one per drain (the Cron Trigger runs every minute), before it is marked failed. */
export const MAX_ATTEMPTS = 5;

/**
 * Sends up to `limit` queued mails (campaign mail aside) with `sender`. Each row is claimed with one atomic
 * UPDATE (status queued -> sending) before sending, so two drains never send it twice.
 */
export async function drainOutbox(
  db: Db, sender: MailSender, now: EpochMs, limit = 20, envelopeFor: (websiteId: string) => Promise<MailEnvelope | undefined> = async () => undefined,
): Promise<{ sent: number; failed: number }> {
  if (sender === outboxOnlySender) return { sent: 0, failed: 0 };
  const queued = await query(() =>
    db
      .select()
      .from(mailOutbox)
      // A mail with a later send time (a review request) waits for it; campaign mail has its own batched drain.
      .where(and(eq(mailOutbox.status, 'queued'), ne(mailOutbox.kind, CAMPAIGN_KIND), or(isNull(mailOutbox.sendAfter), lte(mailOutbox.sendAfter, now))))
      .orderBy(asc(mailOutbox.createdOn))
      .limit(limit),
  );
  let sent = 0;
  let failed = 0;
  for (const mail of queued) {
    const claimed = await query(() =>
      db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'queued')))
        .returning({ attempts: mailOutbox.attempts }),
    );
    if (claimed.length === 0) continue;
    try {
      await sender.send(mail, await envelopeFor(mail.websiteId));
      await query(() => db.update(mailOutbox).set({ status: 'sent', sentOn: now }).where(eq(mailOutbox.id, mail.id)));
      sent += 1;
    } catch (err) {
      console.warn(`mail ${mail.id} (${mail.kind}) not sent by ${sender.name}: ${err instanceof Error ? err.message : String(err)}`);
      const status = err instanceof MailRefusedError || claimed[0]!.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      const failedRow = db.update(mailOutbox).set({ status }).where(eq(mailOutbox.id, mail.id));
      // A bounced address leaves the site's lists in the same write (campaigns send only to confirmed addresses).
      if (err instanceof MailRefusedError && err.bounced) await query(() => db.batch([failedRow, markBounced(db, mail.websiteId, mail.toAddress)]));
      else await query(() => failedRow);
      failed += 1;
    }
  }
  return { sent, failed };
}

/** Campaign mails one claim takes (Postmark's batch API takes up to 500 a call). */
export const CAMPAIGN_DRAIN_BATCH = 250;
/** Claims a Cron run makes: 4 × 250 = 1,000 campaign mails a minute (docs/mail.md). */
export const CAMPAIGN_DRAIN_BATCHES_PER_RUN = 4;

/** Each mail's outcome: the provider's batch call, or one `send` each. */
async function sendAll(sender: MailSender, mails: readonly OutboxRow[], envelope: MailEnvelope | undefined): Promise<(Error | null)[]> {
  if (sender.sendBatch) {
    const limit = Math.max(1, sender.batchLimit ?? mails.length);
    const out: (Error | null)[] = [];
    for (let i = 0; i < mails.length; i += limit) {
      const chunk = mails.slice(i, i + limit);
      try {
        out.push(...(await sender.sendBatch(chunk, envelope)));
      } catch (err) {
        // The whole call failed (network, 5xx, a bad token): every mail of it has that outcome.
        out.push(...chunk.map(() => (err instanceof Error ? err : new Error(String(err)))));
      }
    }
    return out;
  }
  const out: (Error | null)[] = [];
  for (const mail of mails) {
    try {
      await sender.send(mail, envelope);
      out.push(null);
    } catch (err) {
      out.push(err instanceof Error ? err : new Error(String(err)));
    }
  }
  return out;
}

/**
 * Campaign mail, in batches: each claim is ONE atomic UPDATE … RETURNING of up to
 * CAMPAIGN_DRAIN_BATCH queued rows (queued -> sending), so two overlapping Cron runs never
 * hold the same row and no recipient gets a mail twice; the claimed mails of each site go to
 * the provider in batch calls; the outcomes are written in one D1 batch (sent; a failure back
 * to the queue, or failed after MAX_ATTEMPTS or a refusal; a bounce marks the address).
 * Up to CAMPAIGN_DRAIN_BATCHES_PER_RUN claims a run; a temporary failure ends the run (the
 * mail waits for the next minute's, as in `drainOutbox`).
 */
export async function drainCampaignMail(
  db: Db, sender: MailSender, now: EpochMs, envelopeFor: (websiteId: string) => Promise<MailEnvelope | undefined> = async () => undefined,
  batches = CAMPAIGN_DRAIN_BATCHES_PER_RUN,
): Promise<{ sent: number; failed: number; batches: number }> {
  const result = { sent: 0, failed: 0, batches: 0 };
  if (sender === outboxOnlySender) return result;
  for (let b = 0; b < batches; b++) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), eq(mailOutbox.kind, CAMPAIGN_KIND), or(isNull(mailOutbox.sendAfter), lte(mailOutbox.sendAfter, now))))
      .orderBy(asc(mailOutbox.createdOn))
      .limit(CAMPAIGN_DRAIN_BATCH);
    const claimed = await query(() =>
      db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'queued')))
        .returning(),
    );
    if (claimed.length === 0) break;
    result.batches += 1;
    const bySite = new Map<string, OutboxRow[]>();
    for (const mail of claimed) bySite.set(mail.websiteId, [...(bySite.get(mail.websiteId) ?? []), mail]);
    const sentIds: string[] = [];
    let retried = 0;
    const writes = [];
    for (const [websiteId, mails] of bySite) {
      const outcomes = await sendAll(sender, mails, await envelopeFor(websiteId));
      mails.forEach((mail, i) => {
        const err = outcomes[i] ?? null;
        if (!err) return void sentIds.push(mail.id);
        console.warn(`mail ${mail.id} (${mail.kind}) not sent by ${sender.name}: ${err.message}`);
        const status = err instanceof MailRefusedError || mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
        if (status === 'queued') retried += 1;
        writes.push(db.update(mailOutbox).set({ status }).where(eq(mailOutbox.id, mail.id)));
        if (err instanceof MailRefusedError && err.bounced) writes.push(markBounced(db, mail.websiteId, mail.toAddress));
        result.failed += 1;
      });
    }
    // One bound parameter for all the sent ids (D1 allows 100 a statement).
    if (sentIds.length) writes.push(db.update(mailOutbox).set({ status: 'sent', sentOn: now }).where(sql`${mailOutbox.id} IN (SELECT value FROM json_each(${JSON.stringify(sentIds)}))`));
    result.sent += sentIds.length;
    const [first, ...rest] = writes;
    if (first) await query(() => db.batch([first, ...rest]));
    // The queue is empty, or the provider failed some: those wait for the next minute's run, not this one.
    if (retried > 0 || claimed.length < CAMPAIGN_DRAIN_BATCH) break;
  }
  return result;
}
