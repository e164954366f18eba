import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';

/** What kind of mail a row is (the owner's outbox screen filters by it). */
export type MailKind = 'verify-email' | 'password-reset' | 'sign-up-existing' | 'invitation' | (string & {});

export interface OutgoingMail {
  websiteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Queues a mail: one INSERT into the D1 outbox, never a call to a mail provider, so the
 * caller's request never waits on (or fails with) mail delivery. A sender drains the
 * outbox separately (edge/services/mail/sender.ts).
 * @example await queueMail(db, { websiteId, to: 'a@b.test', subject: 'Hi', text: 'Hello', kind: 'verify-email' })
 */
export async function queueMail(db: Db, mail: OutgoingMail, now: EpochMs = Date.now()): Promise<string> {
  const id = newId();
  await query(() =>
    db.insert(mailOutbox).values({
      id,
      websiteId: mail.websiteId,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      createdOn: now,
    }),
  );
  return id;
}

/** A site's outbox, newest first (the owner's outbox screen). */
export async function listOutbox(db: Db, websiteId: string, options: { limit?: number; to?: string } = {}): Promise<OutboxRow[]> {
  const where = options.to
    ? and(eq(mailOutbox.websiteId, websiteId), eq(mailOutbox.toAddress, options.to))
    : eq(mailOutbox.websiteId, websiteId);
  return query(() =>
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdOn), desc(mailOutbox.id))
      .limit(options.limit ?? 50),
  );
}
