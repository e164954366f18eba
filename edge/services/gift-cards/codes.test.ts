import { describe, expect, it } from 'vitest';
import { giftCardCodeHash, newGiftCardCode, normaliseGiftCardCode } from './codes.js';

describe('gift card codes', () => {
  it('are four groups of four from the alphabet without look-alikes, and differ each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newGiftCardCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}$/);
  });

  it('accept what a shopper types: lower case, spaces, no dashes', () => {
    const code = newGiftCardCode();
    const plain = code.replace(/-/g, '');
    expect(normaliseGiftCardCode(code.toLowerCase())).toBe(plain);
    expect(normaliseGiftCardCode(` ${plain.slice(0, 8)} ${plain.slice(8)} `)).toBe(plain);
  });

  it('refuse anything that cannot be a code', () => {
    for (const bad of ['', 'ABCD', 'ABCD-EFGH-JKLM-NPQ0', 'ABCD-EFGH-JKLM-NPQRS', "ABCD-EFGH-JKLM-NP'R"]) expect(normaliseGiftCardCode(bad)).toBeUndefined();
  });

  it('are stored as a hash that is the same for every spelling of one code', async () => {
    const code = newGiftCardCode();
    const hash = await giftCardCodeHash(normaliseGiftCardCode(code)!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code.replace(/-/g, '').toLowerCase());
    expect(await giftCardCodeHash(normaliseGiftCardCode(code.toLowerCase())!)).toBe(hash);
  });
});
