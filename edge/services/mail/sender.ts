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
 * A transactional mail claimable at `now`: queued, or 'sending' under a claim at least OUTBOX_CLAIM_LEASE_MS
 * old (or with no claim time: claimed before claims had one), i.e. held by a run that died. Due, not campaign mail.
 */
function outboxClaimable(now: EpochMs) {
  return and(
    ne(mailOutbox.kind, CAMPAIGN_KIND),
    or(
      eq(mailOutbox.status, 'queued'),
      and(eq(mailOutbox.status, 'sending'), or(isNull(mailOutbox.claimedOn), lte(mailOutbox.claimedOn, now - OUTBOX_CLAIM_LEASE_MS))),
    ),
    // A mail with a later send time (a review request) waits for it.
    or(isNull(mailOutbox.sendAfter), lte(mailOutbox.sendAfter, now)),
  );
}

/**
 * Sends up to `limit` queued mails (campaign mail aside) with `sender`, oldest first. Each row is claimed with
 * one atomic UPDATE … RETURNING (queued, or 'sending' past its lease -> 'sending', `claimed_on` = `now`) before
 * sending, so two drains never hold it at once; its outcome is written only while the row still carries this
 * claim. A run that dies after a claim leaves the mail 'sending' for OUTBOX_CLAIM_LEASE_MS; the first run after
 * that takes it again (docs/mail.md "A run that dies"). A run claims nothing more after half the lease
 * (`elapsed`: ms since the run began, the real clock by default), so a live run's claim is never taken from it.
 */
export async function drainOutbox(
  db: Db, sender: MailSender, now: EpochMs, limit = 20, envelopeFor: (websiteId: string) => Promise<MailEnvelope | undefined> = async () => undefined,
  elapsed: () => number = stopwatch(),
): Promise<{ sent: number; failed: number }> {
  if (sender === outboxOnlySender) return { sent: 0, failed: 0 };
  // The candidates, read once (a mail put back in the queue waits for the next run); each claim re-checks them.
  const due = await query(() => db.select({ id: mailOutbox.id }).from(mailOutbox).where(outboxClaimable(now)).orderBy(asc(mailOutbox.createdOn)).limit(limit));
  const ours = (id: string) => and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimedOn, now));
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    if (elapsed() > OUTBOX_CLAIM_LEASE_MS / 2) break;
    const [mail] = await query(() =>
      db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, claimedOn: now })
        .where(and(eq(mailOutbox.id, id), outboxClaimable(now)))
        .returning(),
    );
    if (!mail) continue;
    if (mail.attempts > MAX_ATTEMPTS) {
      // Retaken after its last try's run died: failed, not tried a sixth time.
      console.warn(`mail ${mail.id} (${mail.kind}) failed: its run died on the last of ${MAX_ATTEMPTS} attempts`);
      await query(() => db.update(mailOutbox).set({ status: 'failed' }).where(ours(mail.id)));
      failed += 1;
      continue;
    }
    try {
      await sender.send(mail, await envelopeFor(mail.websiteId));
    } catch (err) {
      console.warn(`mail ${mail.id} (${mail.kind}) not sent by ${sender.name}: ${err instanceof Error ? err.message : String(err)}`);
      const status = err instanceof MailRefusedError || mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      const failedRow = db.update(mailOutbox).set({ status }).where(ours(mail.id));
      // A bounced address leaves the site's lists in the same write (campaigns send only to confirmed addresses).
      if (err instanceof MailRefusedError && err.bounced) await query(() => db.batch([failedRow, markBounced(db, mail.websiteId, mail.toAddress)]));
      else await query(() => failedRow);
      failed += 1;
      continue;
    }
    // At least once: a run dying between the provider's acceptance and this write leaves the mail for a retake.
    await query(() => db.update(mailOutbox).set({ status: 'sent', sentOn: now }).where(ours(mail.id)));
    sent += 1;
  }
  return { sent, failed };
}

