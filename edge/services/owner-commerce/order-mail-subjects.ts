import { and, eq, inArray } from 'drizzle-orm';
import { translations } from '../../../schema/index.js';
import { STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../../domain/languages/store-texts.js';
import { query, type Db } from '../db.js';

/** The subjects of the mails about one order (confirmation, fulfilment, refund, cancel, gift cards, the review request). */
const ORDER_SUBJECTS = [
  'mailSubject', 'mailShippedSubject', 'mailPickedUpSubject', 'mailRefundSubject', 'mailCancelledSubject', 'mailGiftCardSubject', 'mailGiftCardsSubject',
] as const satisfies readonly StoreTextKey[];
const WORDS = [...ORDER_SUBJECTS, 'mailReviewSubject', 'mailReviewOrder'] as const satisfies readonly StoreTextKey[];
type Words = Record<(typeof WORDS)[number], string>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One subject template as a pattern: the number exactly (no digit after it), any words in the other slots. */
function subjectPattern(template: string, orderNumber: number): RegExp {
  const source = template.split(/(\{\w+\})/).map((part) => (part === '{number}' ? `${orderNumber}(?!\\d)` : /^\{\w+\}$/.test(part) ? '[\\s\\S]*?' : escapeRegExp(part)));
  return new RegExp(`^${source.join('')}$`);
}

/** The order mails' subject patterns in one language's words, the review request's naming the order. */
function patternsOf(words: Words, orderNumber: number): RegExp[] {
  const review = words.mailReviewSubject.replace('{which}', words.mailReviewOrder);
  return [...ORDER_SUBJECTS.map((key) => words[key]), review].map((template) => subjectPattern(template, orderNumber));
}

/**
 * Whether a mail's subject names the order numbered `orderNumber`, in English ('order #1001') or in
 * the order's own language ('commande n° 1001', lang23's mails). Only for outbox rows queued before
 * mail_outbox.order_id (migration 0057, fix5), which name no order: their subjects are matched
 * against the store texts as the site publishes them now (fix4), so such an old mail is no longer
 * found once the owner rewords its text. Rows queued since are found by their order_id.
 * @example (await orderMailSubjects(db, site.id, 'fr', 1001))('Atelier\u00a0: commande n°\u00a01001 confirmée') // true
 */
export async function orderMailSubjects(db: Db, websiteId: string, language: string | null, orderNumber: number): Promise<(subject: string) => boolean> {
  const patterns = patternsOf(STORE_TEXTS, orderNumber);
  if (language) {
    const rows = await query(() =>
      db
        .select({ key: translations.fieldKey, text: translations.text })
        .from(translations)
        .where(and(
          eq(translations.websiteId, websiteId), eq(translations.language, language), eq(translations.status, 'done'),
          eq(translations.kind, 'system'), eq(translations.entityId, STORE_TEXTS_ENTITY), inArray(translations.fieldKey, [...WORDS]),
        )),
    );
    const translated = new Map(rows.map((r) => [r.key, r.text]));
    const words = Object.fromEntries(WORDS.map((key) => [key, translated.get(key) || STORE_TEXTS[key]])) as Words;
    patterns.push(...patternsOf(words, orderNumber));
  }
  return (subject) => patterns.some((p) => p.test(subject));
}
