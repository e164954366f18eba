import { REVIEW_FORM_ENGLISH, type ReviewFormTexts } from '../../../domain/languages/review-form-texts.js';
import { textsOver } from '../../../domain/languages/words.js';

/** The island's words in English: the store texts of the same keys (props `texts` bring them in the page's language). */
const ENGLISH: ReviewFormTexts = { themeWriteReview: 'Write a review', ...REVIEW_FORM_ENGLISH };

/**
 * The texts of the island's props over the English (a page without them reads English).
 * @example reviewFormTextsOf({ reviewFormSend: "Envoyer l'avis" }).reviewFormSend === "Envoyer l'avis"
 */
export function reviewFormTextsOf(value: unknown): ReviewFormTexts & { translated: boolean } {
  const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  // Translated: the page gave any of the island's words.
  return { ...textsOver(ENGLISH, value), translated: Object.keys(ENGLISH).some((key) => typeof given[key] === 'string') };
}
