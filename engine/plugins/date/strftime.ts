/**
 * strftime-style patterns of the `date` formatter (`%A, %B %d`), rendered in
 * a time zone with the locale's names for days, months and day periods.
 */
import { isoWeek, weekOfYear } from './weeks.js';
import { zoneAbbreviation } from './zone-names.js';
import { zonedFields, type EpochMs, type ZonedFields } from './zoned.js';
import { dateTimeFormat, memo } from '../intl.js';
import { ownEntry } from '../../values.js';

type Field = (f: ZonedFields, names: NameSource) => string;

/** Locale names read from Intl in the instant's zone. */
export interface NameSource {
  weekday(style: 'short' | 'long'): string;
  month(style: 'short' | 'long'): string;
  dayPeriod(): string;
}

/**
 * Names are a function of the fields alone where the locale's calendar is Gregorian
 * (other calendars' months do not follow ours): each is read from a fixed UTC date
 * with that weekday, month or hour, so a cached name can never belong to another
 * instant. Other calendars format the instant itself, uncached.
 */
interface LocaleNames {
  readonly gregorian: boolean;
  /** Indexed by weekday (0 = Sunday), month - 1, and hour * 2 + (on the hour ? 1 : 0). */
  readonly shortWeekdays: string[];
  readonly longWeekdays: string[];
  readonly shortMonths: string[];
  readonly longMonths: string[];
  readonly dayPeriods: string[];
}

/** Per locale, filled lazily; arrays indexed by field avoid building a key string per name. */
const localeNames = new Map<string, LocaleNames>();

function namesOf(locale: string): LocaleNames {
  return memo(localeNames, locale, () => ({
    gregorian: dateTimeFormat(locale).resolvedOptions().calendar === 'gregory',
    shortWeekdays: [],
    longWeekdays: [],
    shortMonths: [],
    longMonths: [],
    dayPeriods: [],
  }));
}

function partOf(locale: string, timeZone: string, epoch: number, opts: Intl.DateTimeFormatOptions, type: string): string {
  const parts = dateTimeFormat(locale, { timeZone, ...opts }).formatToParts(epoch);
  return parts.find((p) => p.type === type)?.value ?? '';
}

// 2023-01-01 was a Sunday.
const weekdayProbe = (weekday: number) => Date.UTC(2023, 0, 1 + weekday, 12);
const monthProbe = (month: number) => Date.UTC(2023, month - 1, 15, 12);
const hourProbe = (hour: number, onTheHour: boolean) => Date.UTC(2023, 0, 15, hour, onTheHour ? 0 : 30);

const SHORT_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const LONG_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };
const SHORT_MONTH: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const LONG_MONTH: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric' };
const DAY_PERIOD: Intl.DateTimeFormatOptions = { hour: 'numeric', hour12: true };

/** Locale names of the instant `f`: from the locale's table (Gregorian) or the instant itself. */
class IntlNames implements NameSource {
  private readonly table: LocaleNames;

  constructor(
    private readonly locale: string,
    private readonly f: ZonedFields,
  ) {
    this.table = namesOf(locale);
  }

  private name(list: string[], index: number, probe: number, opts: Intl.DateTimeFormatOptions, type: string): string {
    if (!this.table.gregorian) return partOf(this.locale, this.f.timeZone, this.f.epoch, opts, type);
    return (list[index] ??= partOf(this.locale, 'UTC', probe, opts, type));
  }

  weekday(style: 'short' | 'long'): string {
    const w = this.f.weekday;
    return style === 'short'
      ? this.name(this.table.shortWeekdays, w, weekdayProbe(w), SHORT_WEEKDAY, 'weekday')
      : this.name(this.table.longWeekdays, w, weekdayProbe(w), LONG_WEEKDAY, 'weekday');
  }

  month(style: 'short' | 'long'): string {
    const m = this.f.month;
    return style === 'short'
      ? this.name(this.table.shortMonths, m - 1, monthProbe(m), SHORT_MONTH, 'month')
      : this.name(this.table.longMonths, m - 1, monthProbe(m), LONG_MONTH, 'month');
  }

  dayPeriod(): string {
    const f = this.f;
    const onTheHour = f.minute === 0 && f.second === 0 && f.millisecond === 0;
    return this.name(this.table.dayPeriods, f.hour * 2 + (onTheHour ? 1 : 0), hourProbe(f.hour, onTheHour), DAY_PERIOD, 'dayPeriod');
  }
}

const pad = (n: number, width = 2, fill = '0'): string => String(n).padStart(width, fill);
const hour12 = (f: ZonedFields): number => (f.hour % 12 === 0 ? 12 : f.hour % 12);

