/**
 * Migrates the local D1 with wrangler and seeds the demo site when it is empty:
 *   npx tsx scripts/seed.ts
 * Safe to run any number of times.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDemoSeed, type SeedUpload } from '../schema/seed/build.js';
import { DEMO_DIR, loadDemoFixtures } from '../schema/seed/load.js';
import { demoOwnerPassword, demoOwnerStatements } from '../schema/seed/owner.js';
import { hashPassword } from '../edge/services/accounts/passwords.js';
import { inlineStatement } from '../schema/seed/statements.js';
import { localShardBindings, persistDir, queryLocalD1, runWrangler } from './wrangler.js';
import { startBindings } from './bindings-bridge.js';
import { uploadPlaceShards } from '../edge/services/places/dataset/upload.js';
import { uploadFonts } from './font-files.js';

const BUCKET = 'atelier-files';

/** Migrates every shard served locally (DB, and DB_SHARD_1 with ATELIER_SHARDS=2) the same way. */
export async function migrateLocal(): Promise<void> {
  for (const binding of localShardBindings()) {
    await runWrangler(['d1', 'migrations', 'apply', binding, '--local', '--persist-to', persistDir()], { quiet: true });
  }
}

async function localIsEmpty(): Promise<boolean> {
  const [row] = await queryLocalD1<{ n: number }>('SELECT COUNT(*) AS n FROM websites');
  return (row?.n ?? 0) === 0;
}

/**
 * Puts every missing upload into the local R2 bucket. This opens the bucket exactly as
 * `wrangler r2 object put --local` does (a Miniflare over the same persist root), once
 * for all files instead of one wrangler process per file.
 */
async function uploadMissing(uploads: SeedUpload[]): Promise<number> {
  const local = await startBindings({ r2: { BUCKET }, persistRoot: join(persistDir(), 'v3') });
  try {
    const bucket = local.r2('BUCKET');
    let put = 0;
    for (const upload of uploads) {
      if (await bucket.head(upload.key)) continue;
      const bytes = await readFile(join(DEMO_DIR, upload.file));
      const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      await bucket.put(upload.key, body, { httpMetadata: { contentType: upload.contentType } });
      put += 1;
    }
    // The offline address-autocomplete index (edge/services/places): new or changed shards.
    put += await uploadPlaceShards(bucket);
    // The self-hosted fonts of the site styles (domain/site-styles/fonts.ts).
    put += await uploadFonts(bucket);
    return put;
  } finally {
    await local.dispose();
  }
}

/** Applies migrations, seeds D1 if it has no website, and fills in missing R2 objects. */
export async function seedLocal(): Promise<{ seeded: boolean; uploaded: number }> {
  await migrateLocal();
  const seed = buildDemoSeed(await loadDemoFixtures());
  let seeded = false;
  if (await localIsEmpty()) {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-seed-'));
    const file = join(dir, 'seed.sql');
    try {
      // The demo owner (admin) signs in with ATELIER_DEMO_OWNER_PASSWORD (README: local default).
      const statements = [...seed.statements, ...demoOwnerStatements(seed.websiteId, seed.identifier, await hashPassword(demoOwnerPassword()))];
      await writeFile(file, `${statements.map(inlineStatement).join('\n')}\n`);
      await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', persistDir(), '--file', file], { quiet: true });
      seeded = true;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const uploaded = await uploadMissing(seed.uploads);
  return { seeded, uploaded };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  seedLocal().then(
    ({ seeded, uploaded }) => {
      console.log(seeded ? 'Seeded the demo site into the local D1.' : 'Local D1 already has a website; seed skipped.');
      console.log(`Uploaded ${uploaded} file(s) to the local R2 bucket ${BUCKET}.`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
