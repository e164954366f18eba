import { expect, it } from 'vitest';
import { STORE_TEXTS } from '../../../domain/languages/store-texts.js';
import { donateTextsOf } from './donate-form.js';

it('reads its texts from the props, each missing one in English (the store texts\' English)', () => {
  const english = donateTextsOf(undefined);
  for (const [key, text] of Object.entries(english)) expect(text, key).toBe(STORE_TEXTS[key as keyof typeof STORE_TEXTS]);
  const french = donateTextsOf({ donateRecorded: 'Merci\u00a0: votre don est enregistré.', donateLoadFailed: 42 });
  expect(french.donateRecorded).toBe('Merci\u00a0: votre don est enregistré.');
  expect(french.donateLoadFailed).toBe(STORE_TEXTS.donateLoadFailed);
});
