import { sql } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../schema/mailing-lists.js';
import { randomToken } from '../../lib/random-token.js';
import { query, type Db } from '../db.js';
import { normalizeEmail } from '../../../domain/forms/email.js';
import { sha256Hex } from '../forms/hash.js';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { newId } from '../accounts/tokens.js';
import { d1Of, retryBusy } from '../forms/d1.js';
import type { SiteRecord } from '../websites.js';
import { unsubscribeSignature, verifyUnsubscribeSignature } from './signing.js';
import { newsletterSubscribedStatements } from '../webhooks/fact-events.js';
import type { MailLanguage } from '../multilingual/mail-language.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';
import { mailingListName } from '../multilingual/texts.js';

export interface SubscribeInput {
  site: SiteRecord;
  listId: string;
  email: string;
  origin: string;
  now: number;
  /**
   * The language of the page signed up on, when an added one the site publishes (issue 29): the
   * confirmation mail is in its words and its links open the pages under its prefix (`/fr`).
   */
  language?: (Pick<MailLanguage, 'code' | 'prefix' | 'texts'> & Partial<Pick<MailLanguage, 'table'>>) | undefined;
}

/** The signed unsubscribe link of a subscriber (page type 300). */
export async function unsubscribeLink(db: Db, origin: string, listId: string, subscriberId: string, prefix = ''): Promise<string> {
  const sig = await unsubscribeSignature(db, listId, subscriberId);
  return `${origin}${prefix}/newsletter/unsubscribe?s=${encodeURIComponent(subscriberId)}&sig=${encodeURIComponent(sig)}`;
}

/** At most one confirmation mail per address and list within this time (issue 33, finding 2). */
export const CONFIRMATION_COOL_DOWN_MS = 24 * 60 * 60 * 1000;

/**
 * Adds an address to a list with double opt-in. A new address becomes 'pending' and is
 * mailed a confirmation link; a pending or unsubscribed one is mailed a fresh link (the old
 * one stops working) only when its last confirmation mail is older than the cool-down, and
 * keeps its status: an unsubscribed address stays unsubscribed until that link is
 * followed. A confirmed one stays as it is and gets no mail. One atomic batch decides and
 * queues the mail (listSignUpStatements), so concurrent sign-ups of one address are one
 * subscriber and at most one mail, and a crash never leaves a sign-up whose mail is lost.
 */
export async function subscribeToList(db: Db, input: SubscribeInput): Promise<SubscriberStatus> {
  const d1 = d1Of(db);
  const signUp = await listSignUpStatements(db, input);
  await query(() => retryBusy(() => d1.batch(signUp(null))));
  const row = await query(() =>
    db.get<{ status: SubscriberStatus }>(sql`SELECT status FROM mailing_list_subscribers WHERE list_id = ${input.listId} AND email = ${normalizeEmail(input.email)}`),
  );
  return row?.status ?? 'pending';
}

/**
 * The two statements of a list sign-up, for the caller's own batch (issue 35: a form's list
 * sign-up is written with the submission that asks for it): the subscriber upsert (the rules
 * of subscribeToList) and its confirmation mail, an outbox row inserted only when the upsert
 * of this very batch set its fresh confirmation token. `gate`: a form submission id, when the
 * sign-up must happen only if that submission is stored in the same batch as received (not
 * held for review). Reads what the mail needs first (the subscriber's id for its signed
 * unsubscribe link, the list's name); nothing is written until the batch runs.
 */
