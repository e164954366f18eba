import type { ReviewFormTexts } from '../../../domain/languages/review-form-texts.js';

/** The island's words in English: the store texts of the same keys (props `texts` bring them in the page's language). */
const ENGLISH: ReviewFormTexts = {
  themeWriteReview: 'Write a review',
  reviewFormLabel: 'Review {title}',
  reviewFormRating: 'Your rating',
  reviewFormStar: '1 star',
  reviewFormStars: '{count} stars',
  reviewFormTitle: 'Title (optional)',
  reviewFormBody: 'Your review',
  reviewFormName: 'Your name',
  reviewFormEmail: 'Email (never shown)',
  reviewFormSend: 'Send review',
  reviewFormSending: 'Sending…',
  reviewFormChooseRating: 'Choose a rating from 1 to 5 stars.',
  reviewFormWriteWords: 'Please write a few words about the product.',
  reviewFormGiveName: 'Please give your name.',
  reviewFormEmailInvalid: 'Email is not valid.',
  reviewFormFailed: 'Something went wrong',
  reviewFormThanks: 'Thank you! Your review will appear once the shop has approved it.',
};

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
