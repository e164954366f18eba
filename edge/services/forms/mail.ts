import type { Db } from '../db.js';
import { queueMail } from '../mail/outbox.js';

/** The mail a form, newsletter or restock flow sends (the accounts outbox's shape). */
export interface FormMail {
  websiteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: 'form-notification' | 'newsletter-confirmation' | 'restock-notice';
}

/**
 * Hands a mail to the site's outbox (edge/services/mail/outbox.ts: one D1 row, drained by
 * the sender). Never throws into the caller: the submission or sign-up is already stored,
 * and a mail problem must not fail it; it is logged for the owner instead.
 */
export async function queueFormMail(db: Db, mail: FormMail): Promise<void> {
  try {
    await queueMail(db, mail);
  } catch (err) {
    console.warn(`mail to ${mail.kind} outbox failed: ${String(err)}`);
  }
}
