/**
 * Issue 33 finding 6: where a country's postcode decides the region (a US ZIP Code's first
 * three digits name one state; a Canadian FSA's first letter one province), the region is
 * taken from the postcode, so a typed region cannot move an address into a lower tax.
 * Other countries keep the region the shopper chose.
 */
import { REGIONS } from './region-tables.js';

/** [first ZIP3, last ZIP3, region] in order; gaps are numbers no ZIP Code uses. */
const US_ZIP3: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'],
  [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [90, 99, 'AE'], [100, 149, 'NY'],
  [150, 196, 'PA'], [197, 199, 'DE'], [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'],
  [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 339, 'FL'],
  [340, 340, 'AA'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'],
  [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'], [530, 549, 'WI'],
  [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'],
  [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'], [700, 714, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'],
  [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'], [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'],
  [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'],
  [962, 966, 'AP'], [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

/** Canadian FSA first letter -> province (X is split between the two northern territories). */
const CA_LETTER: Readonly<Record<string, string>> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
};

function usRegion(code: string): string | undefined {
  const zip = /^(\d{5})(-?\d{4})?$/.exec(code)?.[1];
  if (!zip) return undefined;
  // American Samoa shares the 967 prefix with Hawaii; 969 is Guam, the Northern Marianas and the freely associated states.
  if (zip === '96799') return 'AS';
  const zip3 = Number(zip.slice(0, 3));
  if (zip3 === 969) return zip >= '96950' && zip <= '96952' ? 'MP' : zip <= '96932' ? 'GU' : undefined;
  return US_ZIP3.find(([from, to]) => zip3 >= from && zip3 <= to)?.[2];
}

function caRegion(code: string): string | undefined {
  const fsa = /^[A-Z]\d[A-Z]/.exec(code)?.[0];
  if (!fsa) return undefined;
  if (fsa[0] === 'X') return ['X0A', 'X0B', 'X0C'].includes(fsa) ? 'NU' : 'NT';
  return CA_LETTER[fsa[0]!];
}

/** Australian postcodes by range (Australia Post); [first, last, state] in order. */
const AU_RANGES: readonly (readonly [number, number, string])[] = [
  [200, 299, 'ACT'], [800, 999, 'NT'], [1000, 2599, 'NSW'], [2600, 2618, 'ACT'], [2619, 2899, 'NSW'], [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'], [3000, 3999, 'VIC'], [4000, 4999, 'QLD'], [5000, 5999, 'SA'], [6000, 6999, 'WA'], [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'], [9000, 9999, 'QLD'],
];
/** Postcodes that cross a state border (towns on both sides, Jervis Bay): they do not decide. */
const AU_SHARED = new Set([872, 2406, 2540, 2611, 2618, 2620, 3585, 3586, 3644, 3691, 3707, 4375, 4377, 4380, 4383, 4385]);

function auRegion(code: string): string | undefined {
  if (!/^\d{4}$/.test(code)) return undefined;
  const n = Number(code);
  if (AU_SHARED.has(n)) return undefined;
  return AU_RANGES.find(([from, to]) => n >= from && n <= to)?.[2];
}

/** Spanish postcodes start with the province's number (01-52); its autonomous community is the SPEC §3 region. */
const ES_PROVINCES = [
  'PV', 'CM', 'VC', 'AN', 'CL', 'EX', 'IB', 'CT', 'CL', 'EX', 'AN', 'VC', 'CM', 'AN', 'GA', 'CM', 'CT', 'AN', 'CM', 'PV', 'AN', 'AR', 'AN', 'CL', 'CT', 'RI',
  'GA', 'MD', 'AN', 'MC', 'NC', 'GA', 'AS', 'CL', 'CN', 'GA', 'CL', 'CN', 'CB', 'CL', 'AN', 'CL', 'CT', 'AR', 'CM', 'VC', 'CL', 'PV', 'CL', 'AR', 'CE', 'ML',
] as const;

function esRegion(code: string): string | undefined {
  if (!/^\d{5}$/.test(code)) return undefined;
  return ES_PROVINCES[Number(code.slice(0, 2)) - 1];
}

/**
 * UK postcode areas wholly in one nation (the outcode's letters): Northern Ireland's BT, the
 * Scottish areas, and the Welsh CF and SA. Areas that cross a border (TD, CA, CH, SY, LD, NP, LL)
 * and the English ones do not decide.
 */
const GB_AREAS: Readonly<Record<string, string>> = {
  BT: 'NIR', CF: 'WLS', SA: 'WLS',
  ...Object.fromEntries(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'ZE'].map((a) => [a, 'SCT'])),
};

function gbRegion(code: string): string | undefined {
  const area = /^([A-Z]{1,2})\d/.exec(code)?.[1];
  return area ? GB_AREAS[area] : undefined;
}

/**
 * The region a postcode lies in, for countries whose postcodes decide it (US, CA, AU and ES
 * wholly; GB where the area lies in one nation); undefined
 * when the country's postcodes do not, or the code is not a full one of the country.
 * @example postcodeRegion('US', '10001') === 'NY'
 */
export function postcodeRegion(country: string, postcode: string): string | undefined {
  const code = postcode.trim().toUpperCase();
  switch (country.toUpperCase()) {
    case 'US':
      return usRegion(code);
    case 'CA':
      return caRegion(code.replace(/\s/g, ''));
    case 'AU':
      return auRegion(code);
    case 'ES':
      return esRegion(code);
    case 'GB':
      return gbRegion(code.replace(/\s/g, ''));
    default:
      return undefined;
  }
}

/** SPEC §3 region table name of a code, for messages ('New York'); the code itself when the table has none. */
export function regionName(country: string, region: string): string {
  return REGIONS[country.toUpperCase()]?.find(([code]) => code === region)?.[1] ?? region;
}

export interface ResolvedRegion {
  /** The region checkout prices with (the postcode's where it decides, else the typed one). */
  region?: string;
  /** Set when the typed region disagrees with the postcode's: a field message for `region`. */
  mismatch?: string;
}

/**
 * The region an address is taxed and shipped by. A typed region that disagrees with the
 * postcode's is a mismatch (the caller refuses it with a field error); a missing one is
 * filled in from the postcode.
 * @example resolveRegion('US', 'OR', '10001').mismatch === 'This ZIP / postal code is in New York, not Oregon.'
 */
export function resolveRegion(country: string, typed: string | undefined, postcode: string | undefined): ResolvedRegion {
  const chosen = typed?.trim().toUpperCase() || undefined;
  const derived = postcode ? postcodeRegion(country, postcode) : undefined;
  if (!derived) return chosen ? { region: chosen } : {};
  if (chosen && chosen !== derived) {
    return { region: derived, mismatch: `This ZIP / postal code is in ${regionName(country, derived)}, not ${regionName(country, chosen)}.` };
  }
  return { region: derived };
}
