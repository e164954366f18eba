import { describe, expect, it } from 'vitest';
import { displayMoney } from '../money/money.js';
import { instalmentBrand, instalmentOffer, instalmentPill } from './instalments.js';

const usd = (locale: string) => (minor: number) => displayMoney(minor, 'USD', locale);
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
  it('words the pill the same for the server and the island', () => {
    expect(instalmentPill(3600, settings, 'en-US', usd('en-US'))).toEqual({ text: 'or 4 interest-free payments of $9.00 with', brand: 'Afterpay' });
    expect(instalmentPill(3500, settings, 'en-GB', usd('en-GB'))).toEqual({ text: 'Clearpay available for orders over US$35.00' });
    expect(instalmentPill(200001, settings, 'en-US', usd('en-US'))).toEqual({ text: 'Afterpay available for orders up to $2,000.00' });
    expect(instalmentPill(3600, settings, 'de-DE', usd('de-DE'))).toBeUndefined();
  });
});
