/**
 * CLDR unit display patterns for the units ECMA-402 does not sanction (Intl
 * has no data for them): angles, areas, volumes, electric, frequency, power,
 * energy, g-force, tons ... English is the fallback for other languages.
 * Each row: [narrow, short, long-one, long-other]; `{0}` is the number and a
 * narrow or short cell may hold `one|other`.
 */
import { memo } from '../../intl.js';
import { ownEntry } from '../../../values.js';

export type PatternRow = readonly [string, string, string, string];

const EN: Record<string, PatternRow> = {
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
  'metric-ton': ['{0}t', '{0} t', '{0} metric ton', '{0} metric tons'],
  ton: ['{0}tn', '{0} tn', '{0} ton', '{0} tons'],
  'cubic-kilometer': ['{0}km³', '{0} km³', '{0} cubic kilometer', '{0} cubic kilometers'],
  'cubic-meter': ['{0}m³', '{0} m³', '{0} cubic meter', '{0} cubic meters'],
  'cubic-centimeter': ['{0}cm³', '{0} cm³', '{0} cubic centimeter', '{0} cubic centimeters'],
  'cubic-mile': ['{0}mi³', '{0} mi³', '{0} cubic mile', '{0} cubic miles'],
  'cubic-yard': ['{0}yd³', '{0} yd³', '{0} cubic yard', '{0} cubic yards'],
  'cubic-foot': ['{0}ft³', '{0} ft³', '{0} cubic foot', '{0} cubic feet'],
  'cubic-inch': ['{0}in³', '{0} in³', '{0} cubic inch', '{0} cubic inches'],
  megaliter: ['{0}ML', '{0} ML', '{0} megaliter', '{0} megaliters'],
  hectoliter: ['{0}hL', '{0} hL', '{0} hectoliter', '{0} hectoliters'],
  deciliter: ['{0}dL', '{0} dL', '{0} deciliter', '{0} deciliters'],
  centiliter: ['{0}cL', '{0} cL', '{0} centiliter', '{0} centiliters'],
  quart: ['{0}qt', '{0} qt', '{0} quart', '{0} quarts'],
  pint: ['{0}pt', '{0} pt', '{0} pint', '{0} pints'],
  cup: ['{0}c', '{0} c', '{0} cup', '{0} cups'],
  'liter-per-100kilometers': ['{0}L/100km', '{0} L/100km', '{0} liter per 100 kilometers', '{0} liters per 100 kilometers'],
};

