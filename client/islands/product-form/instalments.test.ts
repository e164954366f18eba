import { describe, expect, it } from 'vitest';
import { instalmentBrand, instalmentOffer } from './instalments.js';

const settings = { provider: 'afterpay', numInstallments: 4, minCents: 3500, maxCents: 200000 };

describe('instalment messaging (SPEC §5, §9)', () => {
  it('offers N payments inside the limits', () => {
    expect(instalmentOffer(3600, settings)).toEqual({ kind: 'payments', count: 4, eachCents: 900 });
    expect(instalmentOffer(3801, settings)).toEqual({ kind: 'payments', count: 4, eachCents: 951 });
    expect(instalmentOffer(200000, settings)).toEqual({ kind: 'payments', count: 4, eachCents: 50000 });
  });
  it('says over / up to outside them', () => {
    expect(instalmentOffer(3500, settings)).toEqual({ kind: 'over', limitCents: 3500 });
    expect(instalmentOffer(200001, settings)).toEqual({ kind: 'up-to', limitCents: 200000 });
  });
  it('picks the brand by locale', () => {
    expect(instalmentBrand('en-US')).toBe('Afterpay');
    expect(instalmentBrand('fr_CA')).toBe('Afterpay');
    expect(instalmentBrand('en-GB')).toBe('Clearpay');
    expect(instalmentBrand('de-DE')).toBeUndefined();
  });
});
