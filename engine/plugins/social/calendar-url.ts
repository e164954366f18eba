/** The "add to Google Calendar" link of an event. */
import { asNumber, asString, getKey } from '../../values.js';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * SPEC §9: calendar timestamps are UTC, `yyyyMMdd'T'HHmmss'Z'`.
 *
 * @example calendarTimestamp(1384518630000) // '20131115T123030Z'
 */
export function calendarTimestamp(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

/** Address lines and country of an event location, blanks dropped, joined by ', '. */
export function locationText(location: unknown): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => asString(getKey(location, key)).trim())
    .filter((s) => s !== '')
    .join(', ');
}

/**
 * Google Calendar "create event" URL from an event's title, dates and location.
 *
 * @example googleCalendarUrl({ title: 'Gig', startDate: 0, endDate: 3600000 })
 * // 'http://www.google.com/calendar/event?action=TEMPLATE&text=Gig&dates=19700101T000000Z/19700101T010000Z'
 */
export function googleCalendarUrl(event: unknown): string {
  const title = encodeURIComponent(asString(getKey(event, 'title')));
  const start = calendarTimestamp(asNumber(getKey(event, 'startDate')));
  const end = calendarTimestamp(asNumber(getKey(event, 'endDate')));
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}&dates=${start}/${end}`;
  const where = locationText(getKey(event, 'location'));
  if (where !== '') url += `&location=${encodeURIComponent(where)}`;
  return url;
}