function offset(f: ZonedFields): string {
  const m = Math.abs(f.offsetMinutes);
  return `${f.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

const FIELDS: Record<string, Field> = {
  a: (f, n) => n.weekday('short'),
  A: (f, n) => n.weekday('long'),
  b: (f, n) => n.month('short'),
  B: (f, n) => n.month('long'),
  c: (f, n) =>
    `${n.weekday('short')}, ${n.month('short')} ${f.day}, ${f.year} ${hour12(f)}:${pad(f.minute)}:${pad(f.second)} ` +
    `${n.dayPeriod()} ${zoneAbbreviation(f.timeZone, f.epoch)}`,
  C: (f) => String(Math.floor(f.year / 100)),
  d: (f) => pad(f.day),
  D: (f) => `${pad(f.month)}/${pad(f.day)}/${pad(f.year % 100)}`,
  e: (f) => pad(f.day, 2, ' '),
  F: (f) => `${f.year}-${pad(f.month)}-${pad(f.day)}`,
  g: (f) => pad(isoWeek(f).year % 100),
  G: (f) => String(isoWeek(f).year),
  h: (f, n) => n.month('short'),
  H: (f) => pad(f.hour),
  I: (f) => pad(hour12(f)),
  j: (f) => pad(f.yearDay + 1, 3),
  k: (f) => pad(f.hour, 2, ' '),
  l: (f) => pad(hour12(f), 2, ' '),
  m: (f) => pad(f.month),
  M: (f) => pad(f.minute),
  n: () => '\n',
  N: (f) => pad(f.millisecond * 1_000_000, 9),
  p: (f, n) => n.dayPeriod(),
  P: (f, n) => n.dayPeriod().toLowerCase(),
  q: (f) => String(Math.floor((f.month - 1) / 3) + 1),
  r: (f, n) => `${hour12(f)}:${pad(f.minute)}:${pad(f.second)} ${n.dayPeriod()}`,
  R: (f) => `${pad(f.hour)}:${pad(f.minute)}`,
  s: (f) => String(Math.floor(f.epoch / 1000)),
  S: (f) => pad(f.second),
  t: () => '\t',
  T: (f) => `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`,
  u: (f) => String(f.weekday === 0 ? 7 : f.weekday),
  U: (f) => pad(weekOfYear(f)),
  v: (f, n) => `${f.day}-${n.month('short')}-${f.year}`,
  V: (f) => pad(isoWeek(f).week),
  w: (f) => String(f.weekday),
  W: (f) => pad(weekOfYear(f)),
  x: (f) => `${pad(f.month)}/${pad(f.day)}/${f.year}`,
  X: (f, n) => `${pad(hour12(f))}:${pad(f.minute)}:${pad(f.second)} ${n.dayPeriod()}`,
  y: (f) => pad(f.year % 100),
  Y: (f) => String(f.year),
  z: (f) => offset(f),
  Z: (f) => zoneAbbreviation(f.timeZone, f.epoch),
};

/**
 * Format `epoch` with a strftime pattern. Unknown conversions render nothing;
 * `%%` is a percent sign and a trailing `%` is kept.
 * @example strftime(0, '%Y-%m-%d', 'UTC', 'en-US') === '1970-01-01'
 */
export function strftime(epoch: EpochMs, pattern: string, timeZone: string, locale: string): string {
  const f = zonedFields(epoch, timeZone);
  const parts = compiledPattern(pattern);
  let names: NameSource | undefined;
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    out += typeof part === 'string' ? part : part(f, (names ??= new IntlNames(locale, f)));
  }
  return out;
}

/** A pattern as literal runs and field functions, split once per pattern (patterns repeat on every render). */
type PatternPart = string | Field;
const patterns = new Map<string, readonly PatternPart[]>();

function compiledPattern(pattern: string): readonly PatternPart[] {
  return memo(patterns, pattern, () => {
    const parts: PatternPart[] = [];
    let text = '';
    for (let i = 0; i < pattern.length; i++) {
      const ch = pattern[i];
      if (ch !== '%' || i === pattern.length - 1) {
        text += ch;
        continue;
      }
      const spec = pattern[++i];
      if (spec === '%') {
        text += '%';
        continue;
      }
      const field = ownEntry(FIELDS, spec);
      if (field) {
        if (text !== '') parts.push(text);
        text = '';
        parts.push(field);
      }
    }
    if (text !== '') parts.push(text);
    return Object.freeze(parts);
  });
}
