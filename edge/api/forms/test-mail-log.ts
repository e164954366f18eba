import type { RunningWorker } from '../../test-support.js';
import type { FormMail } from '../../services/forms/mail.js';

/** The mails the worker queued in the D1 outbox so far, oldest first (tests only). */
export async function queuedMails(worker: RunningWorker): Promise<FormMail[]> {
  const rows = await worker.db
    .prepare('SELECT website_id, to_address, subject, text_body, kind FROM mail_outbox ORDER BY created_on, rowid')
    .all<{ website_id: string; to_address: string; subject: string; text_body: string; kind: FormMail['kind'] }>();
  return rows.results.map((r) => ({ websiteId: r.website_id, to: r.to_address, subject: r.subject, text: r.text_body, kind: r.kind }));
}

/** The first link in a mail's text that starts with `prefix` (a path like /newsletter/confirm). */
export function linkIn(mail: FormMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s]*${prefix.replace(/[/.?]/g, '\\$&')}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${prefix} link in mail to ${mail.to}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
