import type { PlaceAddress, PlacePrediction } from '../../../edge/services/places/provider.js';
import { apiFetch } from '../../runtime/api.js';

/** Suggestions and chosen places come in the server's own shapes (edge/services/places/provider.ts). */
export type { PlaceAddress, PlacePrediction };

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
