import { describe, expect, it } from 'vitest';
import { amountToCents } from './gift-cards-screen.js';

describe('amountToCents (the issue form)', () => {
  it('reads whole and decimal amounts into minor units without float arithmetic', () => {
    expect(amountToCents('25')).toBe(2500);
    expect(amountToCents(' 25.5 ')).toBe(2550);
    expect(amountToCents('25,05')).toBe(2505);
    expect(amountToCents('0.29')).toBe(29);
    expect(amountToCents('10000.01')).toBe(1_000_001);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '25.', '.5']) expect(amountToCents(text), text).toBeUndefined();
  });
});

describe('amountToMinor (the adjust dialog)', () => {
  it('reads amounts in the card currency\'s minor units', async () => {
    const { amountToMinor } = await import('./adjust-dialog.js');
    expect(amountToMinor('12.5', 'USD')).toBe(1250);
    expect(amountToMinor('0.07', 'EUR')).toBe(7);
    expect(amountToMinor('1200', 'JPY')).toBe(1200);
    expect(amountToMinor('12.5', 'JPY')).toBeUndefined();
    expect(amountToMinor('1.234', 'USD')).toBeUndefined();
    expect(amountToMinor('-3', 'USD')).toBeUndefined();
  });
});
