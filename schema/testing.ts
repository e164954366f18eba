/**
 * Node-side helpers for tests that run the worker in Miniflare: apply the real
 * migrations and seed the demo site. Not bundled into the worker (it reads files).
 */
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readMigrations } from './migrations.js';
import { buildDemoSeed, type DemoSeed } from './seed/build.js';
import { DEMO_DIR, loadDemoFixtures } from './seed/load.js';
import { demoOwnerStatements } from './seed/owner.js';
import { uploadPlaceShards } from '../edge/services/places/dataset/upload.js';

// Same bookkeeping table as `wrangler d1 migrations apply`, so a database migrated by
// either tool is recognised by the other.
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * Applies every migration in schema/migrations not yet recorded in d1_migrations.
 * @example await applyMigrations(await mf.getD1Database('DB'));
 */
export async function applyMigrations(db: D1Database): Promise<string[]> {
  await db.prepare(MIGRATIONS_TABLE).run();
  const applied = new Set(
    (await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((row) => row.name),
  );
  const done: string[] = [];
  for (const migration of await readMigrations()) {
    if (applied.has(migration.name)) continue;
    await db.batch([
      ...migration.statements.map((statement) => db.prepare(statement)),
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
    ]);
    done.push(migration.name);
  }
  return done;
}

let cachedSeed: Promise<DemoSeed> | undefined;

/** The demo seed built from fixtures/ (cached: the fixtures do not change during a run). */
export function demoSeed(): Promise<DemoSeed> {
  cachedSeed ??= loadDemoFixtures().then(buildDemoSeed);
  return cachedSeed;
}

/** True when no website exists yet, which is when seeding is allowed. */
export async function isEmpty(db: D1Database): Promise<boolean> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM websites').first<{ n: number }>();
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo site into a migrated, empty database (and its images into `r2` when
 * given), with the demo owner (password from ATELIER_DEMO_OWNER_PASSWORD). Does nothing
 * on a database that already has a website.
 * @example await applyMigrations(db); await seedDemo(db, await mf.getR2Bucket('FILES'));
 */
export async function seedDemo(db: D1Database, r2?: R2Bucket): Promise<{ seeded: boolean; websiteId: string }> {
  const seed = await demoSeed();
  if (!(await isEmpty(db))) return { seeded: false, websiteId: seed.websiteId };
  const statements = [...seed.statements, ...(await demoOwnerStatements(seed.websiteId, seed.identifier))];
  await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
  if (r2) {
    for (const upload of seed.uploads) {
      const bytes = await readFile(join(DEMO_DIR, upload.file));
      // A plain ArrayBuffer: Miniflare's proxy rejects Node Buffer views.
      const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      await r2.put(upload.key, body, { httpMetadata: { contentType: upload.contentType } });
    }
    // The offline address-autocomplete index (edge/services/places).
    await uploadPlaceShards(r2);
  }
  return { seeded: true, websiteId: seed.websiteId };
}
