/**
 * Which PlacesProvider serves this deployment: Google's when GOOGLE_PLACES_API_KEY is set,
 * else the offline index in R2 (docs/api/maps.md).
 */
import type { Env } from '../../env.js';
import { googlePlacesProvider } from './google-provider.js';
import { localPlacesProvider } from './local-provider.js';
import type { PlacesProvider } from './provider.js';

export function placesProvider(env: Env): PlacesProvider {
  const apiKey = env.GOOGLE_PLACES_API_KEY?.trim();
  if (apiKey) return googlePlacesProvider({ apiKey, ...(env.GOOGLE_PLACES_API_BASE ? { baseUrl: env.GOOGLE_PLACES_API_BASE } : {}) });
  return localPlacesProvider(env.FILES);
}

export * from './provider.js';
