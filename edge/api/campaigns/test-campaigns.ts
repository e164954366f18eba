import type { RunningWorker, SignedIn } from '../../test-support.js';

/** Test helpers of the campaign tests: owner calls, subscribers written straight into D1, the campaign mails. */
export interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

export async function call(worker: RunningWorker, who: SignedIn | undefined, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  const res = await worker.fetch(path, {
    method,
    redirect: 'manual',
    headers: { ...(who ? who.headers : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers };
}

/** Adds `count` subscribers to a list in batches: `status(i)` picks each one's state. */
export async function addSubscribers(worker: RunningWorker, listId: string, count: number, email: (i: number) => string, status: (i: number) => string = () => 'confirmed'): Promise<void> {
  const list = await worker.db.prepare('SELECT website_id FROM mailing_lists WHERE id = ?').bind(listId).first<{ website_id: string }>();
  const statements = [];
  for (let i = 0; i < count; i++) {
    statements.push(
      worker.db
        .prepare(
          `INSERT INTO mailing_list_subscribers (id, website_id, list_id, email, status, confirm_token_hash, created_on, confirmed_on)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, 1)`,
        )
        .bind(`${listId}-sub-${String(i).padStart(5, '0')}`, list!.website_id, listId, email(i), status(i), `${listId}-hash-${i}`),
    );
  }
  for (let i = 0; i < statements.length; i += 500) await worker.db.batch(statements.slice(i, i + 500));
}

export interface CampaignMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The outbox rows of `kind` (campaign mails by default), oldest first. */
export async function campaignMails(worker: RunningWorker, kind = 'campaign'): Promise<CampaignMail[]> {
  const rows = await worker.db
    .prepare('SELECT to_address AS "to", subject, text_body AS text, html_body AS html FROM mail_outbox WHERE kind = ? ORDER BY created_on, rowid')
    .bind(kind)
    .all<CampaignMail>();
  return rows.results;
}

/** The hrefs of a mail's HTML that contain `part`, unescaped, as paths with their query. */
export function hrefsIn(html: string, part: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .filter((h) => h.includes(part))
    .map((h) => {
      const u = new URL(h);
      return u.pathname + u.search;
    });
}
