import { ApiError } from '../../errors.js';
import type { DayRange } from './dashboard.js';

// A year and a day: a leap year's whole report fits.
const MAX_DAYS = 366;

/** The range asked for, defaulting to the last 30 days; at most 366 days. */
export function dayRange(q: { from?: string | undefined; to?: string | undefined }, now = Date.now()): DayRange {
  const to = q.to ?? new Date(now).toISOString().slice(0, 10);
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(days >= 1 && days <= MAX_DAYS)) {
    throw new ApiError(400, 'invalid_request', `Choose a range of 1 to ${MAX_DAYS} days.`, { fields: { from: `Choose a range of 1 to ${MAX_DAYS} days.` } });
  }
  return { from, to };
}
