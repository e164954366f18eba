/**
 * GeoNames first-level division codes → the region codes of the checkout's SPEC §3 region
 * tables (client/islands/checkout/regions.ts), for the countries whose codes differ.
 * US and GB already use the checkout's codes; countries not listed get no region (the
 * shopper picks it), since a wrong guess is worse than an empty select.
 */
const GEONAMES_REGIONS: Record<string, Record<string, string>> = {
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU' },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
  FR: { '11': 'IDF', '24': 'CVL', '27': 'BFC', '28': 'NOR', '32': 'HDF', '44': 'GES', '52': 'PDL', '53': 'BRE', '75': 'NAQ', '76': 'OCC', '84': 'ARA', '93': 'PAC', '94': 'COR' },
  ES: {
    '07': 'IB', '27': 'RI', '29': 'MD', '31': 'MC', '32': 'NC', '34': 'AS', '39': 'CB', '51': 'AN', '52': 'AR', '53': 'CN',
    '54': 'CM', '55': 'CL', '56': 'CT', '57': 'EX', '58': 'GA', '59': 'PV', '60': 'VC', CE: 'CE', ML: 'ML',
  },
  NZ: {
    E7: 'AUK', E8: 'BOP', E9: 'CAN', F1: 'GIS', F2: 'HKB', F3: 'MWT', F4: 'MBH', F5: 'NSN', F6: 'NTL', F7: 'OTA', F8: 'STL',
    F9: 'TKI', G1: 'WKO', G2: 'WGN', G3: 'WTC', TAS: 'TAS', '10': 'CIT',
  },
};

/** Countries whose GeoNames codes are already the checkout's. */
const SAME_CODES = new Set(['US', 'GB']);

/** The checkout region code of a GeoNames admin1 code, or '' when unknown. */
export function checkoutRegion(country: string, adminCode: string): string {
  if (SAME_CODES.has(country)) return adminCode;
  return GEONAMES_REGIONS[country]?.[adminCode] ?? '';
}

/**
 * A Canadian postcode's province from its first letter (Canada Post's forward sortation
 * areas); X splits between Nunavut (X0A-X0C) and the Northwest Territories.
 */
export function canadianProvince(fsa: string): string {
  if (/^X0[ABC]/.test(fsa)) return 'NU';
  const byLetter: Record<string, string> = {
    A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
    R: 'MB', S: 'SK', T: 'AB', V: 'BC', X: 'NT', Y: 'YT',
  };
  return byLetter[fsa[0] ?? ''] ?? '';
}

/** US territories GeoNames files as countries; the checkout has them as US regions (SPEC §3). */
export const US_TERRITORIES = ['PR', 'GU', 'VI', 'MP', 'AS'] as const;

/** The countries the offline index covers: the checkout's country list (SPEC §3 region tables first). */
export const PLACE_COUNTRIES: Record<string, string> = {
  US: 'United States', CA: 'Canada', GB: 'United Kingdom', AU: 'Australia', NZ: 'New Zealand', IE: 'Ireland', FR: 'France', ES: 'Spain',
  SE: 'Sweden', NO: 'Norway', DE: 'Germany', JP: 'Japan', NL: 'Netherlands', IT: 'Italy',
};
