/**
 * Puts the offline place index into R2 (the seed script and tests call this; the worker
 * reads the shards with local-provider.ts). Building takes about a second, so the built
 * shards are cached on disk per dataset version and reused by every later seed.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shardObjectKey, type PlaceShard } from '../local-index.js';
import { buildPlaceShards, datasetVersion } from './build.js';

/** The slice of an R2 bucket this needs (a Miniflare proxy or the Workers binding). */
export interface ShardBucket {
  head(key: string): Promise<{ customMetadata?: Record<string, string> } | null>;
  put(key: string, body: string, options: { httpMetadata: { contentType: string }; customMetadata: Record<string, string> }): Promise<unknown>;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CACHE_DIR = join(ROOT, 'node_modules/.cache/atelier-places');

let cached: Promise<Record<string, string>> | undefined;

/** Each country's shard as JSON text, from the disk cache or built now. */
export function placeShardTexts(): Promise<Record<string, string>> {
  cached ??= (async () => {
    const file = join(CACHE_DIR, `${datasetVersion().replace(/[^\w.@+-]/g, '_')}.json`);
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    } catch {
      const shards: Record<string, PlaceShard> = buildPlaceShards();
      const texts = Object.fromEntries(Object.entries(shards).map(([country, shard]) => [country, JSON.stringify(shard)]));
      await mkdir(CACHE_DIR, { recursive: true });
      await writeFile(file, JSON.stringify(texts));
      return texts;
    }
  })();
  return cached;
}

/**
 * Uploads every shard the bucket lacks or holds from another dataset version.
 * @example await uploadPlaceShards(await mf.getR2Bucket('FILES'));
 */
export async function uploadPlaceShards(bucket: ShardBucket): Promise<number> {
  const dataset = datasetVersion();
  let put = 0;
  for (const [country, text] of Object.entries(await placeShardTexts())) {
    const key = shardObjectKey(country);
    if ((await bucket.head(key))?.customMetadata?.dataset === dataset) continue;
    await bucket.put(key, text, { httpMetadata: { contentType: 'application/json' }, customMetadata: { dataset } });
    put += 1;
  }
  return put;
}
