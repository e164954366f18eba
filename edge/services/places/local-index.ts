/**
 * The offline place index: one shard per country, built from npm data by dataset/build.ts,
 * searched here with binary search over sorted keys (no scan of the whole shard, no D1
 * LIKE). Pure: loading shards is local-provider.ts's business.
 */
import { looksLikePostcode, placeKey, postcodeKey } from './normalize.js';
import { MAX_PREDICTIONS, type PlaceAddress, type PlacePrediction } from './provider.js';
import { localCountryName } from '../../../domain/postal-codes/country-names.js';

/** Bump when the row layout changes: the R2 keys carry it, so old shards are never misread. */
export const SHARD_VERSION = 1;

/**
 * One place: [search key, display name, region code, postcode, rank, local id]. Rank is the
 * population GeoNames gives the town (0 unknown); the id is `g<geonameid>` or `z<postcode>`.
 */
export type PlaceRow = [key: string, name: string, region: string, postcode: string, rank: number, id: string];

export interface PlaceShard {
  version: typeof SHARD_VERSION;
  country: string;
  countryName: string;
  /** Sorted by key, then rank descending. */
  places: PlaceRow[];
  /** Indexes into `places`, sorted by postcodeKey(postcode); rows without a postcode are left out. */
  byPostcode: number[];
}

/** The R2 object that holds a country's shard. */
export function shardObjectKey(country: string): string {
  return `places/v${SHARD_VERSION}/${country}.json`;
}

/** First index in [0, n) whose value is not below `target` (values ascending). */
function lowerBound(n: number, valueAt: (i: number) => string, target: string): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (valueAt(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The part of an address line the offline index can match: the text after the last comma
 * ("12 Main St, Portl" → "Portl"), since the index knows towns and postcodes, not streets.
 */
export function localQuery(input: string): string {
  return input.slice(input.lastIndexOf(',') + 1).trim();
}

/** Rows whose name (or postcode, when the input reads as one) starts with the input; best ranked first. */
export function searchShard(shard: PlaceShard, input: string, limit = MAX_PREDICTIONS): PlaceRow[] {
  const hits: PlaceRow[] = [];
  if (looksLikePostcode(input)) {
    const code = postcodeKey(input);
    const at = (i: number) => postcodeKey(shard.places[shard.byPostcode[i]!]![3]);
    for (let i = lowerBound(shard.byPostcode.length, at, code); i < shard.byPostcode.length && at(i).startsWith(code); i++) {
      hits.push(shard.places[shard.byPostcode[i]!]!);
      if (hits.length >= limit) break;
    }
    return hits;
  }
  const key = placeKey(input);
  if (!key) return hits;
  for (let i = lowerBound(shard.places.length, (j) => shard.places[j]![0], key); i < shard.places.length; i++) {
    const row = shard.places[i]!;
    if (!row[0].startsWith(key)) break;
    hits.push(row);
  }
  // Exact names first ("Paris" before "Parisville"), then the bigger town, then the postcode.
  return hits
    .sort((a, b) => Number(b[0] === key) - Number(a[0] === key) || b[4] - a[4] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0))
    .slice(0, limit);
}

/** The id a prediction carries: `local:<country>:<row id>`. */
export function localPlaceId(country: string, row: PlaceRow): string {
  return `local:${country}:${row[5]}`;
}

/** Splits a local place id, or null when it is not one. */
export function parseLocalPlaceId(placeId: string): { country: string; rowId: string } | null {
  const match = /^local:([A-Z]{2}):([gz][A-Z0-9]{1,12})$/.exec(placeId);
  return match ? { country: match[1]!, rowId: match[2]! } : null;
}

/** "CA 90210" style: region and postcode, whichever exist. */
function regionLine(row: PlaceRow): string {
  return [row[2], row[3]].filter(Boolean).join(' ');
}

/** The shard's country named in `language` (issue 29), its own English name for English or none. */
function shardCountryName(shard: PlaceShard, language: string | undefined): string {
  return localCountryName(shard.country, language) ?? shard.countryName;
}

export function rowPrediction(shard: PlaceShard, row: PlaceRow, language?: string): PlacePrediction {
  const secondaryText = [regionLine(row), shardCountryName(shard, language)].filter(Boolean).join(', ');
  return { placeId: localPlaceId(shard.country, row), description: `${row[1]}, ${secondaryText}`, mainText: row[1], secondaryText };
}

export function rowAddress(shard: PlaceShard, row: PlaceRow, language?: string): PlaceAddress {
  return {
    placeId: localPlaceId(shard.country, row),
    formattedAddress: [row[1], regionLine(row), shardCountryName(shard, language)].filter(Boolean).join(', '),
    addressLine1: '',
    city: row[1],
    region: row[2],
    postalCode: row[3],
    country: shard.country,
  };
}
