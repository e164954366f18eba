import { describe, expect, it } from 'vitest';
import { moneyJson } from '../../domain/money/money.js';
import { render } from '../../engine/index.js';
import { formatCents } from './money.js';

describe('formatCents', () => {
  it('formats minor units in the currency', () => {
    expect(formatCents(3650, 'USD', 'en-US')).toBe('$36.50');
    expect(formatCents(3600, 'USD', 'en-US')).toBe('$36.00');
    expect(formatCents(1200, 'JPY', 'en-US')).toBe('¥1,200');
  });
  it('trims an all-zero fraction when asked (SPEC §2 pill subtotal)', () => {
    expect(formatCents(3600, 'USD', 'en-US', true)).toBe('$36');
    expect(formatCents(3650, 'USD', 'en-US', true)).toBe('$36.50');
    expect(formatCents(123456700, 'EUR', 'de-DE', true).replace(/\s/g, ' ')).toBe('1.234.567 €');
  });

  it('shows a KRW price as the cart page and the engine do (0 fraction digits)', () => {
    const pill = formatCents(15000, 'KRW', 'en-US');
    const page = render('{@|money}', moneyJson(15000, 'KRW'), { locale: 'en-US' }).output.trim();
    expect(pill).toBe('₩15,000');
    expect(page).toBe(pill);
    expect(formatCents(1234, 'BHD', 'en-US')).toBe(render('{@|money}', moneyJson(1234, 'BHD')).output.trim());
  });
});
