/**
 * Puts the offline place index into R2 (the seed script and tests call this; the worker
 * reads the shards with local-provider.ts). Shards are stored gzipped (about 1.4 MB for
 * all countries instead of 6 MB), and the gzipped shards are cached on disk per dataset
 * version, since building them from the npm packages takes seconds.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { shardObjectKey } from '../local-index.js';
import { buildPlaceShards, datasetVersion } from './build.js';
import { PLACE_COUNTRIES } from './regions.js';

/** The slice of an R2 bucket this needs (a Miniflare proxy or the Workers binding). */
export interface ShardBucket {
  head(key: string): Promise<{ customMetadata?: Record<string, string> } | null>;
  put(key: string, body: ArrayBuffer, options: { httpMetadata: { contentType: string; contentEncoding: string }; customMetadata: Record<string, string> }): Promise<unknown>;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CACHE_ROOT = join(ROOT, 'node_modules/.cache/atelier-places');

let cached: Promise<Map<string, ArrayBuffer>> | undefined;

/** A plain ArrayBuffer copy: Miniflare's proxy refuses Node Buffer views. */
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** Each country's shard, gzipped JSON, from the disk cache or built now. */
export function placeShardFiles(): Promise<Map<string, ArrayBuffer>> {
  cached ??= (async () => {
    const dir = join(CACHE_ROOT, datasetVersion().replace(/[^\w.@+-]/g, '_'));
    const files = new Map<string, ArrayBuffer>();
    try {
      for (const country of Object.keys(PLACE_COUNTRIES)) files.set(country, arrayBuffer(await readFile(join(dir, `${country}.json.gz`))));
      return files;
    } catch {
      // Not (completely) built yet for this dataset version.
    }
    await mkdir(dir, { recursive: true });
    for (const [country, shard] of Object.entries(buildPlaceShards())) {
      const bytes = gzipSync(JSON.stringify(shard));
      // Test files seed in parallel: write aside, then rename, so no reader sees half a file.
      const temp = join(dir, `${country}.${process.pid}.tmp`);
      await writeFile(temp, bytes);
      await rename(temp, join(dir, `${country}.json.gz`));
      files.set(country, arrayBuffer(bytes));
    }
    return files;
  })();
  return cached;
}

/**
 * Uploads every shard the bucket lacks or holds from another dataset version.
 * @example await uploadPlaceShards(await mf.getR2Bucket('FILES'));
 */
export async function uploadPlaceShards(bucket: ShardBucket): Promise<number> {
  const dataset = datasetVersion();
  // In parallel: a fresh test worker seeds these on start, and one by one they took seconds.
  const done = await Promise.all([...(await placeShardFiles())].map(async ([country, body]) => {
    const key = shardObjectKey(country);
    if ((await bucket.head(key))?.customMetadata?.dataset === dataset) return 0;
    await bucket.put(key, body, { httpMetadata: { contentType: 'application/json', contentEncoding: 'gzip' }, customMetadata: { dataset } });
    return 1;
  }));
  return done.reduce<number>((sum, n) => sum + n, 0);
}
