import { describe, expect, it } from 'vitest';
import { stripeLocale } from './languages.js';

describe('stripeLocale', () => {
  it("names a Stripe locale: the tag, its base language, else 'auto'", () => {
    expect(stripeLocale('fr')).toBe('fr');
    expect(stripeLocale('fr-CA')).toBe('fr-CA');
    expect(stripeLocale('fr-BE')).toBe('fr');
    expect(stripeLocale('en-US')).toBe('en');
    expect(stripeLocale('en_GB')).toBe('en-GB');
    expect(stripeLocale('pt-br')).toBe('pt-BR');
    expect(stripeLocale('xh')).toBe('auto');
    expect(stripeLocale('not a tag')).toBe('auto');
  });
});
