/**
 * The currency of a locale's region, for the bookkeeper money format (SPEC §9:
 * the template money formatter uses the site region's currency). Intl exposes no
 * region-to-currency data, so this covers the store currencies of SPEC §3.
 */
import { DEFAULT_CURRENCY, type CurrencyCode } from './money.js';
import { localeRegion } from '../intl.js';
import { ownEntry } from '../../values.js';

const EURO_REGIONS = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ');

const REGION_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  ...Object.fromEntries(EURO_REGIONS.map((r) => [r, 'EUR'])),
  US: 'USD', PR: 'USD', GU: 'USD', VI: 'USD', MP: 'USD', AS: 'USD', UM: 'USD',
  AU: 'AUD', NO: 'NOK', CA: 'CAD', NZ: 'NZD', DK: 'DKK', GB: 'GBP', HK: 'HKD',
  CH: 'CHF', MX: 'MXN', SG: 'SGD', SE: 'SEK', CZ: 'CZK', IL: 'ILS', PH: 'PHP',
  RU: 'RUB', PL: 'PLN', TH: 'THB', MY: 'MYR', AR: 'ARS', BR: 'BRL', CO: 'COP',
  ID: 'IDR', IN: 'INR', JP: 'JPY', ZA: 'ZAR',
};

/**
 * @example regionCurrency('en-US') === 'USD'; regionCurrency('de') === 'EUR' (likely region DE)
 */
export function regionCurrency(locale: string): CurrencyCode {
  try {
    const region = localeRegion(locale);
    return (region && ownEntry(REGION_CURRENCY, region)) || DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}
