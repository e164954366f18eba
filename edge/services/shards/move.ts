import type { D1Database, D1PreparedStatement, R2Bucket } from '@cloudflare/workers-types';
import { siteTables, type SiteTable } from './tables.js';

/**
 * Moving a site between shards (docs/platform.md "Shards", `npm run site:move`): mark it
 * read-only in the directory, copy every row of it (edge/services/shards/tables.ts) to the
 * target shard, verify the row count and a checksum of every table on both sides and the
 * site's R2 files, switch the directory entry (which clears read-only), then delete the old
 * rows. Any failure before the switch deletes the partial copy and leaves the site where it
 * was, writable.
 */

export interface MoveOptions {
  /**
   * How long the old rows stay after the switch, for requests that read the directory just
   * before it (a Worker request is far shorter); default 30 s.
   */
  graceMs?: number;
  /** TESTS ONLY: runs after the copy and before the verify (a test alters the copy to force a mismatch). */
  afterCopy?: () => Promise<void>;
  /** Progress lines (the script prints them). */
  log?: (line: string) => void;
}

export interface TableCheck {
  table: string;
  rows: number;
  checksum: string;
}

export type MoveResult =
  | { ok: true; websiteId: string; from: number; to: number; tables: TableCheck[]; files: number }
  | { ok: false; reason: 'not_found' | 'no_such_shard' | 'same_shard' | 'default_site' | 'already_moving'; message: string }
  | { ok: false; reason: 'verify_failed'; message: string; websiteId: string };

const DEFAULT_GRACE_MS = 30_000;
// Statements per D1 batch while copying (each batch is one transaction on the target).
const BATCH = 100;
// The directory's own columns of a websites row: they differ between the copies by design.
const DIRECTORY_COLUMNS = new Set(['shard', 'read_only', 'moving_to']);

// The tables whose rows of a site stay on shard 0 (the directory) wherever the site lives.
const DIRECTORY_TABLES = new Set(['websites', 'website_hosts', 'website_domains']);

type Row = Record<string, unknown>;

class VerifyError extends Error {}

const q = (name: string) => `"${name}"`;