/** Campaign mails one claim takes (Postmark's batch API takes up to 500 a call). */
export const CAMPAIGN_DRAIN_BATCH = 250;
/** Claims a Cron run makes: 4 × 250 = 1,000 campaign mails a minute (docs/mail.md). */
export const CAMPAIGN_DRAIN_BATCHES_PER_RUN = 4;
/**
 * How long a claim of campaign mail is its run's: a claim this old whose mails are still
 * 'sending' belongs to a run that died, and the next run takes it again (docs/mail.md
 * "A run that dies"). A run stops calling the provider after half of it (CLAIM_SEND_WINDOW_MS),
 * so a live run's claim is never taken from it.
 */
export const CAMPAIGN_CLAIM_LEASE_MS = 10 * 60 * 1000;
const CLAIM_SEND_WINDOW_MS = CAMPAIGN_CLAIM_LEASE_MS / 2;
/** The lease of a claim of one transactional mail (`drainOutbox`), as long as a campaign claim's; a run claims no more after half of it. */
export const OUTBOX_CLAIM_LEASE_MS = 10 * 60 * 1000;

/**
 * ONE atomic UPDATE … RETURNING of up to CAMPAIGN_DRAIN_BATCH campaign mails, oldest first:
 * queued ones, and 'sending' ones whose claim is at least CAMPAIGN_CLAIM_LEASE_MS old (or has
 * no claim time: claimed before claims had one). Each row's claim time becomes `now`, which
 * is the claim's token: its outcomes are written only while the row still carries it.
 */
export async function claimCampaignMail(db: Db, now: EpochMs): Promise<OutboxRow[]> {
  const claimable = and(
    eq(mailOutbox.kind, CAMPAIGN_KIND),
    or(
      eq(mailOutbox.status, 'queued'),
      and(eq(mailOutbox.status, 'sending'), or(isNull(mailOutbox.claimedOn), lte(mailOutbox.claimedOn, now - CAMPAIGN_CLAIM_LEASE_MS))),
    ),
    or(isNull(mailOutbox.sendAfter), lte(mailOutbox.sendAfter, now)),
  );
  const due = db.select({ id: mailOutbox.id }).from(mailOutbox).where(claimable).orderBy(asc(mailOutbox.createdOn)).limit(CAMPAIGN_DRAIN_BATCH);
  return query(() =>
    db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, claimedOn: now })
      .where(and(inArray(mailOutbox.id, due), claimable))
      .returning(),
  );
}

/** The provider calls of one site's claimed mails: Postmark-style batches, or one mail a call. */
function providerCalls(sender: MailSender, mails: readonly OutboxRow[]): OutboxRow[][] {
  const size = sender.sendBatch ? Math.max(1, sender.batchLimit ?? mails.length) : 1;
  const calls: OutboxRow[][] = [];
  for (let i = 0; i < mails.length; i += size) calls.push(mails.slice(i, i + size));
  return calls;
}

/** One provider call's outcomes, in order: null accepted, else the error. */
async function sendCall(sender: MailSender, mails: readonly OutboxRow[], envelope: MailEnvelope | undefined): Promise<(Error | null)[]> {
  try {
    if (sender.sendBatch) return await sender.sendBatch(mails, envelope);
    await sender.send(mails[0]!, envelope);
    return [null];
  } catch (err) {
    // The whole call failed (network, 5xx, a bad token): every mail of it has that outcome.
    return mails.map(() => (err instanceof Error ? err : new Error(String(err))));
  }
}

