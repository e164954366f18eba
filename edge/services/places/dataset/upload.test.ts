import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { shardObjectKey, type PlaceShard } from '../local-index.js';
import { PLACE_COUNTRIES } from './regions.js';
import { uploadPlaceShards, type ShardBucket } from './upload.js';

/** An in-memory bucket with R2's head/put shape. */
function memoryBucket() {
  const objects = new Map<string, { body: ArrayBuffer; customMetadata: Record<string, string>; encoding: string }>();
  const bucket: ShardBucket = {
    head: async (key) => objects.get(key) ?? null,
    put: async (key, body, options) => objects.set(key, { body, customMetadata: options.customMetadata, encoding: options.httpMetadata.contentEncoding }),
  };
  return { bucket, objects };
}

describe('uploadPlaceShards', () => {
  it('puts one gzipped shard per country, then only what is missing or from another dataset', async () => {
    const { bucket, objects } = memoryBucket();
    const countries = Object.keys(PLACE_COUNTRIES);
    expect(await uploadPlaceShards(bucket)).toBe(countries.length);
    const us = objects.get(shardObjectKey('US'))!;
    expect(us.encoding).toBe('gzip');
    const shard = JSON.parse(gunzipSync(Buffer.from(us.body)).toString('utf8')) as PlaceShard;
    expect(shard).toMatchObject({ version: 1, country: 'US', countryName: 'United States' });

    expect(await uploadPlaceShards(bucket)).toBe(0);
    objects.delete(shardObjectKey('FR'));
    objects.get(shardObjectKey('GB'))!.customMetadata = { dataset: 'an-older-build' };
    expect(await uploadPlaceShards(bucket)).toBe(2);
  }, 60_000);
});
