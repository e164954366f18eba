import type { PlaceAddress, PlacePrediction } from '../../../edge/services/places/provider.js';
import { apiFetch } from '../../runtime/api.js';

/** Suggestions and chosen places come in the server's own shapes (edge/services/places/provider.ts). */
export type { PlaceAddress, PlacePrediction };

const BASE = '/api/google-maps/places';
// SPEC §7: place details need a tracking context with productPage and productSection.
const TRACKING = { productPage: 'checkout', productSection: 'shipping-address' };

export const placesApi = {
  // `language`: a non-English page's, so the suggestions name countries in it (issue 29).
  autocomplete: (input: string, country: string, sessionToken: string, signal: AbortSignal, language?: string) =>
    apiFetch<{ predictions: PlacePrediction[] }>('GET', `${BASE}/autocomplete?${new URLSearchParams({ input, country, sessionToken, ...(language ? { language } : {}) })}`, undefined, { signal }).then(
      (r) => r.predictions,
    ),
  details: (placeId: string, sessionToken: string, language?: string) =>
    apiFetch<{ place: PlaceAddress }>('GET', `${BASE}/details?${new URLSearchParams({ placeId, sessionToken, ...TRACKING, ...(language ? { language } : {}) })}`).then((r) => r.place),
};