const FR: Record<string, PatternRow> = {
  'meter-per-second-squared': ['{0} m/s²', '{0} m/s²', '{0} mètre par seconde carrée', '{0} mètres par seconde carrée'],
  'g-force': ['{0}G', '{0} G', '{0} force g', '{0} force g'],
  'arc-minute': ['{0}′', '{0}′', '{0} minute d’arc', '{0} minutes d’arc'],
  'arc-second': ['{0}″', '{0}″', '{0} seconde d’arc', '{0} secondes d’arc'],
  revolution: ['{0} tr', '{0} tr', '{0} tour', '{0} tours'],
  radian: ['{0} rad', '{0} rad', '{0} radian', '{0} radians'],
  'square-kilometer': ['{0}km²', '{0} km²', '{0} kilomètre carré', '{0} kilomètres carrés'],
  'square-meter': ['{0}m²', '{0} m²', '{0} mètre carré', '{0} mètres carrés'],
  'square-centimeter': ['{0} cm²', '{0} cm²', '{0} centimètre carré', '{0} centimètres carrés'],
  'square-mile': ['{0}mi²', '{0} mi²', '{0} mile carré', '{0} miles carrés'],
  'square-yard': ['{0} yd²', '{0} yd²', '{0} yard carré', '{0} yards carrés'],
  'square-foot': ['{0}pi²', '{0} pi²', '{0} pied carré', '{0} pieds carrés'],
  'square-inch': ['{0}po²', '{0} po²', '{0} pouce carré', '{0} pouces carrés'],
  century: ['{0} s', '{0} s', '{0} siècle', '{0} siècles'],
  hertz: ['{0} Hz', '{0} Hz', '{0} hertz', '{0} hertz'],
  kilohertz: ['{0} kHz', '{0} kHz', '{0} kilohertz', '{0} kilohertz'],
  megahertz: ['{0} MHz', '{0} MHz', '{0} mégahertz', '{0} mégahertz'],
  gigahertz: ['{0} GHz', '{0} GHz', '{0} gigahertz', '{0} gigahertz'],
  ampere: ['{0} A', '{0} A', '{0} ampère', '{0} ampères'],
  milliampere: ['{0} mA', '{0} mA', '{0} milliampère', '{0} milliampères'],
  joule: ['{0}J', '{0} J', '{0} joule', '{0} joules'],
  kilojoule: ['{0}kJ', '{0} kJ', '{0} kilojoule', '{0} kilojoules'],
  milliwatt: ['{0}mW', '{0} mW', '{0} milliwatt', '{0} milliwatts'],
  watt: ['{0}W', '{0} W', '{0} watt', '{0} watts'],
  kilowatt: ['{0}kW', '{0} kW', '{0} kilowatt', '{0} kilowatts'],
  megawatt: ['{0}MW', '{0} MW', '{0} mégawatt', '{0} mégawatts'],
  gigawatt: ['{0}GW', '{0} GW', '{0} gigawatt', '{0} gigawatts'],
  horsepower: ['{0}ch', '{0} ch', '{0} cheval-vapeur', '{0} chevaux-vapeur'],
  kelvin: ['{0}K', '{0} K', '{0} kelvin', '{0} kelvins'],
  'metric-ton': ['{0} t', '{0} t', '{0} tonne', '{0} tonnes'],
  ton: ['{0} tc', '{0} tc', '{0} tonne courte', '{0} tonnes courtes'],
  'cubic-kilometer': ['{0}km³', '{0} km³', '{0} kilomètre cube', '{0} kilomètres cubes'],
  'cubic-meter': ['{0}m³', '{0} m³', '{0} mètre cube', '{0} mètres cubes'],
  'cubic-centimeter': ['{0}cm³', '{0} cm³', '{0} centimètre cube', '{0} centimètres cubes'],
  'cubic-mile': ['{0}mi³', '{0} mi³', '{0} mille cube', '{0} milles cubes'],
  'cubic-yard': ['{0}yd³', '{0} yd³', '{0} yard cube', '{0} yards cubes'],
  'cubic-foot': ['{0}pi³', '{0} pi³', '{0} pied cube', '{0} pieds cubes'],
  'cubic-inch': ['{0}po³', '{0} po³', '{0} pouce cube', '{0} pouces cubes'],
  megaliter: ['{0}Ml', '{0} Ml', '{0} mégalitre', '{0} mégalitres'],
  hectoliter: ['{0}hl', '{0} hl', '{0} hectolitre', '{0} hectolitres'],
  deciliter: ['{0}dl', '{0} dl', '{0} décilitre', '{0} décilitres'],
  centiliter: ['{0}cl', '{0} cl', '{0} centilitre', '{0} centilitres'],
  'liter-per-100kilometers': ['{0}l/100km', '{0} l/100 km', '{0} litre aux 100 km', '{0} litres aux 100 km'],
};

const BY_LANGUAGE: Record<string, Record<string, PatternRow>> = { en: EN, fr: FR };

const languages = new Map<string, string>();

/** `fr` for `fr-FR`; looked up for every amount shown, hence cached. */
export function languageOf(locale: string): string {
  return memo(languages, locale, () => locale.split('-')[0].toLowerCase());
}

/** The row for a unit in a locale's language, else English, else undefined. */
export function patternRow(unit: string, locale: string): PatternRow | undefined {
  const language = languageOf(locale);
  return ownEntry(ownEntry(BY_LANGUAGE, language) ?? {}, unit) ?? ownEntry(EN, unit);
}

/**
 * Sanctioned units whose current ICU pattern differs from the CLDR data the
 * reference formats with (fr abbreviated months without the period, spaced
 * "mi/gal" and "Mo", en "byte"). Only the widths that differ are listed; the rest stays with Intl.
 */
const INTL_DIFFERS: Record<string, Record<string, Partial<Record<'narrow' | 'short', string>>>> = {
  en: { byte: { narrow: '{0}byte' } },
  fr: {
    byte: { narrow: '{0} octet' },
    kilobyte: { narrow: '{0} ko' },
    megabyte: { narrow: '{0} Mo' },
    gigabyte: { narrow: '{0} Go' },
    terabyte: { narrow: '{0} To' },
    gigabit: { narrow: '{0} Gb' },
    month: { narrow: '{0}m', short: '{0} m' },
    'mile-per-gallon': { narrow: '{0} mi/gal' },
  },
};

/** The reference's pattern for a sanctioned unit where Intl's differs, else undefined. */
export function intlOverride(unit: string, width: string, locale: string): string | undefined {
  const language = languageOf(locale);
  return ownEntry(ownEntry(INTL_DIFFERS, language) ?? {}, unit)?.[width as 'narrow' | 'short'];
}
