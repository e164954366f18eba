/**
 * Wall-clock fields of an instant in an IANA time zone. The offset is the one in
 * force at the instant, read from Intl (date-fns-tz switches an hour early around
 * DST changes); the fields are read from the shifted instant in UTC, so the
 * machine's own zone never leaks in (conformance README: "never the machine's zone").
 */
import { dateTimeFormat, memo } from '../intl.js';

/**
 * An instant in epoch milliseconds. The engine imports nothing outside engine/, so it
 * names its own; it is the same plain number as domain/branded-types.ts's EpochMs.
 */
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

const wallClocks = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter giving the numeric wall clock of `timeZone`, or null when the zone is unknown. */
function wallClock(timeZone: string): Intl.DateTimeFormat | null {
  return memo(wallClocks, timeZone, () => {
    try {
      return dateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      return null;
    }
  });
}

/** The offset in force at `epoch`: the zone's wall clock read as UTC, minus the instant (whole seconds). */
function offsetNow(timeZone: string, epoch: EpochMs): number | null {
  const format = wallClock(timeZone);
  if (format === null || !Number.isFinite(epoch)) return null;
  const f: Record<string, number> = {};
  let bc = false;
  for (const part of format.formatToParts(epoch)) {
    if (part.type === 'era') bc = part.value === 'BC' || part.value === 'B';
    else if (part.type !== 'literal') f[part.type] = Number(part.value);
  }
  const year = bc ? 1 - f.year : f.year;
  const wall = new Date(0);
  wall.setUTCFullYear(year, f.month - 1, f.day);
  wall.setUTCHours(f.hour, f.minute, f.second, 0);
  const seconds = Math.floor(epoch / 1000) * 1000;
  return wall.getTime() - seconds;
}

const HOUR_MS = 3_600_000;
/** Per zone, then UTC hour: the offset when it holds all hour, else 'varies' (a transition falls inside). */
const hourOffsets = new Map<string, Map<number, number | null | 'varies'>>();

/**
 * The offset of `timeZone` at `epoch`, or null when the zone is unknown.
 * Reading it through Intl is the costly part of a date, so it is cached per hour:
 * an hour whose first and last millisecond agree has no transition inside
 * (zones never change offset twice within an hour). Two number-keyed levels: no
 * key string is built per date.
 */
export function zoneOffsetMs(timeZone: string, epoch: EpochMs): number | null {
  const hour = Math.floor(epoch / HOUR_MS);
  const byHour = memo(hourOffsets, timeZone, () => new Map<number, number | null | 'varies'>());
  const cached = memo(byHour, hour, () => {
    const first = offsetNow(timeZone, hour * HOUR_MS);
    return first === offsetNow(timeZone, (hour + 1) * HOUR_MS - 1) ? first : 'varies';
  });
  return cached === 'varies' ? offsetNow(timeZone, epoch) : cached;
}

const DAY_MS = 86_400_000;
/** 1900-01-01 and 10000-01-01 UTC: inside, the calendar arithmetic below is exact and Date agrees. */
const FAST_FROM = -2_208_988_800_000;
const FAST_TO = 253_402_300_800_000;

/**
 * Wall-clock fields of a local time (epoch ms shifted by the offset) by integer
 * calendar arithmetic (days to civil date, H. Hinnant's algorithm), with no Date
 * object per call; outside 1900..9999 or for fractional ms, Date's own rules.
 */
function localFields(local: number, epoch: EpochMs, zone: string, off: number): ZonedFields {
  if (!(local >= FAST_FROM && local < FAST_TO) || !Number.isInteger(local)) return viaDate(local, epoch, zone, off);
  const days = Math.floor(local / DAY_MS);
  let ms = local - days * DAY_MS;
  const hour = Math.floor(ms / 3_600_000);
  ms -= hour * 3_600_000;
  const minute = Math.floor(ms / 60_000);
  ms -= minute * 60_000;
  const second = Math.floor(ms / 1000);
  // Civil date from days since 1970-01-01, in 400-year eras starting on March 1.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
  return {
    epoch,
    timeZone: zone,
    year,
    month,
    day: doy - Math.floor((153 * mp + 2) / 5) + 1,
    hour,
    minute,
    second,
    millisecond: ms - second * 1000,
    weekday: (((days + 4) % 7) + 7) % 7,
    // doy counts from March 1: January and February close the previous count.
    yearDay: month <= 2 ? doy - 306 : doy + 59 + leap,
    offsetMinutes: Math.round(off / 60_000),
  };
}

function viaDate(local: number, epoch: EpochMs, zone: string, off: number): ZonedFields {
  const d = new Date(local);
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
    yearDay: Math.round((midnight - jan1) / DAY_MS),
    offsetMinutes: Math.round(off / 60_000),
  };
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
  return localFields(epoch + off, epoch, zone, off);
}

/** For the test: the fields as Date computes them. */
export const zonedFieldsViaDate = (epoch: EpochMs, zone: string, off: number): ZonedFields => viaDate(epoch + off, epoch, zone, off);
