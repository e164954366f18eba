/**
 * Wall-clock fields of an instant in an IANA time zone. The offset comes from
 * date-fns-tz; the fields are read from the shifted instant in UTC, so the
 * machine's own zone never leaks in (conformance README: "never the machine's zone").
 */
import { getTimezoneOffset } from 'date-fns-tz';
import { dateTimeFormat, memo } from '../intl.js';

export type EpochMs = number;

export interface ZonedFields {
  readonly epoch: EpochMs;
  readonly timeZone: string;
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday .. 6 = Saturday */
  readonly weekday: number;
  /** 0-based day of the year. */
  readonly yearDay: number;
  /** Offset from UTC in minutes (east positive). */
  readonly offsetMinutes: number;
}

/** SPEC §9: the default time zone. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

function offsetNow(timeZone: string, epoch: EpochMs): number | null {
  const off = getTimezoneOffset(timeZone, new Date(epoch));
  return Number.isFinite(off) ? off : null;
}

const HOUR_MS = 3_600_000;
/** Per `zone|UTC hour`: the offset when it holds all hour, else 'varies' (a transition falls inside). */
const hourOffsets = new Map<string, number | null | 'varies'>();

/**
 * The offset of `timeZone` at `epoch`, or null when the zone is unknown.
 * Reading it through Intl is the costly part of a date, so it is cached per hour:
 * an hour whose first and last millisecond agree has no transition inside
 * (zones never change offset twice within an hour).
 */
export function zoneOffsetMs(timeZone: string, epoch: EpochMs): number | null {
  const hour = Math.floor(epoch / HOUR_MS);
  const cached = memo(hourOffsets, `${timeZone}|${hour}`, () => {
    const first = offsetNow(timeZone, hour * HOUR_MS);
    return first === offsetNow(timeZone, (hour + 1) * HOUR_MS - 1) ? first : 'varies';
  });
  return cached === 'varies' ? offsetNow(timeZone, epoch) : cached;
}

/**
 * Split `epoch` into wall-clock fields in `timeZone`; an unknown zone falls back
 * to the default zone.
 * @example zonedFields(0, 'UTC').year === 1970
 */
export function zonedFields(epoch: EpochMs, timeZone: string): ZonedFields {
  let zone = timeZone;
  let off = zoneOffsetMs(zone, epoch);
  if (off === null) {
    zone = DEFAULT_TIME_ZONE;
    off = zoneOffsetMs(zone, epoch) ?? 0;
  }
  const d = new Date(epoch + off);
  const year = d.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const midnight = Date.UTC(year, d.getUTCMonth(), d.getUTCDate());
  return {
    epoch,
    timeZone: zone,
    year,
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    yearDay: Math.round((midnight - jan1) / 86_400_000),
    offsetMinutes: Math.round(off / 60_000),
  };
}

/** Is `timeZone` an IANA zone the platform knows? */
export function isKnownZone(timeZone: string): boolean {
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
