import type { D1PreparedStatement } from '@cloudflare/workers-types';
/**
 * The owner's mailing lists (SPEC §4; docs/api/forms.md, mailing lists): create, rename, the
 * forms connected to each (a newsletter form is what the newsletter block shows), the
 * subscribers with their double opt-in state, import with consent, and export.
 */
import type { SubscriberStatus } from '../../../schema/mailing-lists.js';
import { ApiError } from '../../errors.js';
import { randomToken } from '../../lib/random-token.js';
import { csvLine } from '../csv.js';
import { query, type Db } from '../db.js';
import { d1Of, retryBusy } from '../forms/d1.js';
import type { ImportedSubscriber } from '../../../domain/newsletter/subscriber-import.js';

export const LIST_MESSAGES = {
  notFound: 'That mailing list does not exist.',
  nameTaken: 'A mailing list with this name already exists.',
} as const;

export interface OwnerList {
  id: string;
  name: string;
  createdOn: number;
  counts: Record<SubscriberStatus, number>;
  connectedForms: { id: string; name: string; kind: string }[];
}

/** A form a list can be connected to (the newsletter block shows the site's first newsletter form). */
export interface ConnectableForm {
  id: string;
  name: string;
  kind: string;
  mailingListId: string | null;
}

/** The site's contact and newsletter forms with their lists, for the connect menu (no form-builder permission needed). */
export async function connectableForms(db: Db, websiteId: string): Promise<ConnectableForm[]> {
  const { results } = await query(() =>
    d1Of(db).prepare("SELECT id, name, kind, mailing_list_id FROM forms WHERE website_id = ?1 AND kind IN ('contact', 'newsletter') ORDER BY created_on, id").bind(websiteId).all<Row>(),
  );
  return results.map((r) => ({ id: r.id as string, name: r.name as string, kind: r.kind as string, mailingListId: (r.mailing_list_id as string | null) ?? null }));
}

export interface OwnerSubscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  createdOn: number;
  confirmedOn: number | null;
  unsubscribedOn: number | null;
}

type Row = Record<string, unknown>;

/** Every list of the site with its subscriber counts by status and the forms that feed it. */
export async function ownerLists(db: Db, websiteId: string): Promise<OwnerList[]> {
  const d1 = d1Of(db);
  const [lists, counts, connected] = await query(() =>
    d1.batch<Row>([
      d1.prepare('SELECT id, name, created_on FROM mailing_lists WHERE website_id = ?1 ORDER BY created_on, id').bind(websiteId),
      d1.prepare('SELECT list_id, status, count(*) AS n FROM mailing_list_subscribers WHERE website_id = ?1 GROUP BY list_id, status').bind(websiteId),
      d1.prepare("SELECT id, name, kind, mailing_list_id FROM forms WHERE website_id = ?1 AND mailing_list_id IS NOT NULL AND kind IN ('contact', 'newsletter') ORDER BY created_on, id").bind(websiteId),
    ]),
  );
  return lists!.results.map((l) => {
    const byStatus: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
    for (const c of counts!.results) if (c.list_id === l.id) byStatus[c.status as SubscriberStatus] = c.n as number;
    return {
      id: l.id as string,
      name: l.name as string,
      createdOn: l.created_on as number,
      counts: byStatus,
      connectedForms: connected!.results.filter((f) => f.mailing_list_id === l.id).map((f) => ({ id: f.id as string, name: f.name as string, kind: f.kind as string })),
    };
  });
}

export async function ownerList(db: Db, websiteId: string, listId: string): Promise<OwnerList> {
  const list = (await ownerLists(db, websiteId)).find((l) => l.id === listId);
  if (!list) throw new ApiError(404, 'list_not_found', LIST_MESSAGES.notFound);
  return list;
}

async function assertNameFree(db: Db, websiteId: string, name: string, except?: string): Promise<void> {
  const clash = await query(() =>
    d1Of(db).prepare('SELECT id FROM mailing_lists WHERE website_id = ?1 AND lower(name) = lower(?2) AND id IS NOT ?3').bind(websiteId, name, except ?? null).first(),
  );
  if (clash) throw new ApiError(409, 'list_name_taken', LIST_MESSAGES.nameTaken, { fields: { name: LIST_MESSAGES.nameTaken } });
}

export async function createList(db: Db, websiteId: string, name: string, now = Date.now()): Promise<OwnerList> {
  await assertNameFree(db, websiteId, name);
  const id = `list-${randomToken(9)}`;
  await query(() => d1Of(db).prepare('INSERT INTO mailing_lists (id, website_id, name, created_on) VALUES (?1, ?2, ?3, ?4)').bind(id, websiteId, name, now).run());
  return ownerList(db, websiteId, id);
}

