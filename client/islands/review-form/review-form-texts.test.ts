import { expect, it } from 'vitest';
import { STORE_TEXTS } from '../../../domain/languages/store-texts.js';
import { REVIEW_FORM_TEXT_KEYS } from '../../../domain/languages/review-form-texts.js';
import { fillText } from '../../../domain/languages/words.js';
import { reviewFormTextsOf } from './review-form-texts.js';

it("reads its texts from the props, each missing one in English (the store texts' English)", () => {
  const english = reviewFormTextsOf(undefined);
  expect(english.translated).toBe(false);
  for (const key of REVIEW_FORM_TEXT_KEYS) expect(english[key], key).toBe(STORE_TEXTS[key]);
  const french = reviewFormTextsOf({ reviewFormSend: "Envoyer l'avis", reviewFormName: 42 });
  expect(french.translated).toBe(true);
  expect(french.reviewFormSend).toBe("Envoyer l'avis");
  expect(french.reviewFormName).toBe(STORE_TEXTS.reviewFormName);
  expect(fillText(french.reviewFormStars, { count: 3 })).toBe('3 stars');
});
