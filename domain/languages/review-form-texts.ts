import type { StoreTextKey } from './store-texts.js';

/**
 * The store texts of the review form island (issue 29): a product page of an added language
 * sends the translated ones as the island's props `texts` (`reviews.formTexts`); the island
 * keeps their English, so its chunk does not carry every store text.
 */
export const REVIEW_FORM_TEXT_KEYS = [
  'themeWriteReview',
  'reviewFormLabel',
  'reviewFormRating',
  'reviewFormStar',
  'reviewFormStars',
  'reviewFormTitle',
  'reviewFormBody',
  'reviewFormName',
  'reviewFormEmail',
  'reviewFormSend',
  'reviewFormSending',
  'reviewFormChooseRating',
  'reviewFormWriteWords',
  'reviewFormGiveName',
  'reviewFormEmailInvalid',
  'reviewFormFailed',
  'reviewFormThanks',
] as const satisfies readonly StoreTextKey[];

export type ReviewFormTextKey = (typeof REVIEW_FORM_TEXT_KEYS)[number];
export type ReviewFormTexts = Record<ReviewFormTextKey, string>;
