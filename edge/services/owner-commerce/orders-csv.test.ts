import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../csv.js';
import { dayStartIn } from './orders.js';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvLine([1001, 'x', true, false])).toBe('1001,x,yes,no\r\n');
  });

  it('keeps formula-looking text as text with a leading apostrophe', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers are numbers, a negative one included.
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('dayStartIn', () => {
  it('finds where a day of the site calendar starts, across daylight saving changes', () => {
    expect(new Date(dayStartIn('2026-07-01', 'UTC')).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(new Date(dayStartIn('2026-07-01', 'America/New_York')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(new Date(dayStartIn('2026-01-15', 'America/New_York')).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    // The day the clocks go forward starts before the change, in winter time.
    expect(new Date(dayStartIn('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(dayStartIn('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(dayStartIn('2026-07-01', 'Asia/Kolkata')).toISOString()).toBe('2026-06-30T18:30:00.000Z');
  });
});
