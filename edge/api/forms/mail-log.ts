import type { RunningWorker } from '../../test-support.js';
import type { FormMail } from '../../services/forms/mail.js';

/**
 * The mails the worker queued so far (tests only). Reads the structured `mail {...}` log
 * lines of edge/services/forms/mail.ts; at the outbox merge this reads the outbox table.
 */
export function queuedMails(worker: RunningWorker): FormMail[] {
  return worker.logs
    .filter((l) => l.message.startsWith('mail {'))
    .map((l) => JSON.parse(l.message.slice('mail '.length)) as FormMail);
}

/** The first link in a mail's text that starts with `prefix` (a path like /newsletter/confirm). */
export function linkIn(mail: FormMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s]*${prefix.replace(/[/.?]/g, '\\$&')}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${prefix} link in mail to ${mail.to}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
