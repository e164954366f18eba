/**
 * Address autocomplete behind one interface (SPEC §7 "Maps"): the offline
 * provider over a bundled place dataset (local-provider.ts) is the default; Google's
 * Places API (New) takes over when a key is configured (google-provider.ts).
 */

/** An ISO 3166-1 alpha-2 country code, upper case ("US"). */
export type CountryCode = string & { readonly __country?: never };

/** What the address box asked for. */
export interface AutocompleteQuery {
  /** What the shopper typed, trimmed (1-200 characters). */
  input: string;
  /** Restricts suggestions to one country; absent means every country the provider knows. */
  country?: CountryCode;
  /** Google's billing session (one per address typed); the local provider ignores it. */
  sessionToken?: string;
  /** BCP-47 language for the provider's names. */
  language?: string;
}

/** One suggestion of the combobox. */
export interface PlacePrediction {
  /** Opaque id to pass to details. */
  placeId: string;
  /** The full line shown ("Beverly Hills, CA 90210, United States"). */
  description: string;
  /** The emphasised part ("Beverly Hills"). */
  mainText: string;
  /** The rest ("CA 90210, United States"). */
  secondaryText: string;
}

export interface DetailsQuery {
  placeId: string;
  sessionToken?: string;
  language?: string;
}

/** A chosen place, in the checkout form's own field terms. */
export interface PlaceAddress {
  placeId: string;
  formattedAddress: string;
  /** Street number and route when the provider knows them, else ''. */
  addressLine1: string;
  city: string;
  /** The region code the checkout's region tables use (SPEC §3: "CA", "ON", "ENG"), else ''. */
  region: string;
  postalCode: string;
  country: CountryCode;
}

export interface PlacesProvider {
  /** 'local' or 'google': answers say which one served (docs/api/maps.md). */
  readonly name: 'local' | 'google';
  autocomplete(query: AutocompleteQuery): Promise<PlacePrediction[]>;
  /** The place, or null when the id names none. */
  details(query: DetailsQuery): Promise<PlaceAddress | null>;
}

/** The provider could not answer (network, quota, bad key): the API says 'Unable to load results' (SPEC §8). */
export class PlacesUnavailableError extends Error {
  override readonly name = 'PlacesUnavailableError';
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
  }
}

/** How many suggestions one call returns at most. */
export const MAX_PREDICTIONS = 5;
