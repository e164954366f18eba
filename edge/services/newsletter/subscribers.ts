import { sql } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../schema/mailing-lists.js';
import { randomToken } from '../../lib/random-token.js';
import { query, type Db } from '../db.js';
import { normalizeEmail } from '../../../domain/forms/email.js';
import { sha256Hex } from '../forms/hash.js';
import { queueFormMail } from '../forms/mail.js';
import type { SiteRecord } from '../websites.js';
import { unsubscribeSignature, verifyUnsubscribeSignature } from './signing.js';

export interface SubscribeInput {
  site: SiteRecord;
  listId: string;
  email: string;
  origin: string;
  now: number;
}

/** The signed unsubscribe link of a subscriber (page type 300). */
export async function unsubscribeLink(db: Db, origin: string, listId: string, subscriberId: string): Promise<string> {
  const sig = await unsubscribeSignature(db, listId, subscriberId);
  return `${origin}/newsletter/unsubscribe?s=${encodeURIComponent(subscriberId)}&sig=${encodeURIComponent(sig)}`;
}

/**
 * Adds an address to a list with double opt-in: a new (or unsubscribed, or still pending)
 * address becomes 'pending' with a fresh confirmation token mailed through the outbox; an
 * already confirmed one stays as it is and gets no mail. One atomic upsert per call, so
 * concurrent sign-ups of one address are one subscriber.
 */
export async function subscribeToList(db: Db, input: SubscribeInput): Promise<SubscriberStatus> {
  const email = normalizeEmail(input.email);
  const token = randomToken(24);
  const tokenHash = await sha256Hex(token);
  const row = await query(() =>
    db.get<{ id: string; status: SubscriberStatus; name: string }>(sql`
      INSERT INTO mailing_list_subscribers (id, website_id, list_id, email, status, confirm_token_hash, created_on)
      VALUES (${randomToken(12)}, ${input.site.id}, ${input.listId}, ${email}, 'pending', ${tokenHash}, ${input.now})
      ON CONFLICT (list_id, email) DO UPDATE SET
        confirm_token_hash = CASE WHEN status = 'confirmed' THEN confirm_token_hash ELSE excluded.confirm_token_hash END,
        status = CASE WHEN status = 'confirmed' THEN 'confirmed' ELSE 'pending' END
      RETURNING id, status, (SELECT name FROM mailing_lists WHERE id = ${input.listId}) AS name`),
  );
  if (!row) throw new Error('subscriber upsert returned nothing');
  if (row.status === 'pending') {
    const confirm = `${input.origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
    const unsubscribe = await unsubscribeLink(db, input.origin, input.listId, row.id);
    await queueFormMail(db, {
      websiteId: input.site.id,
      to: email,
      subject: `Confirm your subscription to ${row.name}`,
      text: `Please confirm that you want ${row.name} from ${input.site.title}:\n${confirm}\n\nDid not ask for this? Ignore this mail, or unsubscribe: ${unsubscribe}`,
      kind: 'newsletter-confirmation',
    });
  }
  return row.status;
}

export interface ListSubscriber {
  id: string;
  listId: string;
  listName: string;
  email: string;
  status: SubscriberStatus;
}

/** Follows a double opt-in link: the subscriber it names becomes confirmed (again: idempotent). */
export async function confirmSubscription(db: Db, websiteId: string, token: string, now: number): Promise<ListSubscriber | undefined> {
  const tokenHash = await sha256Hex(token);
  return query(() =>
    db.get<ListSubscriber>(sql`
      UPDATE mailing_list_subscribers SET status = 'confirmed', confirmed_on = COALESCE(confirmed_on, ${now})
      WHERE confirm_token_hash = ${tokenHash} AND website_id = ${websiteId} AND status IN ('pending', 'confirmed')
      RETURNING id, list_id AS listId, email, status, (SELECT name FROM mailing_lists l WHERE l.id = list_id) AS listName`),
  );
}

/** The subscriber a signed unsubscribe link names, when its signature holds. */
export async function subscriberForLink(db: Db, websiteId: string, subscriberId: string, signature: string): Promise<ListSubscriber | undefined> {
  const row = await query(() =>
    db.get<ListSubscriber>(sql`
      SELECT s.id, s.list_id AS listId, s.email, s.status, l.name AS listName
      FROM mailing_list_subscribers s JOIN mailing_lists l ON l.id = s.list_id
      WHERE s.id = ${subscriberId} AND s.website_id = ${websiteId}`),
  );
  if (!row || !(await verifyUnsubscribeSignature(db, row.listId, row.id, signature))) return undefined;
  return row;
}

/** Unsubscribes by signed link; true when the link was good (already unsubscribed counts). */
export async function unsubscribe(db: Db, websiteId: string, subscriberId: string, signature: string, now: number): Promise<ListSubscriber | undefined> {
  const subscriber = await subscriberForLink(db, websiteId, subscriberId, signature);
  if (!subscriber) return undefined;
  await query(() =>
    db.run(sql`UPDATE mailing_list_subscribers SET status = 'unsubscribed', unsubscribed_on = ${now}
      WHERE id = ${subscriber.id} AND status != 'unsubscribed'`),
  );
  return { ...subscriber, status: 'unsubscribed' };
}
