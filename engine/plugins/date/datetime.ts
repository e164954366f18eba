/**
 * The `datetime` formatter's options (`short`, `date:full time:short`,
 * `skeleton:yMMMd`, `wrap:full`, `calendar:japanese`, `context:begin-sentence`)
 * and their rendering with Intl.DateTimeFormat in the site's time zone.
 */
import { formatInstant } from './day-period-space.js';
import { skeletonOptions } from './skeleton.js';
import { dateTimeFormat, memo } from '../intl.js';
import { ownEntry } from '../../values.js';
import { parsedArgs } from '../parsed-args.js';

export type Width = 'short' | 'medium' | 'long' | 'full';

export interface DatetimeOptions {
  date?: Width;
  time?: Width;
  skeleton?: string;
  wrap?: Width;
  calendar?: string;
  beginSentence?: boolean;
}

const WIDTHS = new Set<string>(['short', 'medium', 'long', 'full']);
const CALENDARS: Record<string, string> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  persian: 'persian',
  japanese: 'japanese',
};

const isWidth = (s: string): s is Width => WIDTHS.has(s);

/**
 * Parse `key:value` and bare arguments; non-width date/time values and bare
 * words are skeleton fields.
 * @example parseDatetimeArgs(['date:full', 'time:short']) // { date: 'full', time: 'short' }
 */
export function parseDatetimeArgs(args: readonly string[]): DatetimeOptions {
  const o: DatetimeOptions = {};
  const addSkeleton = (s: string) => {
    o.skeleton = (o.skeleton ?? '') + s;
  };
  for (const arg of args) {
    const i = arg.indexOf(':');
    const key = i === -1 ? arg : arg.slice(0, i);
    const val = i === -1 ? '' : arg.slice(i + 1);
    if (val === '') {
      if (key === 'date') o.date = 'short';
      else if (key === 'time') o.time = 'short';
      else if (isWidth(key)) o.date = o.time = key;
      else if (key) addSkeleton(key);
      continue;
    }
    switch (key) {
      case 'date':
      case 'time':
      case 'datetime':
        if (!isWidth(val)) addSkeleton(val);
        else if (key === 'datetime') o.date = o.time = val;
        else o[key] = val;
        break;
      case 'skeleton':
        o.skeleton = val;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (isWidth(val)) o.wrap = val;
        break;
      case 'calendar':
        if (ownEntry(CALENDARS, val)) o.calendar = ownEntry(CALENDARS, val);
        break;
      case 'context':
        o.beginSentence = val === 'begin-sentence';
        break;
      default:
        break;
    }
  }
  return o;
}

/** Locale tag with the calendar extension when one is asked for. */
export function withCalendar(locale: string, calendar: string | undefined): string {
  if (!calendar || calendar === 'gregory') return locale;
  return `${locale}${locale.includes('-u-') ? '' : '-u'}-ca-${calendar}`;
}

/**
 * Join a date and a time with the locale's glue for `width` (", " or " at " in
 * English), read from Intl by formatting a probe both ways.
 */
export function glue(locale: string, width: Width, date: string, time: string): string {
  const { both, d, t } = memo(glueProbes, `${locale}|${width}`, () => {
    const probe = Date.UTC(2001, 0, 2, 3, 4, 5);
    const fmt = (o: Intl.DateTimeFormatOptions) => formatInstant(dateTimeFormat(locale, { timeZone: 'UTC', ...o }), probe);
    return { d: fmt({ dateStyle: width }), t: fmt({ timeStyle: width }), both: fmt({ dateStyle: width, timeStyle: width }) };
  });
  const di = both.indexOf(d);
  const ti = both.indexOf(t);
  if (di === -1 || ti === -1) return `${date} ${time}`;
  if (di < ti) return both.slice(0, di) + date + both.slice(di + d.length, ti) + time + both.slice(ti + t.length);
  return both.slice(0, ti) + time + both.slice(ti + t.length, di) + date + both.slice(di + d.length);
}

/** The probe's date, time and both, per `locale|width`: they never change. */
const glueProbes = new Map<string, { both: string; d: string; t: string }>();

/**
 * The formatter for `spec` (a string naming `opts`) in a zone. Options objects are
 * built per call, so a cheap string key here saves the shared cache's JSON key.
 */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

export function zonedFormat(locale: string, timeZone: string, spec: string, opts: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memo(zonedFormats, `${locale}|${timeZone}|${spec}`, () => dateTimeFormat(locale, { timeZone, ...opts() }));
}

function capitalize(s: string, locale: string): string {
  return s.length ? s[0].toLocaleUpperCase(locale) + s.slice(1) : s;
}

/**
 * Render `epoch` per the parsed options. With nothing asked for, a long date.
 * @example formatDatetime(0, {}, 'en-US', 'UTC') === 'January 1, 1970'
 */
export function formatDatetime(epoch: number, o: DatetimeOptions, locale: string, timeZone: string): string {
  const loc = withCalendar(locale, o.calendar);
  const fmt = (spec: string, opts: () => Intl.DateTimeFormatOptions) => formatInstant(zonedFormat(loc, timeZone, spec, opts), epoch);
  const skeleton = (s: string) => fmt(`skeleton:${s}`, () => skeletonOptions(s));
  const dateStyle = (w: Width) => fmt(`date:${w}`, () => ({ dateStyle: w }));
  const timeStyle = (w: Width) => fmt(`time:${w}`, () => ({ timeStyle: w }));
  let out: string;
  if (o.skeleton !== undefined && o.date === undefined && o.time === undefined) {
    out = skeleton(o.skeleton);
  } else if (o.date && o.time && !o.skeleton && !o.wrap) {
    const [d, t] = [o.date, o.time];
    out = fmt(`date:${d} time:${t}`, () => ({ dateStyle: d, timeStyle: t }));
  } else if (o.date || o.time) {
    const date = o.date ? dateStyle(o.date) : o.skeleton ? skeleton(o.skeleton) : '';
    const time = o.time ? timeStyle(o.time) : o.skeleton && o.date ? skeleton(o.skeleton) : '';
    const width = o.wrap ?? o.date ?? o.time ?? 'short';
    out = date && time ? glue(loc, width, date, time) : date || time;
  } else {
    out = dateStyle('long');
  }
  return o.beginSentence ? capitalize(out, locale) : out;
}

const datetimeArgs = new WeakMap<readonly string[], DatetimeOptions>();

/** `parseDatetimeArgs`, once per frozen argument array (parsed-args.ts). */
export function parsedDatetimeArgs(args: readonly string[]): DatetimeOptions {
  return parsedArgs(datetimeArgs, args, parseDatetimeArgs);
}
