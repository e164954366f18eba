import type { Db } from '../db.js';

/** The mail a form, newsletter or restock flow sends (the shape of the accounts outbox's queueMail). */
export interface FormMail {
  websiteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: 'form-notification' | 'newsletter-confirmation' | 'restock-notice';
}

/**
 * Hands a mail to the site's outbox. Until the accounts outbox (edge/services/mail/outbox.ts
 * `queueMail`) is merged this logs one structured line per mail; at merge this body becomes
 * `return queueMail(db, mail)` and nothing else changes. Never throws into the caller:
 * the submission is already stored, a mail problem must not fail it.
 */
export async function queueFormMail(_db: Db, mail: FormMail): Promise<void> {
  try {
    console.log(`mail ${JSON.stringify(mail)}`);
  } catch (err) {
    console.warn(`mail to the outbox failed: ${String(err)}`);
  }
}
