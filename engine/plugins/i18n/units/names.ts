/**
 * Display of a unit amount. Intl.NumberFormat's `style: 'unit'` covers the
 * units ECMA-402 sanctions; for the others (arc-minute, radian, square-*, hertz,
 * watt ...) Intl has no data, so English CLDR patterns are kept here as the
 * fallback for every locale.
 */
export type Width = 'narrow' | 'short' | 'long';

// [narrow, short, long-one, long-other]; `{0}` is the number; narrow/short plural with a '|' (one|other).
const EN: Record<string, [string, string, string, string]> = {
  'arc-minute': ['{0}′', '{0} arcmin|{0} arcmins', '{0} arcminute', '{0} arcminutes'],
  'arc-second': ['{0}″', '{0} arcsec|{0} arcsecs', '{0} arcsecond', '{0} arcseconds'],
  radian: ['{0}rad', '{0} rad', '{0} radian', '{0} radians'],
  revolution: ['{0}rev', '{0} rev', '{0} revolution', '{0} revolutions'],
  point: ['{0}pt', '{0} pt', '{0} point', '{0} points'],
  'square-centimeter': ['{0}cm²', '{0} cm²', '{0} square centimeter', '{0} square centimeters'],
  'square-meter': ['{0}m²', '{0} m²', '{0} square meter', '{0} square meters'],
  'square-kilometer': ['{0} km²', '{0} km²', '{0} square kilometer', '{0} square kilometers'],
  'square-inch': ['{0}in²', '{0} in²', '{0} square inch', '{0} square inches'],
  'square-foot': ['{0}ft²', '{0} sq ft', '{0} square foot', '{0} square feet'],
  'square-yard': ['{0}yd²', '{0} yd²', '{0} square yard', '{0} square yards'],
  'square-mile': ['{0}mi²', '{0} sq mi', '{0} square mile', '{0} square miles'],
  century: ['{0}c', '{0} c', '{0} century', '{0} centuries'],
  'light-year': ['{0}ly', '{0} ly', '{0} light year', '{0} light years'],
  'astronomical-unit': ['{0}au', '{0} au', '{0} astronomical unit', '{0} astronomical units'],
  parsec: ['{0}pc', '{0} pc', '{0} parsec', '{0} parsecs'],
  hertz: ['{0}Hz', '{0} Hz', '{0} hertz', '{0} hertz'],
  kilohertz: ['{0}kHz', '{0} kHz', '{0} kilohertz', '{0} kilohertz'],
  megahertz: ['{0}MHz', '{0} MHz', '{0} megahertz', '{0} megahertz'],
  gigahertz: ['{0}GHz', '{0} GHz', '{0} gigahertz', '{0} gigahertz'],
  'g-force': ['{0}G|{0}Gs', '{0} G', '{0} g-force', '{0} g-force'],
  'meter-per-second-squared': ['{0}m/s²', '{0} m/s²', '{0} meter per second squared', '{0} meters per second squared'],
  ampere: ['{0}A', '{0} A', '{0} ampere', '{0} amperes'],
  milliampere: ['{0}mA', '{0} mA', '{0} milliampere', '{0} milliamperes'],
  joule: ['{0}J', '{0} J', '{0} joule', '{0} joules'],
  kilojoule: ['{0}kJ', '{0} kJ', '{0} kilojoule', '{0} kilojoules'],
  milliwatt: ['{0}mW', '{0} mW', '{0} milliwatt', '{0} milliwatts'],
  watt: ['{0}W', '{0} W', '{0} watt', '{0} watts'],
  kilowatt: ['{0}kW', '{0} kW', '{0} kilowatt', '{0} kilowatts'],
  megawatt: ['{0}MW', '{0} MW', '{0} megawatt', '{0} megawatts'],
  gigawatt: ['{0}GW', '{0} GW', '{0} gigawatt', '{0} gigawatts'],
  horsepower: ['{0}hp', '{0} hp', '{0} horsepower', '{0} horsepower'],
  kelvin: ['{0}K', '{0} K', '{0} kelvin', '{0} kelvins'],
};

const sanctioned = new Map<string, boolean>();

function isSanctioned(unit: string): boolean {
  let ok = sanctioned.get(unit);
  if (ok === undefined) {
    try {
      new Intl.NumberFormat('en', { style: 'unit', unit });
      ok = true;
    } catch {
      ok = false;
    }
    sanctioned.set(unit, ok);
  }
  return ok;
}

/**
 * Format an exact decimal string as an amount of `unit`.
 * @example formatAmount('1.5', 'hour', 'long', 'en-US', {}) === '1.5 hours'
 */
export function formatAmount(value: string, unit: string, width: Width, locale: string, o: Intl.NumberFormatOptions): string {
  if (isSanctioned(unit)) {
    return new Intl.NumberFormat(locale, { ...o, style: 'unit', unit, unitDisplay: width }).format(value as unknown as number);
  }
  const num = new Intl.NumberFormat(locale, o).format(value as unknown as number);
  const row = EN[unit];
  if (!row) return `${num} ${unit}`;
  const plural = new Intl.PluralRules('en', {
    minimumFractionDigits: o.minimumFractionDigits,
    maximumFractionDigits: o.maximumFractionDigits,
  }).select(Number(value));
  let pattern: string;
  if (width === 'long') pattern = plural === 'one' ? row[2] : row[3];
  else {
    const [one, other] = row[width === 'narrow' ? 0 : 1].split('|');
    pattern = plural === 'one' || other === undefined ? one : other;
  }
  return pattern.replace('{0}', num);
}
