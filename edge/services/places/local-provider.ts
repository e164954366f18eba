/**
 * The offline PlacesProvider: needs no network and no key. Shards live in R2 (put there by
 * the seed, dataset/upload.ts) and are read once per isolate per country; after that a
 * query is a binary search in memory.
 */
import type { R2Bucket } from '@cloudflare/workers-types';
import {
  localQuery,
  parseLocalPlaceId,
  rowAddress,
  rowPrediction,
  searchShard,
  shardObjectKey,
  type PlaceRow,
  type PlaceShard,
} from './local-index.js';
import { PLACE_COUNTRIES } from './dataset/regions.js';
import { MAX_PREDICTIONS, PlacesUnavailableError, type AutocompleteQuery, type DetailsQuery, type PlacesProvider } from './provider.js';

// Per-isolate caches of immutable data (DESIGN: module state only for caches).
const shards = new Map<string, Promise<PlaceShard | null>>();
const rowsById = new WeakMap<PlaceShard, Map<string, PlaceRow>>();

function loadShard(bucket: R2Bucket, country: string): Promise<PlaceShard | null> {
  if (!PLACE_COUNTRIES[country]) return Promise.resolve(null);
  let shard = shards.get(country);
  if (!shard) {
    shard = bucket.get(shardObjectKey(country)).then(async (object) => {
      if (!object) return null;
      // Stored gzipped (dataset/upload.ts); R2 hands the bytes back as they were put.
      const json = (object.body as unknown as ReadableStream<BufferSource>).pipeThrough(new DecompressionStream('gzip'));
      return (await new Response(json).json()) as PlaceShard;
    });
    // A failed read or a shard not seeded yet is not remembered: the next request asks R2 again.
    shard.then((found) => found || shards.delete(country), () => shards.delete(country));
    shards.set(country, shard);
  }
  return shard.catch((error: unknown) => {
    throw new PlacesUnavailableError(`place index for ${country} unreadable`, error);
  });
}

function rowById(shard: PlaceShard, id: string): PlaceRow | undefined {
  let index = rowsById.get(shard);
  if (!index) {
    index = new Map(shard.places.map((row) => [row[5], row]));
    rowsById.set(shard, index);
  }
  return index.get(id);
}

/** The offline provider over the R2 bucket that holds the shards. */
export function localPlacesProvider(bucket: R2Bucket): PlacesProvider {
  return {
    name: 'local',
    async autocomplete({ input, country, language }: AutocompleteQuery) {
      const query = localQuery(input);
      if (!query) return [];
      const countries = country ? [country] : Object.keys(PLACE_COUNTRIES);
      const found = await Promise.all(countries.map(async (code) => {
        const shard = await loadShard(bucket, code);
        return shard ? searchShard(shard, query).map((row) => ({ shard, row })) : [];
      }));
      return found
        .flat()
        .sort((a, b) => b.row[4] - a.row[4])
        .slice(0, MAX_PREDICTIONS)
        .map(({ shard, row }) => rowPrediction(shard, row, language));
    },
    async details({ placeId, language }: DetailsQuery) {
      const id = parseLocalPlaceId(placeId);
      if (!id) return null;
      const shard = await loadShard(bucket, id.country);
      const row = shard && rowById(shard, id.rowId);
      return shard && row ? rowAddress(shard, row, language) : null;
    },
  };
}
