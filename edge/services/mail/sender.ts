import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
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

/** Tries per mail, one per drain (the Cron Trigger runs every minute), before it is marked failed. */
export const MAX_ATTEMPTS = 5;

/**
 * Sends up to `limit` queued mails with `sender`. Each row is claimed with one atomic
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
      // A mail with a later send time (a review request) waits for it.
      .where(and(eq(mailOutbox.status, 'queued'), or(isNull(mailOutbox.sendAfter), lte(mailOutbox.sendAfter, now))))
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
