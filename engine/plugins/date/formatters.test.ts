import { describe, expect, it } from 'vitest';
import { fakeContext } from './fake-context.js';
import { DATE_FORMATTERS as F } from './formatters.js';

const NOW = 1627849845000;

describe('timesince', () => {
  const ctx = fakeContext({ now: NOW });

  it.each([['x'], [undefined], [null], [{}], ['1577987019000'], [NaN], [Infinity]])(
    'says "Invalid date." for %s (SPEC §5)',
    (v) => {
      expect(F.timesince(v, [], ctx, [v])).toBe('Invalid date.');
    },
  );

  it('wraps the phrase in a span carrying the instant', () => {
    expect(F.timesince(1577987019000, [], ctx, [])).toBe(
      '<span class="timesince" data-date="1577987019000">about a year ago</span>',
    );
  });

  it('says "less than a minute ago" under a minute (SPEC §8)', () => {
    expect(F.timesince(NOW - 30_000, [], ctx, [])).toContain('>less than a minute ago<');
  });
});

describe('date', () => {
  const ctx = fakeContext({ timeZone: 'Asia/Tokyo' });

  it('renders strftime patterns in the site zone, args rejoined with spaces', () => {
    expect(F.date(1613597165345, ['%Y-%m-%d', '%H:%M', '%Z'], ctx, [])).toBe('2021-02-18 06:26 JST');
  });

  it('gives "" for a non-finite instant, no pattern, or no locale data (SPEC §5)', () => {
    expect(F.date('soon', ['%Y'], ctx, [])).toBe('');
    expect(F.date(undefined, ['%Y'], ctx, [])).toBe('');
    expect(F.date(0, [], ctx, [])).toBe('');
    expect(F.date(0, ['%Y'], fakeContext({ locale: null }), [])).toBe('');
  });
});

describe('datetime and relative-time', () => {
  it('uses the site zone and falls back to a long date', () => {
    expect(F.datetime(1582571080000, [], fakeContext(), [])).toBe('February 24, 2020');
  });

  it('records an error and renders "" for a locale Intl rejects', () => {
    const ctx = fakeContext({ locale: 'not a locale!' });
    expect(F.datetime(0, [], ctx, [])).toBe('');
    expect(ctx.errors.length).toBe(1);
  });

  it('measures from now with one variable', () => {
    const ctx = fakeContext({ now: 0 });
    expect(F['relative-time'](-3 * 3_600_000, [], ctx, [-3 * 3_600_000])).toBe('3 hours ago');
  });
});
