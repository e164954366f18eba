import { describe, expect, it } from 'vitest';
import { formatInstant, formatRange } from './day-period-space.js';

const LOCALES = ['en-US', 'en-GB', 'fr-FR', 'de-DE', 'ja-JP', 'zh-TW', 'ko-KR', 'ar-EG', 'hi-IN', 'es-MX', 'en-US-u-hc-h23'];
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'long' }, { dateStyle: 'full', timeStyle: 'short' }, { timeStyle: 'medium' },
  { hour: 'numeric', minute: '2-digit' }, { hour: 'numeric', hour12: false }, { hour: 'numeric', dayPeriod: 'long' },
  { year: 'numeric', month: 'short', day: 'numeric' }, { weekday: 'short', hour: 'numeric' }, { minute: '2-digit', second: '2-digit' },
];
const A = Date.UTC(2021, 1, 17, 21, 26, 5);
const PAIRS = [[A, A + 3_600_000], [A, A + 86_400_000 * 40], [A - 86_400_000 * 400, A]];

describe('day-period space', () => {
  it('has no day period part where it skips the parts (so the normalisation has nothing to do)', () => {
    let fast = 0;
    for (const locale of LOCALES) {
      for (const o of OPTIONS) {
        const dtf = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', ...o });
        const r = dtf.resolvedOptions();
        if (r.hour12 === true || r.dayPeriod !== undefined) continue;
        fast++;
        for (const [a, b] of PAIRS) {
          expect(dtf.formatToParts(a).some((p) => p.type === 'dayPeriod')).toBe(false);
          expect(dtf.formatRangeToParts(a, b).some((p) => p.type === 'dayPeriod')).toBe(false);
          expect(formatInstant(dtf, a)).toBe(dtf.format(a));
          expect(formatRange(dtf, a, b)).toBe(dtf.formatRange(a, b));
        }
      }
    }
    expect(fast).toBeGreaterThan(20);
  });

  it('puts U+202F before AM/PM in ranges', () => {
    const dtf = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
    expect(formatRange(dtf, 0, 3_600_000)).toBe('12:00\u2009–\u20091:00\u202fAM');
  });
});

describe('remembered texts', () => {
  it('give each instant and range its own text, also past a full table', () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' };
    const dtf = new Intl.DateTimeFormat('en-US', options);
    // 600 instants a day apart (more than a table holds), twice: every text matches Intl's own.
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 600; i++) {
        const t = A + i * 86_400_000 + i * 60_000;
        expect(formatInstant(dtf, t)).toBe(dtf.format(t).replace(/ (?=[AP]M)/, '\u202f'));
        expect(formatRange(dtf, A, t)).toBe(formatRange(new Intl.DateTimeFormat('en-US', options), A, t));
      }
    }
  });
});
