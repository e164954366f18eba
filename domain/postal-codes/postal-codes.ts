/**
 * SPEC §5 postal codes. Shipping zones match on the leading part of a postcode (the
 * outward code), so an owner enters only that part and the rules below check it; a
 * shopper's address keeps its full postcode, which `postcodeZoneKey` reduces to the
 * same part.
 */
interface PostcodeRule {
  zonePattern: RegExp;
  /** A full postcode of an address (the zone part alone is accepted too). */
  addressPattern: RegExp;
  message: string;
  /** The part of a full postcode that zones match on. */
  zoneKey: (postcode: string) => string;
}

const INVALID = 'Invalid postal code.';
const digits = (n: number) => (code: string) => code.replace(/\D/g, '').slice(0, n);
const leading = (n: number) => (code: string) => code.replace(/\s/g, '').slice(0, n);

const RULES: Record<string, PostcodeRule> = {
  US: { zonePattern: /^\d{5}$/, addressPattern: /^\d{5}(-?\d{4})?$/, message: 'ZIP Codes need to be 5 digits.', zoneKey: digits(5) },
  CA: { zonePattern: /^[A-Z]\d[A-Z]$/, addressPattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, message: 'An FSA code is invalid.', zoneKey: leading(3) },
  AU: { zonePattern: /^\d{4}$/, addressPattern: /^\d{4}$/, message: INVALID, zoneKey: digits(4) },
  // The outward code is everything before the last three characters of a full postcode.
  GB: {
    zonePattern: /^[A-Z0-9]{1,4}$/,
    addressPattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    message: 'Enter only the 1-4 character outcode portion of postcodes.',
    zoneKey: (code) => {
      const compact = code.replace(/\s/g, '');
      return compact.length > 4 ? compact.slice(0, -3) : compact;
    },
  },
  FR: { zonePattern: /^\d{5}$/, addressPattern: /^\d{5}$/, message: INVALID, zoneKey: digits(5) },
  NZ: { zonePattern: /^\d{4}$/, addressPattern: /^\d{4}$/, message: INVALID, zoneKey: digits(4) },
  NO: { zonePattern: /^\d{4}$/, addressPattern: /^\d{4}$/, message: INVALID, zoneKey: digits(4) },
  SE: { zonePattern: /^\d{1,3}$/, addressPattern: /^\d{3} ?\d{2}$/, message: 'Enter up to 3 digits of the postcode', zoneKey: digits(3) },
  ES: { zonePattern: /^\d{5}$/, addressPattern: /^\d{5}$/, message: INVALID, zoneKey: digits(5) },
  IE: { zonePattern: /^[A-Z0-9]{3}$/, addressPattern: /^[A-Z\d]{3} ?[A-Z\d]{4}$/, message: 'Enter only the first three characters of the Eircode', zoneKey: leading(3) },
};

function normalise(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The SPEC §5 message for a postcode an owner enters for zone matching, or null when it
 * is acceptable. Unknown countries accept anything.
 * @example zonePostcodeError('US', '1234') === 'ZIP Codes need to be 5 digits.'
 */
export function zonePostcodeError(country: string, code: string): string | null {
  const rule = RULES[country.toUpperCase()];
  if (!rule) return null;
  return rule.zonePattern.test(normalise(code)) ? null : rule.message;
}

/** The part of a shopper's full postcode that shipping zones match on. */
export function postcodeZoneKey(country: string, postcode: string): string {
  const rule = RULES[country.toUpperCase()];
  return rule ? rule.zoneKey(normalise(postcode)) : normalise(postcode);
}

/**
 * Checks a shopper's postcode: a full postcode of the country, or just its zone part
 * ('SW1A 1AA', 'SW1A', '94107-1234' pass; '9410' does not), with the same SPEC texts.
 */
export function addressPostcodeError(country: string, postcode: string): string | null {
  const rule = RULES[country.toUpperCase()];
  if (!rule) return null;
  const code = normalise(postcode);
  return rule.addressPattern.test(code) || rule.zonePattern.test(code) ? null : rule.message;
}
