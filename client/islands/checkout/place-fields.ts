import type { PlaceAddress } from './places-api.js';
import { COUNTRIES, REGIONS } from './regions.js';

/**
 * The address fields after choosing a suggestion: city, region, postcode and country from
 * the place, the street line as given. A country the form does not offer, or a region its
 * table lacks (SPEC §3), leaves the shopper's own choice in place rather than a value the
 * selects cannot show.
 */
export function fieldsFromPlace<T extends Record<string, string>>(fields: T, place: PlaceAddress, street: string): T {
  const offered = COUNTRIES.some(([code]) => code === place.country);
  const country = offered ? place.country : fields.country ?? '';
  const regions = REGIONS[country];
  const regionKnown = !regions || regions.some(([code]) => code === place.region);
  return {
    ...fields,
    address1: street,
    city: place.city || fields.city || '',
    country,
    region: offered && regionKnown ? place.region : country === fields.country ? fields.region ?? '' : '',
    postalCode: place.postalCode || (country === fields.country ? fields.postalCode ?? '' : ''),
  };
}