/**
 * Campaign mail, in batches: each claim is ONE atomic UPDATE … RETURNING (`claimCampaignMail`),
 * so two overlapping Cron runs never hold the same row and no recipient gets a mail twice; the
 * claimed mails of each site go to the provider in batch calls, and each call's outcomes are
 * written in one D1 batch as soon as it answers (sent; a failure back to the queue, or failed
 * after MAX_ATTEMPTS or a refusal; a bounce marks the address), only on rows still holding this
 * claim. A run that dies leaves its unanswered mails 'sending' until the lease ends; the next
 * run after that takes them again. Up to CAMPAIGN_DRAIN_BATCHES_PER_RUN claims a run; a
 * temporary failure ends the run (the mail waits for the next minute's, as in `drainOutbox`).
 * `elapsed` (ms since the run began; the real clock by default) stops provider calls past
 * CLAIM_SEND_WINDOW_MS: the claim's unsent mails go back to the queue.
 */
export async function drainCampaignMail(
  db: Db, sender: MailSender, now: EpochMs, envelopeFor: (websiteId: string) => Promise<MailEnvelope | undefined> = async () => undefined,
  batches = CAMPAIGN_DRAIN_BATCHES_PER_RUN, elapsed: () => number = stopwatch(),
): Promise<{ sent: number; failed: number; batches: number }> {
  const result = { sent: 0, failed: 0, batches: 0 };
  if (sender === outboxOnlySender) return result;
  const ours = (id: string) => and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimedOn, now));
  for (let b = 0; b < batches; b++) {
    const claimed = await claimCampaignMail(db, now);
    if (claimed.length === 0) break;
    result.batches += 1;
    const bySite = new Map<string, OutboxRow[]>();
    for (const mail of claimed) bySite.set(mail.websiteId, [...(bySite.get(mail.websiteId) ?? []), mail]);
    let retried = 0;
    let outOfTime = false;
    for (const [websiteId, mails] of bySite) {
      const envelope = await envelopeFor(websiteId);
      for (const call of providerCalls(sender, mails)) {
        if (outOfTime || elapsed() > CLAIM_SEND_WINDOW_MS) {
          // Too late to send within the lease: back to the queue, untried (the claim's attempt undone).
          outOfTime = true;
          const ids = JSON.stringify(call.map((m) => m.id));
          await query(() =>
            db
              .update(mailOutbox)
              .set({ status: 'queued', attempts: sql`${mailOutbox.attempts} - 1` })
              .where(and(sql`${mailOutbox.id} IN (SELECT value FROM json_each(${ids}))`, eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimedOn, now))),
          );
          continue;
        }
        const outcomes = await sendCall(sender, call, envelope);
        const sentIds: string[] = [];
        const writes = [];
        call.forEach((mail, i) => {
          const err = outcomes[i] ?? null;
          if (!err) return void sentIds.push(mail.id);
          console.warn(`mail ${mail.id} (${mail.kind}) not sent by ${sender.name}: ${err.message}`);
          const status = err instanceof MailRefusedError || mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
          if (status === 'queued') retried += 1;
          writes.push(db.update(mailOutbox).set({ status }).where(ours(mail.id)));
          if (err instanceof MailRefusedError && err.bounced) writes.push(markBounced(db, mail.websiteId, mail.toAddress));
          result.failed += 1;
        });
        // One bound parameter for all the sent ids (D1 allows 100 a statement).
        if (sentIds.length) {
          const ids = JSON.stringify(sentIds);
          writes.push(
            db
              .update(mailOutbox)
              .set({ status: 'sent', sentOn: now })
              .where(and(sql`${mailOutbox.id} IN (SELECT value FROM json_each(${ids}))`, eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimedOn, now))),
          );
        }
        result.sent += sentIds.length;
        const [first, ...rest] = writes;
        if (first) await query(() => db.batch([first, ...rest]));
      }
    }
    // The queue is empty, the provider failed some (they wait for the next minute's run), or the time is up.
    if (outOfTime || retried > 0 || claimed.length < CAMPAIGN_DRAIN_BATCH) break;
  }
  return result;
}

/** Milliseconds since the call (Date.now moves on after each I/O in a Worker). */
function stopwatch(): () => number {
  const start = Date.now();
  return () => Date.now() - start;
}
