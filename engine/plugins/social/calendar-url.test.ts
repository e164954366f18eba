import { describe, expect, it } from 'vitest';
import { calendarTimestamp, googleCalendarUrl, locationText } from './calendar-url.js';

describe('calendarTimestamp (SPEC §9, UTC)', () => {
  it('formats yyyyMMddTHHmmssZ', () => {
    expect(calendarTimestamp(1384518630000)).toBe('20131115T123030Z');
    expect(calendarTimestamp(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('20240102T030405Z');
  });
});

describe('googleCalendarUrl', () => {
  it('encodes the title and location', () => {
    expect(
      googleCalendarUrl({
        title: 'Gig & party',
        startDate: 0,
        endDate: 3_600_000,
        location: { addressLine1: ' 1 Main St. ', addressLine2: '', addressCountry: 'US' },
      }),
    ).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Gig%20%26%20party' +
        '&dates=19700101T000000Z/19700101T010000Z&location=1%20Main%20St.%2C%20US',
    );
  });

  it('leaves out an empty location', () => {
    expect(locationText({ address1: '', country: '' })).toBe('');
    expect(googleCalendarUrl({ startDate: 0, endDate: 0 })).not.toContain('location');
  });
});
