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

/** [first, last, region] ranges of numeric postcodes (or their first digits), looked up in order. */
type Ranges = readonly (readonly [number, number, string])[];
const inRanges = (ranges: Ranges, n: number) => ranges.find(([from, to]) => n >= from && n <= to)?.[2];

/**
 * French postcodes start with the département's number (01-95; 20 is Corsica, 2A and 2B);
 * the SPEC §3 regions are the metropolitan régions. Overseas (97, 98) and 00 do not decide.
 */
const FR_DEPARTEMENTS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['ARA', [1, 3, 7, 15, 26, 38, 42, 43, 63, 69, 73, 74]],
      ['BFC', [21, 25, 39, 58, 70, 71, 89, 90]],
      ['BRE', [22, 29, 35, 56]],
      ['CVL', [18, 28, 36, 37, 41, 45]],
      ['COR', [20]],
      ['GES', [8, 10, 51, 52, 54, 55, 57, 67, 68, 88]],
      ['HDF', [2, 59, 60, 62, 80]],
      ['IDF', [75, 77, 78, 91, 92, 93, 94, 95]],
      ['NOR', [14, 27, 50, 61, 76]],
      ['NAQ', [16, 17, 19, 23, 24, 33, 40, 47, 64, 79, 86, 87]],
      ['OCC', [9, 11, 12, 30, 31, 32, 34, 46, 48, 65, 66, 81, 82]],
      ['PDL', [44, 49, 53, 72, 85]],
      ['PAC', [4, 5, 6, 13, 83, 84]],
    ] as const
  ).flatMap(([region, numbers]) => numbers.map((n) => [String(n).padStart(2, '0'), region])),
);

function frRegion(code: string): string | undefined {
  return /^\d{5}$/.test(code) ? FR_DEPARTEMENTS[code.slice(0, 2)] : undefined;
}

/**
 * Irish Eircodes: only Dublin's postal districts (routing keys D01-D24 and D6W) lie wholly in
 * one county; the other routing areas cross county borders and do not decide.
 */
function ieRegion(code: string): string | undefined {
  return /^D(0[1-9]|1\d|2[0-4]|6W)/.test(code) ? 'D' : undefined;
}

/**
 * Norwegian postcode ranges wholly in one county (fylke, 2024). Ranges that cross a county
 * border (1500-1599 Moss and Vestby, 2100-2199, 2700-2799, 3070-3099, 3400-3699, 4400-4499,
 * 5400-5999, 6600-6799, 7980-7999, 9400-9499) do not decide.
 */
const NO_RANGES: Ranges = [
  [1, 1299, '03'], [1300, 1499, '32'], [1600, 1899, '31'], [1900, 2099, '32'], [2200, 2699, '34'], [2800, 2999, '34'],
  [3000, 3069, '33'], [3100, 3299, '39'], [3300, 3399, '33'], [3700, 3999, '40'], [4000, 4399, '11'], [4500, 4999, '42'],
  [5000, 5399, '46'], [6000, 6599, '15'], [6800, 6999, '46'], [7000, 7979, '50'], [8000, 8999, '18'], [9000, 9399, '55'],
  [9500, 9999, '56'],
];

/**
 * New Zealand postcode ranges wholly in one region; 8942 is the Chatham Islands. Ranges that
 * cross a region border (0500s, 2121-2999, 3000s, 3600s, 3900s, 4500s-4600s, 5500s-5600s,
 * 7000s-7100s, 9400s-9500s, 9700s) do not decide.
 */
const NZ_RANGES: Ranges = [
  [100, 499, 'NTL'], [600, 2120, 'AUK'], [3100, 3199, 'BOP'], [3200, 3599, 'WKO'], [3700, 3899, 'WKO'], [4010, 4099, 'GIS'],
  [4100, 4299, 'HKB'], [4300, 4399, 'TKI'], [4400, 4499, 'MWT'], [4700, 4999, 'MWT'], [5000, 5499, 'WGN'], [5700, 5899, 'WGN'],
  [6000, 6999, 'WGN'], [7200, 7299, 'MBH'], [7300, 7799, 'CAN'], [7800, 7899, 'WTC'], [7900, 7999, 'CAN'], [8942, 8942, 'CIT'],
  [8000, 8999, 'CAN'], [9000, 9399, 'OTA'], [9600, 9699, 'STL'], [9800, 9899, 'STL'],
];

/**
 * Swedish postcodes by their first three digits (checkout asks for up to three, SPEC §5),
 * ranges wholly in one county (län). Ranges that cross a county border (150-159, 190-199,
 * 280-299, 315-339, 360-369, 430-439, 570-579, 590-599, 610-619, 660-669, 690-699, 760-769,
 * 814-819, 840-849, 930-939) do not decide.
 */
const SE_RANGES: Ranges = [
  [100, 149, 'AB'], [160, 189, 'AB'], [200, 279, 'M'], [300, 314, 'N'], [340, 359, 'G'], [370, 379, 'K'], [380, 399, 'H'],
  [400, 429, 'O'], [440, 479, 'O'], [500, 549, 'O'], [550, 569, 'F'], [580, 589, 'E'], [600, 609, 'E'], [620, 624, 'I'],
  [630, 649, 'D'], [650, 659, 'S'], [670, 689, 'S'], [700, 719, 'T'], [720, 739, 'U'], [740, 759, 'C'], [770, 799, 'W'],
  [800, 813, 'X'], [820, 829, 'X'], [830, 839, 'Z'], [850, 899, 'Y'], [900, 929, 'AC'], [940, 989, 'BD'],
];

/** A whole 4-digit postcode (NO, NZ) in the ranges. */
const fourDigits = (ranges: Ranges, code: string) => (/^\d{4}$/.test(code) ? inRanges(ranges, Number(code)) : undefined);

function seRegion(code: string): string | undefined {
  // Three digits, or a whole postcode ('114 55') of which the first three decide.
  return /^\d{3}(\d{2})?$/.test(code) ? inRanges(SE_RANGES, Number(code.slice(0, 3))) : undefined;
}

/**
 * The region a postcode lies in, for countries whose postcodes decide it (US, CA, AU, ES and FR
 * wholly; GB, IE, NO, NZ and SE where the postcode's area lies in one region); undefined
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
    case 'FR':
      return frRegion(code.replace(/\s/g, ''));
    case 'IE':
      return ieRegion(code.replace(/\s/g, ''));
    case 'NO':
      return fourDigits(NO_RANGES, code);
    case 'NZ':
      return fourDigits(NZ_RANGES, code);
    case 'SE':
      return seRegion(code.replace(/\s/g, ''));
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
