/**
 * The corpus (and CLDR 42+) puts U+202F between a time and its day period
 * ("2:04\u202fPM"). Some builds of V8's ICU patch English back to a plain space in
 * `format()` but not in `formatRange()`, so the same render would mix both; we
 * normalise the literal before a day period to U+202F everywhere.
 */
const NNBSP = '\u202f';

function join(parts: readonly Intl.DateTimeFormatPart[]): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const next = parts[i + 1];
    const prev = parts[i - 1];
    // Only the AM/PM marker after a time; flexible periods ("in the afternoon") keep their space.
    const amPm = next?.type === 'dayPeriod' && !next.value.includes(' ') && /^(hour|minute|second)$/.test(prev?.type ?? '');
    out += p.type === 'literal' && p.value === ' ' && amPm ? NNBSP : p.value;
  }
  return out;
}

/**
 * Only a 12-hour clock or an explicit day period can produce an AM/PM part; other
 * formatters skip the (several times slower) parts and format directly.
 */
const plainFormatters = new WeakMap<Intl.DateTimeFormat, boolean>();

function needsParts(dtf: Intl.DateTimeFormat): boolean {
  let plain = plainFormatters.get(dtf);
  if (plain === undefined) {
    const o = dtf.resolvedOptions();
    plain = o.hour12 !== true && o.dayPeriod === undefined;
    plainFormatters.set(dtf, plain);
  }
  return !plain;
}

/**
 * Texts per formatter and instant(s). A DateTimeFormat fixes its locale, zone and
 * fields when it is made, so its text for an instant never changes; ICU's format
 * and above all formatRange cost microseconds, and pages show the same dates on
 * every render. Bounded: a formatter's table is cleared when full.
 */
const MAX_TEXTS = 256;
/** Ends per range start (so a formatter keeps at most 256 x 16 ranges). */
const MAX_ENDS = 16;
const instants = new WeakMap<Intl.DateTimeFormat, Map<number, string>>();
const ranges = new WeakMap<Intl.DateTimeFormat, Map<number, Map<number, string>>>();

function tableOf<K extends object, V>(tables: WeakMap<K, Map<number, V>>, key: K): Map<number, V> {
  let table = tables.get(key);
  if (table === undefined) {
    table = new Map();
    tables.set(key, table);
  } else if (table.size >= MAX_TEXTS) table.clear();
  return table;
}

/** `dtf.format(epoch)` with the day-period space normalised. */
export function formatInstant(dtf: Intl.DateTimeFormat, epoch: number): string {
  const table = tableOf(instants, dtf);
  let text = table.get(epoch);
  if (text === undefined) {
    text = needsParts(dtf) ? join(dtf.formatToParts(epoch)) : dtf.format(epoch);
    table.set(epoch, text);
  }
  return text;
}

/** `dtf.formatRange(a, b)` with the day-period space normalised. */
export function formatRange(dtf: Intl.DateTimeFormat, a: number, b: number): string {
  const byStart = tableOf(ranges, dtf);
  let byEnd = byStart.get(a);
  if (byEnd === undefined) {
    byEnd = new Map();
    byStart.set(a, byEnd);
  } else if (byEnd.size >= MAX_ENDS) byEnd.clear();
  let text = byEnd.get(b);
  if (text === undefined) {
    text = needsParts(dtf) ? join(dtf.formatRangeToParts(a, b) as Intl.DateTimeFormatPart[]) : dtf.formatRange(a, b);
    byEnd.set(b, text);
  }
  return text;
}
