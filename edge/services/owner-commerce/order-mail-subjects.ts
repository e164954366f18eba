import { STORE_TEXTS, type StoreTextKey, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { textPattern } from '../../../domain/languages/words.js';
import type { Db } from '../db.js';
import { withTable } from '../multilingual/mail-language.js';
import { loadTranslationTable } from '../multilingual/store.js';

/** The subjects of the mails about one order (confirmation, fulfilment, refund, cancel, gift cards, the review request). */
const ORDER_SUBJECTS = [
  'mailSubject', 'mailShippedSubject', 'mailPickedUpSubject', 'mailRefundSubject', 'mailCancelledSubject', 'mailGiftCardSubject', 'mailGiftCardsSubject',
] as const satisfies readonly StoreTextKey[];

/** The order mails' subject patterns in one language's words (the review request's naming the order), the number exactly. */
function patternsOf(words: StoreTexts, orderNumber: number): RegExp[] {
  const review = words.mailReviewSubject.replace('{which}', words.mailReviewOrder);
  return [...ORDER_SUBJECTS.map((key) => words[key]), review].map((template) => textPattern(template, { number: String(orderNumber) }).pattern);
}

/**
 * Whether a mail's subject names the order numbered `orderNumber`, in English ('order #1001') or in
 * the order's own language ('commande n° 1001', lang23's mails). Only for outbox rows queued before
 * mail_outbox.order_id (migration 0057, fix5), which name no order: their subjects are matched
 * against the store texts as the site publishes them now (fix4), read as the order mails read
 * them (mail-language.ts), so such an old mail is no longer found once the owner rewords its text.
 * Rows queued since are found by their order_id.
 * @example (await orderMailSubjects(db, site.id, 'fr', 1001))('Atelier\u00a0: commande n°\u00a01001 confirmée') // true
 */
export async function orderMailSubjects(db: Db, websiteId: string, language: string | null, orderNumber: number): Promise<(subject: string) => boolean> {
  const patterns = patternsOf(STORE_TEXTS, orderNumber);
  if (language) patterns.push(...patternsOf(withTable(language, await loadTranslationTable(db, websiteId, language)).texts, orderNumber));
  return (subject) => patterns.some((p) => p.test(subject));
}
