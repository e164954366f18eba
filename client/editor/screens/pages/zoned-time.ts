/**
 * Wall-clock times in the site's time zone for the schedule dialog: a `datetime-local`
 * value ('2026-12-01T09:30') means that time where the shop is, whatever the owner's
 * computer says. Intl gives the zone's offset at a moment; the offset is looked up twice so
 * a time next to a daylight-saving change lands on the right side of it.
 */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - (ms - (ms % 1000));
}

/** '2026-12-01T09:30' in `timeZone` -> ms since the epoch; undefined when it is no time. */
export function zonedToEpoch(local: string, timeZone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** ms since the epoch -> the `datetime-local` value of that moment in `timeZone`. */
export function epochToZoned(ms: number, timeZone: string): string {
  const shifted = new Date(ms + offsetAt(ms, timeZone));
  return shifted.toISOString().slice(0, 16);
}
