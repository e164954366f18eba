import { describe, expect, it } from 'vitest';
import { isSiteExpired, localDayNumber, SUBSCRIPTION_STATE, trialDaysRemaining, trialEndsOn } from './trial.js';

const NY = 'America/New_York';

describe('trialEndsOn', () => {
  it('ends at the start of the local day `days` days after today', () => {
    expect(trialEndsOn(Date.UTC(2026, 10, 27, 12), 'UTC', 14)).toBe(Date.UTC(2026, 11, 11));
    // 22:00 in New York on Nov 27 is already Nov 28 in UTC: the local date counts.
    expect(trialEndsOn(Date.UTC(2026, 10, 28, 3), NY, 14)).toBe(Date.UTC(2026, 11, 11, 5));
  });

  it('lands on local midnight across a DST change (EDT -> EST on 2026-11-01)', () => {
    expect(trialEndsOn(Date.UTC(2026, 9, 31, 14), NY, 2)).toBe(Date.UTC(2026, 10, 2, 5));
    // and back (EST -> EDT on 2026-03-08)
    expect(trialEndsOn(Date.UTC(2026, 2, 7, 14), NY, 2)).toBe(Date.UTC(2026, 2, 9, 4));
  });
});

describe('trialDaysRemaining (SPEC §4: days until expiration + 1, never below 0)', () => {
  const start = Date.UTC(2026, 10, 27, 15); // 10:00 in New York
  const ends = trialEndsOn(start, NY, 14); // last day Dec 10, ends Dec 11 00:00 local

  it('counts the whole trial on its first day', () => {
    expect(trialDaysRemaining(ends, start, NY)).toBe(14);
  });

  it('shows one day on the last day, from its first to its last minute', () => {
    expect(trialDaysRemaining(ends, Date.UTC(2026, 11, 10, 5), NY)).toBe(1); // Dec 10 00:00 local
    expect(trialDaysRemaining(ends, ends - 60_000, NY)).toBe(1); // Dec 10 23:59 local (already Dec 11 in UTC)
  });

  it('shows 0 on the expiry day and after, never below', () => {
    expect(trialDaysRemaining(ends, ends, NY)).toBe(0);
    expect(trialDaysRemaining(ends, ends + 30 * 86_400_000, NY)).toBe(0);
  });

  it('counts calendar days in the site time zone across a DST change', () => {
    const dstEnds = trialEndsOn(Date.UTC(2026, 9, 31, 14), NY, 2); // Oct 31 + Nov 1 (a 25-hour day)
    expect(trialDaysRemaining(dstEnds, Date.UTC(2026, 9, 31, 14), NY)).toBe(2);
    expect(trialDaysRemaining(dstEnds, Date.UTC(2026, 10, 1, 4, 30), NY)).toBe(1); // Nov 1 00:30 EDT
    expect(trialDaysRemaining(dstEnds, Date.UTC(2026, 10, 2, 4, 30), NY)).toBe(1); // Nov 1 23:30 EST
    expect(trialDaysRemaining(dstEnds, Date.UTC(2026, 10, 2, 5), NY)).toBe(0); // Nov 2 00:00 EST
  });

  it('differs from the UTC count where the dates differ', () => {
    const endsUtc = Date.UTC(2026, 11, 11);
    const at = Date.UTC(2026, 11, 10, 23); // Dec 10 in UTC, Dec 11 in Tokyo
    expect(trialDaysRemaining(endsUtc, at, 'UTC')).toBe(1);
    expect(localDayNumber(at, 'Asia/Tokyo')).toBe(localDayNumber(at, 'UTC') + 1);
  });
});

describe('isSiteExpired (SPEC §4)', () => {
  it('is true only for the expired state on a site that is not a parking or cover page', () => {
    expect(isSiteExpired({ subscriptionState: 1, siteType: 'site' })).toBe(true);
    expect(isSiteExpired({ subscriptionState: 1, siteType: 'parking-page' })).toBe(false);
    expect(isSiteExpired({ subscriptionState: 1, siteType: 'cover-page' })).toBe(false);
    expect(isSiteExpired({ subscriptionState: 3, siteType: 'site' })).toBe(false);
    expect(isSiteExpired({ subscriptionState: 2, siteType: 'site' })).toBe(false);
  });

  it('uses the SPEC §3 state numbers', () => {
    expect(SUBSCRIPTION_STATE.expired).toBe(1);
    expect(SUBSCRIPTION_STATE.pastDue).toBe(2);
    expect(SUBSCRIPTION_STATE.trial).toBe(3);
    expect(SUBSCRIPTION_STATE.paid).toBe(8);
  });
});
