import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { visitorKey } from '../../lib/visitor-key.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { placesProvider, PlacesUnavailableError } from '../../services/places/index.js';
import { queryParams } from '../validate.js';

// SPEC §7 "Maps": the tracking context place details need.
export const TRACKING_CONTEXT_MESSAGE = 'Place details need a tracking context with productPage and productSection.';

const token = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use 1-64 letters, digits, "-" or "_".');
const optionalQuery = {
  sessionToken: token.optional(),
  language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as "en" or "en-GB".').optional(),
};
const trackingField = z.string({ error: TRACKING_CONTEXT_MESSAGE }).regex(/^[A-Za-z0-9_-]{1,64}$/, TRACKING_CONTEXT_MESSAGE);

export const AutocompleteQuery = z.object({
  input: z
    .string({ error: 'Enter part of an address.' })
    .trim()
    .min(1, 'Enter part of an address.')
    .max(200, 'Addresses are at most 200 characters.'),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code such as "US".')
    .transform((c) => c.toUpperCase())
    .optional(),
  ...optionalQuery,
});

export const DetailsQuery = z.object({
  placeId: z.string({ error: 'A placeId is required.' }).regex(/^[A-Za-z0-9_:-]{1,300}$/, 'That is not a place id.'),
  productPage: trackingField,
  productSection: trackingField,
  ...optionalQuery,
});

/** Both calls spend the same budgets, bad queries too: per visitor, and per address against cookie rotation. */
const placesRateLimit = rateLimit(
  { binding: 'RATE_PLACES_VISITOR', periodSeconds: 60, key: visitorKey },
  { binding: 'RATE_PLACES_IP', periodSeconds: 60, key: (c) => (clientIp(c) ? `ip:${clientIp(c)}` : undefined) },
);

async function unlessUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    console.warn(`places: ${error.message}`);
    // SPEC §8 general interface text; the island swallows it and typing goes on.
    throw new ApiError(503, 'places_unavailable', 'Unable to load results', { headers: { 'Retry-After': '5' } });
  }
}

/**
 * SPEC §7 Maps, the checkout's address autocomplete:
 * - GET /api/google-maps/places/autocomplete?input=&country=&sessionToken=&language=
 *   → `{ provider, predictions: [{ placeId, description, mainText, secondaryText }] }`
 * - GET /api/google-maps/places/details?placeId=&productPage=&productSection=&sessionToken=&language=
 *   → `{ provider, place: { placeId, formattedAddress, addressLine1, city, region, postalCode, country } }`
 * Served by Google's Places API (New) when GOOGLE_PLACES_API_KEY is set, else offline.
 */
export const googleMaps = new Hono<AppEnv>();

googleMaps.get('/places/autocomplete', placesRateLimit, queryParams(AutocompleteQuery), async (c) => {
  const { input, country, sessionToken, language } = c.req.valid('query');
  const provider = placesProvider(c.env);
  const predictions = await unlessUnavailable(provider.autocomplete({
    input,
    ...(country ? { country } : {}),
    ...(sessionToken ? { sessionToken } : {}),
    ...(language ? { language } : {}),
  }));
  return c.json({ provider: provider.name, predictions });
});

googleMaps.get('/places/details', placesRateLimit, queryParams(DetailsQuery), async (c) => {
  const { placeId, sessionToken, language } = c.req.valid('query');
  const provider = placesProvider(c.env);
  const place = await unlessUnavailable(provider.details({ placeId, ...(sessionToken ? { sessionToken } : {}), ...(language ? { language } : {}) }));
  if (!place) throw new ApiError(404, 'place_not_found', 'Unable to locate content');
  return c.json({ provider: provider.name, place });
});
