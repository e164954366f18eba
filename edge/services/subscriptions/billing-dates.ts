import type { BillingPeriod } from './plan.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * When cycle `n` (0 = the first charge, at the anchor) falls due: the anchor plus n
 * billing periods, in UTC. Months and years are calendar-correct: the day of month is
 * the anchor's, clamped to the month's last day, and never drifts (Jan 31 gives Feb 28,
 * then Mar 31, because each date is counted from the anchor, not from the date before).
 *
 * @example billingDate(Date.UTC(2026, 0, 31), { value: 1, unit: 'MONTH' }, 1) // Date.UTC(2026, 1, 28)
 */
export function billingDate(anchor: number, period: BillingPeriod, n: number): number {
  if (period.unit === 'WEEK') return anchor + n * period.value * 7 * DAY_MS;
  const months = n * period.value * (period.unit === 'YEAR' ? 12 : 1);
  const a = new Date(anchor);
  const target = a.getUTCMonth() + months;
  const year = a.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(a.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds(), a.getUTCMilliseconds());
}
