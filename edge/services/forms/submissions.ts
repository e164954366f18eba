import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { SubmissionStatus } from '../../../schema/form-submissions.js';
import { randomToken } from '../../lib/random-token.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { d1Of, retryBusy } from './d1.js';
import { formSubmittedStatements } from '../webhooks/fact-events.js';
import type { SanitizedValue } from '../../../domain/forms/form-field.js';

/** Faster than this from key to submission is not a person typing (SPEC-free bot defence). */
export const MIN_FILL_MS = 3000;

export interface NewSubmission {
  websiteId: string;
  formId: string;
  keyHash: string;
  visitorHash: string;
  values: Record<string, SanitizedValue>;
  page: { title?: string | undefined; id?: string | undefined; contentSource?: string | undefined; path?: string | undefined; permissionTypeValue?: number | undefined };
  /** A reason already known to make the submission suspect (a filled honeypot). */
  suspectReason?: string | undefined;
  /** The owner's notification, queued in the same batch when the submission is stored as received. */
  notify?: { to: readonly string[]; cc: readonly string[]; bcc: readonly string[]; subject: string; text: string } | undefined;
  /**
   * The form's mailing-list sign-up (subscriber upsert and confirmation mail), written in the
   * same batch and only when the submission (id given) is stored as received.
   */
  listSignUp?: ((submissionId: string) => D1PreparedStatement[]) | undefined;
  now: number;
}

/**
 * `replayed`: the key already stored this visitor's submission (a retry whose first answer
 * was lost): the caller answers the original success again, nothing is stored twice.
 */
export type StoreOutcome = { stored: true; id: string; status: SubmissionStatus; heldReason: string | null } | { stored: false; replayed: boolean };

/** Every value flattened to one lower-case line, so the owner's search is one LIKE. */
export function searchText(values: Record<string, SanitizedValue>): string {
  const flat = Object.values(values).flatMap((v) =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v : Object.entries(v).map(([q, a]) => `${q} ${a}`),
  );
  return flat.join(' ').toLowerCase();
}

/**
 * Stores a submission and consumes its key in one atomic batch. The INSERT selects from
 * the key row (right site, right visitor, unused, unexpired), so a bad key inserts
 * nothing; the UNIQUE key hash makes a concurrent replay insert nothing as well. The
 * time-to-fill verdict is computed from the key's issue time inside the same statement.
 * Suspect submissions are stored with status 'held' (never dropped).
 */
export async function storeSubmission(db: Db, s: NewSubmission): Promise<StoreOutcome> {
  const id = randomToken(12);
  const suspect = s.suspectReason ?? null;
  const tooFast = s.now - MIN_FILL_MS;
  const d1 = d1Of(db);
  const [inserted] = await query(() => retryBusy(() =>
    d1.batch<{ status: SubmissionStatus; held_reason: string | null }>([
      d1.prepare(`
        INSERT INTO form_submissions (id, website_id, form_id, key_hash, "values", search_text, page_title, page_id,
          content_source, page_path, page_permission_type_value, status, held_reason, created_on)
        SELECT ?1, ?2, ?3, key_hash, ?4, ?5, ?6, ?7, ?8, ?9, ?10,
          CASE WHEN ?11 IS NOT NULL OR issued_on > ?12 THEN 'held' ELSE 'received' END,
          CASE WHEN ?11 IS NOT NULL THEN ?11 WHEN issued_on > ?12 THEN 'too-fast' END,
          ?13
        FROM form_keys
        WHERE key_hash = ?14 AND website_id = ?2 AND visitor_hash = ?15 AND used_on IS NULL AND expires_on > ?13
        ON CONFLICT (key_hash) DO NOTHING
        RETURNING status, held_reason`).bind(
        id, s.websiteId, s.formId, JSON.stringify(s.values), searchText(s.values), s.page.title ?? null, s.page.id ?? null,
        s.page.contentSource ?? null, s.page.path ?? null, s.page.permissionTypeValue ?? null, suspect, tooFast, s.now,
        s.keyHash, s.visitorHash,
      ),
      d1.prepare(`UPDATE form_keys SET used_on = ?1 WHERE key_hash = ?2 AND visitor_hash = ?3 AND used_on IS NULL AND expires_on > ?1`)
        .bind(s.now, s.keyHash, s.visitorHash),
      // The owner's notice exists exactly when a received submission does (docs/crash-safety.md).
      // One message: To, Cc and Bcc on one outbox row.
      ...(s.notify ? [s.notify] : []).map((n) =>
        d1.prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, cc_address, bcc_address, subject, text_body, created_on)
          SELECT ?1, ?2, 'form-notification', ?3, ?4, ?5, ?6, ?7, ?8 FROM form_submissions WHERE id = ?9 AND status = 'received'`)
          .bind(newId(), s.websiteId, n.to.join(', '), n.cc.join(', ') || null, n.bcc.join(', ') || null, n.subject, n.text, s.now, id),
      ),
      // The webhook event, likewise only for a received submission (edge/services/webhooks).
      ...formSubmittedStatements(d1, { websiteId: s.websiteId, submissionId: id, formId: s.formId, values: s.values, pagePath: s.page.path ?? null }, s.now),
      ...(s.listSignUp ? s.listSignUp(id) : []),
    ])),
  );
  const row = inserted!.results[0];
  if (row) return { stored: true, id, status: row.status, heldReason: row.held_reason };
  return { stored: false, replayed: await storedWithKey(db, s) };
}

/**
 * Whether this key (issued to this visitor, for this site) already stored a submission: a
 * replay, answered with the stored success before any rate budget is spent (issue 35).
 */
export async function storedWithKey(db: Db, s: { keyHash: string; websiteId: string; visitorHash: string }): Promise<boolean> {
  const d1 = d1Of(db);
  const row = await query(() =>
    d1.prepare(`SELECT 1 AS found FROM form_submissions f JOIN form_keys k ON k.key_hash = f.key_hash
      WHERE f.key_hash = ?1 AND f.website_id = ?2 AND k.visitor_hash = ?3 AND k.website_id = ?2`)
      .bind(s.keyHash, s.websiteId, s.visitorHash).first<{ found: number }>(),
  );
  return row !== null;
}