export async function listSignUpStatements(db: Db, input: SubscribeInput): Promise<(gate: string | null) => D1PreparedStatement[]> {
  const d1 = d1Of(db);
  const email = normalizeEmail(input.email);
  const token = randomToken(24);
  const tokenHash = await sha256Hex(token);
  const known = await query(() =>
    db.get<{ id: string | null; name: string | null }>(sql`
      SELECT (SELECT id FROM mailing_list_subscribers WHERE list_id = ${input.listId} AND email = ${email}) AS id,
             (SELECT name FROM mailing_lists WHERE id = ${input.listId}) AS name`),
  );
  // A racing first sign-up may insert the address under its own id: then this batch's token is
  // not stored, its mail (which names this id) is not queued, and the other one's mail goes out.
  const subscriberId = known?.id ?? randomToken(12);
  // The list's name in the mail's language where the owner translated it (lang27).
  const listName = mailingListName(input.language?.table, input.listId, known?.name ?? '');
  const prefix = input.language?.prefix ?? '';
  const t = input.language?.texts ?? storeTexts();
  const confirm = `${input.origin}${prefix}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const unsubscribe = await unsubscribeLink(db, input.origin, input.listId, subscriberId, prefix);
  const subject = fillText(t.mailNewsletterSubject, { list: listName });
  const text = `${fillText(t.mailNewsletterConfirm, { list: listName, site: input.site.title })}\n${confirm}\n\n${fillText(t.mailNewsletterIgnore, { url: unsubscribe })}`;
  return (gate) => [
    d1
      .prepare(
        // The language goes with the confirmation mail: a re-sign-up that mails a fresh link
        // takes its page's language; a confirmed subscriber keeps the one confirmed in (lang26).
        `INSERT INTO mailing_list_subscribers (id, website_id, list_id, email, status, confirm_token_hash, confirm_mailed_on, created_on, language)
         SELECT ?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?6, ?9 WHERE ?8 IS NULL OR EXISTS (SELECT 1 FROM form_submissions WHERE id = ?8 AND status = 'received')
         ON CONFLICT (list_id, email) DO UPDATE SET
           confirm_token_hash = excluded.confirm_token_hash,
           confirm_mailed_on = excluded.confirm_mailed_on,
           language = excluded.language
         WHERE status != 'confirmed' AND (confirm_mailed_on IS NULL OR confirm_mailed_on <= ?7)`,
      )
      .bind(subscriberId, input.site.id, input.listId, email, tokenHash, input.now, input.now - CONFIRMATION_COOL_DOWN_MS, gate, input.language?.code ?? null),
    d1
      .prepare(
        `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on)
         SELECT ?1, ?2, 'newsletter-confirmation', ?3, ?4, ?5, ?6 FROM mailing_list_subscribers WHERE id = ?7 AND confirm_token_hash = ?8`,
      )
      .bind(newId(), input.site.id, email, subject, text, input.now, subscriberId, tokenHash),
  ];
}

export interface ListSubscriber {
  id: string;
  listId: string;
  listName: string;
  email: string;
  status: SubscriberStatus;
}

/** The subscriber a double opt-in link names, without confirming (the page showing its button). */
export async function peekSubscription(db: Db, websiteId: string, token: string): Promise<ListSubscriber | undefined> {
  const tokenHash = await sha256Hex(token);
  return query(() =>
    db.get<ListSubscriber>(sql`
      SELECT s.id, s.list_id AS listId, s.email, s.status, l.name AS listName
      FROM mailing_list_subscribers s JOIN mailing_lists l ON l.id = s.list_id
      WHERE s.confirm_token_hash = ${tokenHash} AND s.website_id = ${websiteId}`),
  );
}

/**
 * Follows a double opt-in link: the subscriber it names becomes confirmed (again: idempotent),
 * also after unsubscribing, since only a link mailed after that still matches.
 */
export async function confirmSubscription(db: Db, websiteId: string, token: string, now: number): Promise<ListSubscriber | undefined> {
  const tokenHash = await sha256Hex(token);
  const d1 = d1Of(db);
  // The newsletter.subscribed webhook event is in the same batch, only when this confirmation changed the status.
  const [confirmed] = await query(() =>
    d1.batch<ListSubscriber>([
      d1
        .prepare(
          `UPDATE mailing_list_subscribers SET confirmed_on = CASE WHEN status = 'confirmed' THEN confirmed_on ELSE ?3 END, status = 'confirmed'
           WHERE confirm_token_hash = ?1 AND website_id = ?2
           RETURNING id, list_id AS listId, email, status, (SELECT name FROM mailing_lists l WHERE l.id = list_id) AS listName`,
        )
        .bind(tokenHash, websiteId, now),
      ...newsletterSubscribedStatements(d1, websiteId, tokenHash, now),
    ]),
  );
  return confirmed!.results[0];
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

/**
 * Unsubscribes by signed link; true when the link was good (already unsubscribed counts).
 * The confirmation link mailed before stops working (its hash is replaced).
 */
export async function unsubscribe(db: Db, websiteId: string, subscriberId: string, signature: string, now: number): Promise<ListSubscriber | undefined> {
  const subscriber = await subscriberForLink(db, websiteId, subscriberId, signature);
  if (!subscriber) return undefined;
  const retired = await sha256Hex(randomToken(24));
  await query(() =>
    db.run(sql`UPDATE mailing_list_subscribers SET status = 'unsubscribed', unsubscribed_on = ${now}, confirm_token_hash = ${retired}
      WHERE id = ${subscriber.id} AND status != 'unsubscribed'`),
  );
  return { ...subscriber, status: 'unsubscribed' };
}
