import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { mailOutbox } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { decodeCursor, encodeCursor, type Page } from '../restock/signups.js';

/** What kind of mail a row is (the owner's outbox screen filters by it). */
export type MailKind = 'verify-email' | 'password-reset' | 'sign-up-existing' | 'invitation' | (string & {});

export interface OutgoingMail {
  websiteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** The order the mail is about (a renewal's order): the owner's order detail lists it. */
  orderId?: string;
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
      orderId: mail.orderId ?? null,
    }),
  );
  return id;
}

/** The owner's outbox listing: filters, search and the cursor of the page before. */
export interface OutboxQuery {
  limit?: number;
  /** Exactly this recipient (lower case). */
  to?: string | undefined;
  /** Case-insensitive text in the recipient or the subject. */
  search?: string | undefined;
  kind?: string | undefined;
  status?: string | undefined;
  /** `nextPageCursor` of the page before. */
  cursor?: string | undefined;
}

function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * A site's outbox, newest first (the owner's outbox screen), paged by (createdOn, id) along
 * `mail_outbox_website_created_idx`; `limit` + 1 rows are read to know whether a next page exists.
 */
export async function listOutboxPage(db: Db, websiteId: string, options: OutboxQuery = {}): Promise<Page<OutboxRow>> {
  const limit = options.limit ?? 50;
  const after = decodeCursor(options.cursor) as [number, string] | undefined;
  const needle = options.search ? `%${escapeLike(options.search)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(mailOutbox.websiteId, websiteId),
    options.to ? eq(mailOutbox.toAddress, options.to) : undefined,
    options.kind ? eq(mailOutbox.kind, options.kind) : undefined,
    options.status ? eq(mailOutbox.status, options.status) : undefined,
    needle ? or(sql`lower(${mailOutbox.toAddress}) like ${needle} escape '\\'`, sql`lower(${mailOutbox.subject}) like ${needle} escape '\\'`) : undefined,
    after ? or(lt(mailOutbox.createdOn, Number(after[0])), and(eq(mailOutbox.createdOn, Number(after[0])), lt(mailOutbox.id, String(after[1])))) : undefined,
  ];
  const rows = await query(() =>
    db
      .select()
      .from(mailOutbox)
      .where(and(...conditions))
      .orderBy(desc(mailOutbox.createdOn), desc(mailOutbox.id))
      .limit(limit + 1),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNextPage = rows.length > limit;
  return { rows: page, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor([last.createdOn, last.id]) : null };
}

/** A site's outbox, newest first: the first page of `listOutboxPage`. */
export async function listOutbox(db: Db, websiteId: string, options: { limit?: number; to?: string } = {}): Promise<OutboxRow[]> {
  return (await listOutboxPage(db, websiteId, options)).rows;
}
