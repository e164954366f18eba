import { describe, expect, it } from 'vitest';
import { formatMoney, formatTime } from './format.js';

describe('owner app formatting', () => {
  it('formats minor units in the currency', () => {
    expect(formatMoney(7800, 'USD')).toBe('$78.00');
    expect(formatMoney(7800, 'KRW')).toBe('₩7,800');
  });

  it('shows times in the site time zone', () => {
    const ms = Date.UTC(2026, 0, 1, 23, 30);
    expect(formatTime(ms, 'UTC')).toBe('Jan 1, 2026, 11:30 PM');
    expect(formatTime(ms, 'Asia/Tokyo')).toBe('Jan 2, 2026, 8:30 AM');
  });
});
