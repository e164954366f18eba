/**
 * The `datetime-interval` formatter: a range of two instants with Intl's
 * formatRange (ICU puts U+2009 around the dash). Without a skeleton the range
 * shows times when both ends fall on the same day, else a medium date.
 */
import { glue, zonedFormat } from './datetime.js';
import { formatInstant, formatRange } from './day-period-space.js';
import { hasDateFields, hasTimeFields, skeletonOptions } from './skeleton.js';
import { zonedFields } from './zoned.js';
import { dateTimeFormat, memo } from '../intl.js';
import { parsedArgs } from '../parsed-args.js';

export interface IntervalOptions {
  skeleton?: string;
  beginSentence?: boolean;
}

/** Parse `skeleton:x`, `context:x` and a bare skeleton argument. */
export function parseIntervalArgs(args: readonly string[]): IntervalOptions {
  const o: IntervalOptions = {};
  for (const arg of args) {
    const i = arg.indexOf(':');
    if (i === -1) {
      if (arg && !['context', 'skeleton', 'date', 'time'].includes(arg)) o.skeleton = arg;
      continue;
    }
    const key = arg.slice(0, i);
    const val = arg.slice(i + 1);
    if (key === 'skeleton' && val) o.skeleton = val;
    else if (key === 'context') o.beginSentence = val === 'begin-sentence';
  }
  return o;
}

function sameDay(a: number, b: number, timeZone: string): boolean {
  const x = zonedFields(a, timeZone);
  const y = zonedFields(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

function defaultSkeleton(start: number, end: number, timeZone: string): string {
  return sameDay(start, end, timeZone) ? 'hm' : 'yMMMd';
}

/**
 * A skeleton of only a weekday cannot tell two instants apart; the reference
 * then shows each end's weekday and time of day ("Tue, 3:51 PM – Mon, 10:25 AM"),
 * which ICU's range patterns would pad with the date, so the ends are joined
 * with the locale's range separator instead.
 */
function isWeekdayOnly(skeleton: string): boolean {
  return !hasTimeFields(skeleton) && !/[GyYuMLd]/.test(skeleton) && hasDateFields(skeleton);
}

/** The locale's separator between the ends of a range (en: thin space, en dash, thin space). */
function rangeSeparator(locale: string): string {
  return memo(rangeSeparators, locale, () => {
    const fmt = dateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric' });
    const a = Date.UTC(2001, 5, 1);
    const b = Date.UTC(2003, 5, 1);
    const range = fmt.formatRange(a, b);
    const first = fmt.format(a);
    const last = fmt.format(b);
    if (!range.startsWith(first) || !range.endsWith(last)) return ' – ';
    return range.slice(first.length, range.length - last.length);
  });
}

const rangeSeparators = new Map<string, string>();

/**
 * @example formatInterval(0, 3_600_000, {}, 'en-US', 'UTC') === '12:00\u2009–\u20091:00\u202fAM'
 */
export function formatInterval(start: number, end: number, o: IntervalOptions, locale: string, timeZone: string): string {
  const skeleton = o.skeleton ?? defaultSkeleton(start, end, timeZone);
  const [a, b] = start <= end ? [start, end] : [end, start];
  let out: string;
  if (isWeekdayOnly(skeleton)) {
    const day = zonedFormat(locale, timeZone, `skeleton:${skeleton}`, () => skeletonOptions(skeleton));
    const time = zonedFormat(locale, timeZone, 'skeleton:hm', () => skeletonOptions('hm'));
    const end = (t: number) => glue(locale, 'short', formatInstant(day, t), formatInstant(time, t));
    out = end(a) + rangeSeparator(locale) + end(b);
  } else {
    out = formatRange(zonedFormat(locale, timeZone, `skeleton:${skeleton}`, () => skeletonOptions(skeleton)), a, b);
  }
  return o.beginSentence && out ? out[0].toLocaleUpperCase(locale) + out.slice(1) : out;
}

const intervalArgs = new WeakMap<readonly string[], IntervalOptions>();

/** `parseIntervalArgs`, once per frozen argument array (parsed-args.ts). */
export function parsedIntervalArgs(args: readonly string[]): IntervalOptions {
  return parsedArgs(intervalArgs, args, parseIntervalArgs);
}
