import { REVIEW_FORM_ENGLISH, type ReviewFormTexts } from '../../../domain/languages/review-form-texts.js';

/** The island's words in English: the store texts of the same keys (props `texts` bring them in the page's language). */
const ENGLISH: ReviewFormTexts = { themeWriteReview: 'Write a review', ...REVIEW_FORM_ENGLISH };

/**
 * The texts of the island's props over the English (a page without them reads English).
 * @example reviewFormTextsOf({ reviewFormSend: "Envoyer l'avis" }).reviewFormSend === "Envoyer l'avis"
 */
export function reviewFormTextsOf(value: unknown): ReviewFormTexts & { translated: boolean } {
  const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const texts = { ...ENGLISH };
  let translated = false;
  for (const key of Object.keys(ENGLISH) as (keyof ReviewFormTexts)[]) {
    if (typeof given[key] === 'string') {
      texts[key] = given[key] as string;
      translated = true;
    }
  }
  return { ...texts, translated };
}

/** `{name}` slots of a text filled in. */
export const fillIn = (text: string, values: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
