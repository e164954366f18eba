import { describe, expect, it } from 'vitest';
import { strftime } from './strftime.js';
import { isoWeek, weekOfYear } from './weeks.js';
import { zonedFields } from './zoned.js';

describe('strftime', () => {
  it('keeps %% and a trailing %, drops unknown conversions', () => {
    expect(strftime(0, '100%% %Q%', 'UTC', 'en-US')).toBe('100% %');
  });

  it('never uses the machine zone', () => {
    expect(strftime(0, '%F %T %z', 'America/New_York', 'en-US')).toBe('1969-12-31 19:00:00 -05:00');
  });

  it('names days and months in the locale', () => {
    expect(strftime(0, '%A %B', 'UTC', 'fr-FR')).toBe('jeudi janvier');
  });
});

describe('weeks', () => {
  it('ISO week-year crosses the new year', () => {
    expect(isoWeek(zonedFields(Date.UTC(2021, 0, 1), 'UTC'))).toEqual({ week: 53, year: 2020 });
    expect(isoWeek(zonedFields(Date.UTC(2024, 11, 30), 'UTC'))).toEqual({ week: 1, year: 2025 });
  });

  it('counts the week holding January 1st as week 1', () => {
    expect(weekOfYear(zonedFields(Date.UTC(2021, 0, 1), 'UTC'))).toBe(1);
    expect(weekOfYear(zonedFields(Date.UTC(2021, 11, 25), 'UTC'))).toBe(52);
    expect(weekOfYear(zonedFields(Date.UTC(2021, 11, 31), 'UTC'))).toBe(1);
    expect(weekOfYear(zonedFields(Date.UTC(2022, 11, 31), 'UTC'))).toBe(53);
  });
});