/** The site's rows of every table on one shard, read in one D1 batch (one consistent snapshot). */
async function readAll(db: D1Database, tables: SiteTable[], websiteId: string): Promise<Row[][]> {
  const results = await db.batch<Row>(tables.map((t) => db.prepare(`SELECT ${t.columns.map(q).join(', ')} FROM ${q(t.name)} WHERE ${t.where}`).bind(websiteId)));
  return results.map((r) => r.results);
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Row count and checksum of one table's rows of the site: SHA-256 over the rows' values, sorted. */
async function tableCheck(table: SiteTable, rows: Row[]): Promise<TableCheck> {
  const columns = table.columns.filter((c) => table.name !== 'websites' || !DIRECTORY_COLUMNS.has(c));
  const lines = rows.map((row) => JSON.stringify(columns.map((c) => row[c] ?? null))).sort();
  return { table: table.name, rows: rows.length, checksum: await sha256(lines.join('\n')) };
}

/** Row count and checksum of every table's rows of the site on one shard (what a move compares). */
export async function siteChecksums(db: D1Database, websiteId: string): Promise<TableCheck[]> {
  const tables = siteTables();
  const rows = await readAll(db, tables, websiteId);
  return Promise.all(tables.map((table, i) => tableCheck(table, rows[i]!)));
}

/** The statements that put `rows` on the target (the websites row as an upsert that leaves the directory's columns alone). */
function insertStatements(db: D1Database, table: SiteTable, rows: Row[], to: number): D1PreparedStatement[] {
  const columns = table.columns;
  const placeholders = columns.map((_, i) => `?${i + 1}`).join(', ');
  let tail = '';
  if (table.name === 'websites') {
    const updates = columns.filter((c) => c !== 'id' && !DIRECTORY_COLUMNS.has(c)).map((c) => `${q(c)} = excluded.${q(c)}`);
    tail = ` ON CONFLICT ("id") DO UPDATE SET ${updates.join(', ')}`;
  } else if (table.name === 'website_hosts' && to === 0) {
    // The directory keeps the site's hosts on shard 0 wherever the site lives.
    tail = ' ON CONFLICT DO NOTHING';
  } else if (table.name === 'website_domains' && to === 0) {
    // The directory keeps a claim row for each domain of a site on another shard (attachDomain): the shard's row replaces it.
    tail = ` ON CONFLICT ("host") DO UPDATE SET ${columns.filter((c) => c !== 'host').map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`;
  }
  const sql = `INSERT INTO ${q(table.name)} (${columns.map(q).join(', ')}) VALUES (${placeholders})${tail}`;
  return rows.map((row) => {
    const values = columns.map((c) => {
      if (table.name === 'websites' && c === 'shard') return to;
      if (table.name === 'websites' && c === 'read_only') return 0;
      if (table.name === 'websites' && c === 'moving_to') return null;
      return row[c] ?? null;
    });
    return db.prepare(sql).bind(...values);
  });
}

async function runBatches(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  for (let i = 0; i < statements.length; i += BATCH) {
    // Foreign keys are checked at each batch's commit, so rows of a table that refer to each other copy in any order.
    await db.batch([db.prepare('PRAGMA defer_foreign_keys = on'), ...statements.slice(i, i + BATCH)]);
  }
}

/**
 * Deletes the site's rows from one shard, children first. On shard 0 the directory's rows
 * (websites, website_hosts, the domain claims in website_domains) stay: the directory lists
 * every site, its hosts and its domains wherever it lives.
 */
export async function deleteSiteRows(db: D1Database, websiteId: string, shard: number): Promise<void> {
  const tables = siteTables()
    .filter((t) => shard !== 0 || !DIRECTORY_TABLES.has(t.name))
    .reverse();
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...tables.map((t) => db.prepare(`DELETE FROM ${q(t.name)} WHERE ${t.where}`).bind(websiteId)),
  ]);
}

