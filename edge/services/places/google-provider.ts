/**
 * The production PlacesProvider: Google's Places API (New), called from the worker with
 * the key from the GOOGLE_PLACES_API_KEY secret, so the key never reaches the browser.
 * Autocomplete is `POST /v1/places:autocomplete`, details `GET /v1/places/{id}` with a
 * field mask of the address fields only (the cheapest details SKU that has them); the
 * session token ties one typed address's calls into one billed session.
 */
import { googlePlaceAddress, type GooglePlace } from './google-address.js';
import { MAX_PREDICTIONS, PlacesUnavailableError, type AutocompleteQuery, type DetailsQuery, type PlacePrediction, type PlacesProvider } from './provider.js';

export const GOOGLE_PLACES_BASE = 'https://places.googleapis.com';
/** How long the worker waits for Google before answering 'Unable to load results'. */
const TIMEOUT_MS = 4000;

interface AutocompleteAnswer {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      text?: { text?: string };
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
    };
  }[];
}

export interface GoogleOptions {
  apiKey: string;
  /** Another origin speaking the same protocol (tests' local server); default Google's. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function googlePlacesProvider({ apiKey, baseUrl = GOOGLE_PLACES_BASE, fetch: send = fetch }: GoogleOptions): PlacesProvider {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await send(`${base}${path}`, { ...init, headers: { 'X-Goog-Api-Key': apiKey, ...init.headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PlacesUnavailableError('Google Places unreachable', error);
    }
  }
  async function failure(res: Response): Promise<never> {
    const body = (await res.json().catch(() => ({}))) as { error?: { status?: string; message?: string } };
    throw new PlacesUnavailableError(`Google Places answered ${res.status} ${body.error?.status ?? ''} ${body.error?.message ?? ''}`.trim());
  }

  return {
    name: 'google',
    async autocomplete({ input, country, sessionToken, language }: AutocompleteQuery): Promise<PlacePrediction[]> {
      const body = {
        input,
        ...(country ? { includedRegionCodes: [country.toLowerCase()] } : {}),
        ...(sessionToken ? { sessionToken } : {}),
        ...(language ? { languageCode: language } : {}),
      };
      const res = await call('/v1/places:autocomplete', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) return failure(res);
      const answer = (await res.json()) as AutocompleteAnswer;
      return (answer.suggestions ?? [])
        .flatMap(({ placePrediction: p }) => (p?.placeId ? [p] : []))
        .slice(0, MAX_PREDICTIONS)
        .map((p) => ({
          placeId: p.placeId!,
          description: p.text?.text ?? '',
          mainText: p.structuredFormat?.mainText?.text ?? p.text?.text ?? '',
          secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
        }));
    },
    async details({ placeId, sessionToken, language }: DetailsQuery) {
      const query = new URLSearchParams({ ...(sessionToken ? { sessionToken } : {}), ...(language ? { languageCode: language } : {}) });
      const res = await call(`/v1/places/${encodeURIComponent(placeId)}${query.size ? `?${query}` : ''}`, {
        method: 'GET',
        headers: { 'X-Goog-FieldMask': 'id,formattedAddress,addressComponents' },
      });
      // An unknown or malformed id is "no such place", not an outage.
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) return failure(res);
      return googlePlaceAddress(placeId, (await res.json()) as GooglePlace);
    },
  };
}