export async function renameList(db: Db, websiteId: string, listId: string, name: string): Promise<OwnerList> {
  await assertNameFree(db, websiteId, name, listId);
  const { meta } = await query(() => d1Of(db).prepare('UPDATE mailing_lists SET name = ?3 WHERE id = ?1 AND website_id = ?2').bind(listId, websiteId, name).run());
  if (meta.changes === 0) throw new ApiError(404, 'list_not_found', LIST_MESSAGES.notFound);
  return ownerList(db, websiteId, listId);
}

export interface SubscriberQuery {
  status?: SubscriberStatus | undefined;
  search?: string | undefined;
  /** The email after which the page starts (the listing is by email). */
  after?: string | undefined;
  /** Newest-letter first (z to a) instead of a to z. */
  descending?: boolean | undefined;
  pageSize: number;
}

/** One page of a list's subscribers by email, filtered by status and a search of the address. */
export async function listSubscribers(db: Db, websiteId: string, listId: string, q: SubscriberQuery): Promise<{ rows: OwnerSubscriber[]; nextAfter: string | null }> {
  await ownerList(db, websiteId, listId);
  const like = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { results } = await query(() =>
    d1Of(db).prepare(`SELECT id, email, status, created_on, confirmed_on, unsubscribed_on FROM mailing_list_subscribers
      WHERE website_id = ?1 AND list_id = ?2 AND (?3 IS NULL OR status = ?3) AND (?4 IS NULL OR lower(email) LIKE ?4 ESCAPE '\\')
        AND (?5 IS NULL OR (CASE WHEN ?7 THEN email < ?5 ELSE email > ?5 END))
      ORDER BY email ${q.descending ? 'DESC' : 'ASC'} LIMIT ?6`).bind(websiteId, listId, q.status ?? null, like, q.after ?? null, q.pageSize + 1, q.descending ? 1 : 0).all<Row>(),
  );
  const rows = results.slice(0, q.pageSize).map((r) => ({
    id: r.id as string, email: r.email as string, status: r.status as SubscriberStatus, createdOn: r.created_on as number,
    confirmedOn: (r.confirmed_on as number | null) ?? null, unsubscribedOn: (r.unsubscribed_on as number | null) ?? null,
  }));
  return { rows, nextAfter: results.length > q.pageSize ? rows[rows.length - 1]!.email : null };
}

/** Rows per INSERT of an import: one JSON parameter of at most ~260 KB (D1: 2 MB per value, 100 KB of SQL). */
export const IMPORT_ROWS_PER_STATEMENT = 1000;

/**
 * Adds imported addresses as confirmed (the file's consent column is the owner's record of
 * their agreement). An address already on the list keeps its state: an unsubscribed person
 * is never re-subscribed by an import. Once the whole file has passed it is written as a few
 * INSERT ... SELECT FROM json_each statements of IMPORT_ROWS_PER_STATEMENT rows each (within
 * D1's per-statement limits, whatever the file's size), all in ONE batch: one transaction, so
 * a failure anywhere imports nothing (docs/api/forms.md: all or nothing).
 */
export async function importSubscribers(db: Db, websiteId: string, listId: string, people: readonly ImportedSubscriber[], now = Date.now()): Promise<{ added: number; kept: number }> {
  await ownerList(db, websiteId, listId);
  const d1 = d1Of(db);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < people.length; i += IMPORT_ROWS_PER_STATEMENT) {
    const rows = people.slice(i, i + IMPORT_ROWS_PER_STATEMENT).map((p) => [randomToken(12), p.email]);
    statements.push(
      d1
        .prepare(
          `INSERT INTO mailing_list_subscribers (id, website_id, list_id, email, status, confirm_token_hash, created_on, confirmed_on)
           SELECT json_extract(value, '$[0]'), ?1, ?2, json_extract(value, '$[1]'), 'confirmed', lower(hex(randomblob(32))), ?3, ?3
           FROM json_each(?4) WHERE true
           ON CONFLICT (list_id, email) DO NOTHING`,
        )
        .bind(websiteId, listId, now, JSON.stringify(rows)),
    );
  }
  if (statements.length === 0) return { added: 0, kept: 0 };
  const results = await query(() => retryBusy(() => d1.batch(statements)));
  const added = results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  return { added, kept: people.length - added };
}

/** The export: Email, Status, Subscribed, Confirmed, Unsubscribed, page by page. */
export async function* subscribersCsv(db: Db, websiteId: string, listId: string): AsyncGenerator<string> {
  yield csvLine(['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed']);
  const iso = (t: number | null) => (t === null ? '' : new Date(t).toISOString());
  let after: string | undefined;
  do {
    const page = await listSubscribers(db, websiteId, listId, { after, pageSize: 500 });
    yield page.rows.map((r) => csvLine([r.email, r.status, iso(r.createdOn), iso(r.confirmedOn), iso(r.unsubscribedOn)])).join('');
    after = page.nextAfter ?? undefined;
  } while (after);
}
