/**
 * Relative time: the `relative-time` formatter (Intl.RelativeTimeFormat) and
 * the legacy English phrasing of `timesince` (SPEC §8, §9).
 */
import { relativeTimeFormat } from '../intl.js';
import { ownEntry } from '../../values.js';
import { parsedArgs } from '../parsed-args.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

const UNITS: readonly [Unit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

export interface RelativeOptions {
  allowWeeks?: boolean;
  beginSentence?: boolean;
  field?: Unit;
  style?: 'long' | 'short' | 'narrow';
}

const FIELDS = new Set<string>(UNITS.map(([u]) => u));
const WIDTHS: Record<string, RelativeOptions['style']> = { wide: 'long', short: 'short', narrow: 'narrow' };

/** Parse `allowWeeks:true`, `context:begin-sentence`, `field:day`, `width:short`. */
export function parseRelativeArgs(args: readonly string[]): RelativeOptions {
  const o: RelativeOptions = {};
  for (const arg of args) {
    const i = arg.indexOf(':');
    const key = i === -1 ? arg : arg.slice(0, i);
    const val = i === -1 ? '' : arg.slice(i + 1);
    if (key === 'allowWeeks') o.allowWeeks = val === 'true';
    else if (key === 'context') o.beginSentence = val === 'begin-sentence';
    else if (key === 'field' && FIELDS.has(val)) o.field = val as Unit;
    else if (key === 'width' && ownEntry(WIDTHS, val)) o.style = ownEntry(WIDTHS, val)!;
  }
  return o;
}

/**
 * Phrase the distance from `start` to `end` in the largest whole unit that fits.
 * @example formatRelative(0, 7_200_000, {}, 'en-US') === 'in 2 hours'
 */
export function formatRelative(start: number, end: number, o: RelativeOptions, locale: string): string {
  const delta = end - start;
  const abs = Math.abs(delta);
  let unit: Unit = 'second';
  let size = SECOND;
  for (const [u, ms] of UNITS) {
    if (o.field ? u === o.field : abs >= ms && (u !== 'week' || o.allowWeeks)) {
      unit = u;
      size = ms;
      break;
    }
  }
  const n = Math.round(abs / size) * Math.sign(delta);
  const out = relativeTimeFormat(locale, { numeric: 'always', style: o.style ?? 'long' }).format(n === 0 ? 0 : n, unit);
  return o.beginSentence && out ? out[0].toLocaleUpperCase(locale) + out.slice(1) : out;
}

function about(n: number, unit: string): string {
  if (n !== 1) return `about ${n} ${unit}s ago`;
  return unit === 'hour' ? 'about an hour ago' : `about a ${unit} ago`;
}

/**
 * The legacy "time since" phrase for a delta in ms (SPEC §9: units from a
 * minute up to a year, 'about N units ago'; under a minute 'less than a minute ago').
 * @example humanizeSince(90 * 60_000) === 'about an hour ago'
 */
export function humanizeSince(deltaMs: number): string {
  const secs = Math.trunc(deltaMs / 1000);
  const days = Math.trunc(secs / 86_400);
  const steps: [number, string][] = [
    [Math.trunc(days / 365), 'year'],
    [Math.trunc(days / 30), 'month'],
    [Math.trunc(days / 7), 'week'],
    [days, 'day'],
    [Math.trunc((secs - days * 86_400) / 3600), 'hour'],
    [Math.trunc((secs - days * 86_400) / 60), 'minute'],
  ];
  for (const [n, unit] of steps) if (n > 0) return about(n, unit);
  return 'less than a minute ago';
}

const relativeArgs = new WeakMap<readonly string[], RelativeOptions>();

/** `parseRelativeArgs`, once per frozen argument array (parsed-args.ts). */
export function parsedRelativeArgs(args: readonly string[]): RelativeOptions {
  return parsedArgs(relativeArgs, args, parseRelativeArgs);
}
