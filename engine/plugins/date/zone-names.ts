/**
 * Short time-zone names for strftime %Z. CLDR only gives a zone its alphabetic
 * abbreviation in the locales where it is commonly used (JST in ja, AEDT in
 * en-AU, EST in en-US), so we ask Intl in a few such locales and keep the first
 * alphabetic answer, falling back to the GMT-offset form.
 */
import { dateTimeFormat, memo } from '../intl.js';
const PROBE_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ', 'en-SG', 'en-CA', 'ja-JP', 'pt-BR'];

const cache = new Map<string, string>();

function shortName(locale: string, timeZone: string, epoch: number): string {
  const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(epoch);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * Abbreviations per zone and instant: a pure function of the two (each probe is an
 * Intl formatToParts, and a page shows the same instants on every render).
 * Bounded: a zone's table is cleared when full.
 */
const MAX_INSTANTS = 256;
const byZone = new Map<string, Map<number, string>>();

/**
 * The abbreviation of `timeZone` at `epoch`.
 * @example zoneAbbreviation('Asia/Tokyo', 0) === 'JST'
 */
export function zoneAbbreviation(timeZone: string, epoch: number): string {
  const table = memo(byZone, timeZone, () => new Map<number, string>());
  let name = table.get(epoch);
  if (name === undefined) {
    name = probe(timeZone, epoch);
    if (table.size >= MAX_INSTANTS) table.clear();
    table.set(epoch, name);
  }
  return name;
}

function probe(timeZone: string, epoch: number): string {
  const fallback = shortName('en-US', timeZone, epoch);
  if (/^[A-Z]{2,5}$/.test(fallback)) return fallback;
  const key = `${timeZone}|${fallback}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let found = fallback;
  for (const locale of PROBE_LOCALES) {
    const name = shortName(locale, timeZone, epoch);
    if (/^[A-Z]{2,5}$/.test(name)) {
      found = name;
      break;
    }
  }
  cache.set(key, found);
  return found;
}
