import { describe, expect, it } from 'vitest';
import { STORE_TEXTS } from './store-texts.js';
import { themeTexts } from './theme-texts.js';

describe('themeTexts', () => {
  it('answers the English once built, frozen, the same object for every untranslated page', () => {
    const english = themeTexts();
    expect(english.signIn).toBe(STORE_TEXTS.accountSignIn);
    expect(english.continueShopping).toBe(STORE_TEXTS.continueShopping);
    expect(Object.isFrozen(english)).toBe(true);
    expect(themeTexts()).toBe(english);
    // A language whose table translates none of them reads the English too.
    expect(themeTexts(() => undefined)).toBe(english);
  });

  it('gives the translations where there are some, the English for the rest, without touching the shared English', () => {
    const french = themeTexts((key) => (key === 'accountSignIn' ? 'Se connecter' : undefined));
    expect(french.signIn).toBe('Se connecter');
    expect(french.search).toBe(STORE_TEXTS.headerSearch);
    expect(french).not.toBe(themeTexts());
    expect(themeTexts().signIn).toBe(STORE_TEXTS.accountSignIn);
    expect(Object.keys(french)).toEqual(Object.keys(themeTexts()));
  });
});
