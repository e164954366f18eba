/**
 * The store texts of the review form island (issue 29): a product page of an added language
 * sends the translated ones as the island's props `texts` (`reviews.formTexts`); the island
 * keeps their English (below, spread into STORE_TEXTS), so its chunk does not carry every store text.
 */
export const REVIEW_FORM_ENGLISH = {
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
} as const;

/** The island's keys: the product page's 'Write a review' (a theme text) and the form's own. */
export const REVIEW_FORM_TEXT_KEYS = ['themeWriteReview', ...(Object.keys(REVIEW_FORM_ENGLISH) as (keyof typeof REVIEW_FORM_ENGLISH)[])] as const;

export type ReviewFormTextKey = (typeof REVIEW_FORM_TEXT_KEYS)[number];
export type ReviewFormTexts = Record<ReviewFormTextKey, string>;
