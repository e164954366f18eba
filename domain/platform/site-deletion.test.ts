import { describe, expect, it } from 'vitest';
import { confirmsSiteName, exportExpiresOn, purgeDueOn } from './site-deletion.js';

describe('site deletion rules', () => {
  it('confirms only the site name (case and outer spaces aside)', () => {
    expect(confirmsSiteName('  fern & kiln ', 'Fern & Kiln')).toBe(true);
    expect(confirmsSiteName('Fern and Kiln', 'Fern & Kiln')).toBe(false);
    expect(confirmsSiteName('', ' ')).toBe(false);
  });

  it('purges 30 days after deletion; exports last 7 days', () => {
    expect(purgeDueOn(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 31));
    expect(exportExpiresOn(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 8));
  });
});
