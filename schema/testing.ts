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

/** What the worker side adds to the demo seed; schema imports nothing from edge. */
export interface DemoSeedExtras {
  /** The demo owner's password hash (edge/services/accounts/passwords.ts); no owner row without it. */
  ownerPasswordHash?: string;
  /** Puts more objects into `r2` after the demo images (edge's offline place index). */
  uploadMore?: (r2: R2Bucket) => Promise<unknown>;
}

/**
 * Seeds the demo site into a migrated, empty database (and its images into `r2` when
 * given), with the demo owner when `extras` has its password hash. Does nothing on a
 * database that already has a website.
 * @example await applyMigrations(db); await seedDemo(db, await mf.getR2Bucket('FILES'), { ownerPasswordHash });
 */
export async function seedDemo(db: D1Database, r2?: R2Bucket, extras: DemoSeedExtras = {}): Promise<{ seeded: boolean; websiteId: string }> {
  const seed = await demoSeed();
  if (!(await isEmpty(db))) return { seeded: false, websiteId: seed.websiteId };
  const owner = extras.ownerPasswordHash === undefined ? [] : demoOwnerStatements(seed.websiteId, seed.identifier, extras.ownerPasswordHash);
  const statements = [...seed.statements, ...owner];
  await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
  if (r2) {
    for (const upload of seed.uploads) {
      const bytes = await readFile(join(DEMO_DIR, upload.file));
      // A plain ArrayBuffer: Miniflare's proxy rejects Node Buffer views.
      const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      await r2.put(upload.key, body, { httpMetadata: { contentType: upload.contentType } });
    }
    await extras.uploadMore?.(r2);
  }
  return { seeded: true, websiteId: seed.websiteId };
}
