/**
 * SPEC §4 trials: "trial days remaining = days until expiration plus one, never below 0" and
 * "a site is expired when its status is expired and its type is not a parking page or cover page".
 * A trial ends at an instant (`trialEndsOn`, epoch ms): the start of the day after its last day in
 * the site's time zone. The expiration date is that last day, so on the last day one day remains,
 * from the next day none. Days are calendar days in the site's time zone (a DST day still counts one).
 */

/** SPEC §3 website subscription states (engine/plugins/content/enums.ts holds the same numbers for templates). */
export const SUBSCRIPTION_STATE = {
  expired: 1,
  pastDue: 2,
  trial: 3,
  beta: 4,
  removed: 5,
  internal: 6,
  comped: 7,
  paid: 8,
  enterprise: 15,
} as const;

/** A new site's trial length (issue 34). */
export const DEFAULT_TRIAL_DAYS = 14;

/** Site types (websites.site_type) that are never "expired" (SPEC §4); every other site is 'site'. */
const NEVER_EXPIRED_TYPES: readonly string[] = ['parking-page', 'cover-page'];

const DAY_MS = 86_400_000;

/** The calendar date of `at` in `timeZone` as a day number (days since 1970-01-01). */
export function localDayNumber(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day')) / DAY_MS;
}

/** The offset of `timeZone` from UTC at `at`, in ms (positive east of Greenwich). */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (at - (at % 1000));
}

/** The instant the calendar day `day` (a day number) starts in `timeZone`. */
export function startOfLocalDay(day: number, timeZone: string): number {
  const guess = day * DAY_MS;
  // Two passes settle the offset on both sides of a DST change.
  let at = guess - zoneOffset(guess, timeZone);
  at = guess - zoneOffset(at, timeZone);
  return at;
}

/**
 * When a trial started at `now` ends: the start of the local day `days` days after today, so
 * the trial has `days` whole calendar days (today counts as the first).
 * @example trialEndsOn(Date.UTC(2026, 10, 27, 12), 'UTC', 14) === Date.UTC(2026, 11, 11)
 */
export function trialEndsOn(now: number, timeZone: string, days = DEFAULT_TRIAL_DAYS): number {
  return startOfLocalDay(localDayNumber(now, timeZone) + days, timeZone);
}

/**
 * SPEC §4: days until expiration plus one, never below 0. The expiration date is the trial's
 * last calendar day in the site's time zone.
 */
export function trialDaysRemaining(endsOn: number, now: number, timeZone: string): number {
  const expirationDay = localDayNumber(endsOn - 1, timeZone);
  return Math.max(0, expirationDay - localDayNumber(now, timeZone) + 1);
}

/** SPEC §4: expired when the state is expired and the type is not a parking page or cover page. */
export function isSiteExpired(site: { subscriptionState: number; siteType: string }): boolean {
  return site.subscriptionState === SUBSCRIPTION_STATE.expired && !NEVER_EXPIRED_TYPES.includes(site.siteType);
}
