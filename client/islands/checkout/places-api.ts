import { apiFetch } from '../../runtime/api.js';

/** One suggestion of GET /api/google-maps/places/autocomplete (edge/api/google-maps). */
export interface PlacePrediction {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

/** A chosen place in the checkout's field terms (GET /api/google-maps/places/details). */
export interface PlaceAddress {
  placeId: string;
  formattedAddress: string;
  addressLine1: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

const BASE = '/api/google-maps/places';
// SPEC §7: place details need a tracking context with productPage and productSection.
const TRACKING = { productPage: 'checkout', productSection: 'shipping-address' };

export const placesApi = {
  autocomplete: (input: string, country: string, sessionToken: string, signal: AbortSignal) =>
    apiFetch<{ predictions: PlacePrediction[] }>('GET', `${BASE}/autocomplete?${new URLSearchParams({ input, country, sessionToken })}`, undefined, { signal }).then(
      (r) => r.predictions,
    ),
  details: (placeId: string, sessionToken: string) =>
    apiFetch<{ place: PlaceAddress }>('GET', `${BASE}/details?${new URLSearchParams({ placeId, sessionToken, ...TRACKING })}`).then((r) => r.place),
};