/** The site's R2 files (the assets' keys) with their ETags and sizes: R2 is shared by the shards and must not change. */
async function fileList(files: R2Bucket, keys: string[]): Promise<string[]> {
  const heads = await Promise.all(keys.map(async (key) => ({ key, head: await files.head(key) })));
  return heads.map(({ key, head }) => (head ? `${key} ${head.etag} ${head.size}` : `${key} missing`)).sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves a site (its id or identifier) to shard `to`. `shards` are the D1 bindings by
 * number (0 = DB, the directory). Resolves when the old rows are gone; a failed verify
 * answers `verify_failed` with the site back where it was and writable.
 */
export async function moveSite(shards: D1Database[], files: R2Bucket, site: string, to: number, options: MoveOptions = {}): Promise<MoveResult> {
  const log = options.log ?? (() => undefined);
  const directory = shards[0]!;
  const entry = await directory
    .prepare('SELECT id, shard, is_default AS isDefault FROM websites WHERE id = ?1 OR identifier = ?1 LIMIT 1')
    .bind(site)
    .first<{ id: string; shard: number; isDefault: number }>();
  if (!entry) return { ok: false, reason: 'not_found', message: `No site "${site}" in the directory.` };
  const from = entry.shard;
  const source = shards[from];
  const target = shards[to];
  if (!source || !target || !Number.isInteger(to)) return { ok: false, reason: 'no_such_shard', message: `Shard ${to} is not bound (shards 0-${shards.length - 1}).` };
  if (from === to) return { ok: false, reason: 'same_shard', message: `The site is already on shard ${to}.` };
  if (entry.isDefault) return { ok: false, reason: 'default_site', message: 'The default site stays on shard 0 (it serves loopback hosts and the starters\u2019 theme).' };
  const websiteId = entry.id;
  // Read-only from here: one conditional UPDATE, so two moves of one site cannot both start.
  // `moving_to` pauses the Cron jobs of both shards until the old rows are gone (edge/scheduled.ts).
  const claimed = await directory
    .prepare('UPDATE websites SET read_only = 1, moving_to = ?3 WHERE id = ?1 AND shard = ?2 AND read_only = 0 AND moving_to IS NULL')
    .bind(websiteId, from, to)
    .run();
  if (claimed.meta.changes !== 1) return { ok: false, reason: 'already_moving', message: 'The site is already being moved.' };
  // The site's own row on a shard n > 0 is marked too: requests of a host the isolate has seen
  // there read only that row (openRememberedShard) and must see read-only as well. It stays
  // marked until the old rows are deleted, so those requests ask the directory from here on.
  const markSource = (readOnly: 0 | 1) => (from === 0 ? undefined : source.prepare('UPDATE websites SET read_only = ?2 WHERE id = ?1').bind(websiteId, readOnly).run());
  log(`site ${websiteId}: read-only, copying shard ${from} -> ${to}`);
  const tables = siteTables();
  let checks: TableCheck[];
  let fileCount: number;
  try {
    await markSource(1);
    // Leftovers of an earlier failed attempt would clash with the copy.
    await deleteSiteRows(target, websiteId, to);
    const copied = await readAll(source, tables, websiteId);
    const keys = copied[tables.findIndex((t) => t.name === 'assets')]!.map((row) => String(row.r2_key));
    const filesBefore = await fileList(files, keys);
    const statements = tables.flatMap((table, i) => insertStatements(target, table, copied[i]!, to));
    await runBatches(target, statements);
    log(`copied ${statements.length} rows of ${tables.length} tables`);
    await options.afterCopy?.();
    // Verify on fresh reads of both sides: a write that slipped in before read-only shows as a mismatch.
    const [sourceChecks, targetChecks] = await Promise.all([siteChecksums(source, websiteId), siteChecksums(target, websiteId)]);
    checks = [];
    for (const [i, table] of tables.entries()) {
      const before = sourceChecks[i]!;
      const after = targetChecks[i]!;
      if (before.rows !== after.rows || before.checksum !== after.checksum) {
        throw new VerifyError(`table ${table.name}: ${before.rows} rows ${before.checksum.slice(0, 12)} on shard ${from}, ${after.rows} rows ${after.checksum.slice(0, 12)} on shard ${to}`);
      }
      checks.push(after);
    }
    const filesAfter = await fileList(files, keys);
    if (filesAfter.join('\n') !== filesBefore.join('\n')) throw new VerifyError('the site\u2019s R2 files changed during the copy');
    fileCount = filesAfter.length;
  } catch (error) {
    await deleteSiteRows(target, websiteId, to);
    await markSource(0);
    await directory.prepare('UPDATE websites SET read_only = 0, moving_to = NULL WHERE id = ?1').bind(websiteId).run();
    log(`aborted: ${String(error instanceof Error ? error.message : error)}; the site stays on shard ${from}, writable`);
    if (error instanceof VerifyError) return { ok: false, reason: 'verify_failed', message: error.message, websiteId };
    throw error;
  }
  // The switch: the directory names the target and the site is writable again, in one statement.
  await directory.prepare('UPDATE websites SET shard = ?1, read_only = 0 WHERE id = ?2 AND shard = ?3').bind(to, websiteId, from).run();
  log(`switched to shard ${to}; deleting the old rows`);
  try {
    await sleep(options.graceMs ?? DEFAULT_GRACE_MS);
    await deleteSiteRows(source, websiteId, from);
  } finally {
    await directory.prepare('UPDATE websites SET moving_to = NULL WHERE id = ?1').bind(websiteId).run();
  }
  return { ok: true, websiteId, from, to, tables: checks, files: fileCount };
}
