/** Week numbering for strftime's %U/%W (CLDR en week of year) and %V/%G (ISO 8601). */
import type { ZonedFields } from './zoned.js';

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInYear(year: number): number {
  return isLeap(year) ? 366 : 365;
}

/** Weekday (0 = Sunday) of January 1st of `year`. */
function jan1Weekday(year: number): number {
  return new Date(Date.UTC(year, 0, 1)).getUTCDay();
}

/**
 * Week of year with Sunday-first weeks where the week holding January 1st is
 * week 1 (the reference renders %U and %W this way: Feb 18 2021 is week 08).
 */
export function weekOfYear(f: ZonedFields): number {
  const start = jan1Weekday(f.year);
  const nextStart = (start + daysInYear(f.year)) % 7;
  // The last days of December that share a week with next January 1st.
  if (nextStart !== 0 && f.yearDay >= daysInYear(f.year) - nextStart) return 1;
  return Math.floor((f.yearDay + start) / 7) + 1;
}

/** ISO 8601 week number and week-based year (Monday-first, week 1 holds the first Thursday). */
export function isoWeek(f: ZonedFields): { week: number; year: number } {
  const isoDay = f.weekday === 0 ? 7 : f.weekday;
  const thursdayYearDay = f.yearDay - isoDay + 4;
  if (thursdayYearDay < 0) {
    const prev = f.year - 1;
    const yd = thursdayYearDay + daysInYear(prev);
    return { week: Math.floor(yd / 7) + 1, year: prev };
  }
  if (thursdayYearDay >= daysInYear(f.year)) {
    return { week: 1, year: f.year + 1 };
  }
  return { week: Math.floor(thursdayYearDay / 7) + 1, year: f.year };
}
