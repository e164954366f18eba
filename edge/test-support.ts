/**
 * Node-side helpers for the edge's HTTP tests, the browser test and the bench: bundle
 * the worker once, run it in Miniflare (workerd) with a local D1 and R2, migrate and
 * seed them with the schema's own helpers.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Miniflare } from 'miniflare';
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { ensureClientBuild } from '../scripts/client-build.js';
import { workerModules } from '../scripts/worker-bundle.js';
import { SHARD_BINDINGS } from './services/shards/bindings.js';
import { bridgedD1, bridgedR2, bridgeWorker, runScheduled, withCronEntrypoint, type DispatchFetch } from '../scripts/bindings-bridge.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The shards' D1 bindings as wrangler.toml declares them (binding name = local database id). */
const SHARD_D1 = Object.fromEntries(SHARD_BINDINGS.map((binding) => [binding, binding]));

/** The rate-limit budgets of wrangler.toml `[[ratelimits]]` (edge/env.test.ts keeps them equal). */
export const RATE_LIMITS = {
  RATE_VISITOR_WRITES: { simple: { limit: 60, period: 60 } },
  RATE_IP_WRITES: { simple: { limit: 1200, period: 60 } },
  RATE_SIGN_IN_ACCOUNT: { simple: { limit: 5, period: 60 } },
  RATE_SIGN_IN_IP: { simple: { limit: 20, period: 60 } },
  RATE_SIGN_IN_CEILING: { simple: { limit: 50, period: 60 } },
  RATE_SIGN_IN_FAILURES: { simple: { limit: 10, period: 60 } },
  RATE_CSP_REPORTS: { simple: { limit: 20, period: 60 } },
  RATE_REVIEW_WRITES: { simple: { limit: 5, period: 60 } },
  RATE_REVIEW_IP: { simple: { limit: 20, period: 60 } },
  RATE_REVIEW_SITE: { simple: { limit: 100, period: 60 } },
  RATE_FORM_VISITOR: { simple: { limit: 10, period: 60 } },
  RATE_FORM_TARGET: { simple: { limit: 3000, period: 60 } },
  RATE_MAIL_RECIPIENT: { simple: { limit: 3, period: 60 } },
  RATE_MAIL_IP: { simple: { limit: 30, period: 60 } },
  RATE_CENSUS_VISITOR: { simple: { limit: 120, period: 60 } },
  RATE_CENSUS_IP: { simple: { limit: 6000, period: 60 } },
  RATE_JS_ERRORS: { simple: { limit: 20, period: 60 } },
  RATE_PLACES_VISITOR: { simple: { limit: 120, period: 60 } },
  RATE_PLACES_IP: { simple: { limit: 1200, period: 60 } },
} as const;

/** REVIEW_LINK_SECRET of workers started here (tests mint review-request links with it). */
export const TEST_REVIEW_LINK_SECRET = 'test-review-link-secret-not-for-production';

export interface WorkerLog {
  level: string;
  message: string;
}

export interface RunningWorker {
  mf: Miniflare;
  /** Everything the worker logged (console.warn is level "warn"). */
  logs: WorkerLog[];
  /** Shard 0 (binding DB): the directory, the platform tables, the demo site. */
  db: D1Database;
  /** Every shard by number (`shards[0]` is `db`), each migrated (docs/platform.md "Shards"). */
  shards: D1Database[];
  files: R2Bucket;
  /** Base URL when started with `port`, e.g. http://127.0.0.1:41234 */
  url: URL;
  fetch(path: string, init?: RequestInit & { host?: string }): Promise<Response>;
  /** Runs the scheduled handler as the Cron Trigger `cron` would at `at` (default now). */
  scheduled(cron: string, at?: number): Promise<{ outcome: string }>;
  dispose(): Promise<void>;
}

export interface StartOptions {
  /** Serve on loopback (0 = any free port) for browsers and benchmarks. */
  port?: number;
  /** Migrate and seed the demo site (default true); false leaves D1 empty. */
  seed?: boolean;
  /** Migrate without seeding. */
  migrateOnly?: boolean;
  /** Plain-text bindings (wrangler [vars]), e.g. { PAGE_CACHE: 'off' }. */
  bindings?: Record<string, string>;
  /** Opens workerd's V8 inspector on this port (CPU profiles of the worker: bench/profile-hits.ts). */
  inspectorPort?: number;
}

/**
 * Starts the worker in Miniflare with the D1 shards (`DB`, `DB_SHARD_1`) and R2 `FILES`. `db` and `files` reach the
 * same database and bucket through the bindings bridge (scripts/bindings-bridge.ts), never
 * through Miniflare's synchronous proxy (docs/testing.md says why).
 */
export async function startWorker(options: StartOptions = {}): Promise<RunningWorker> {
  const seeded = options.seed !== false && !options.migrateOnly ? process.env[SEEDED_TEMPLATE] : undefined;
  // A copy of the run's migrated and seeded state (tests/global-setup.ts), when there is one:
  // copying the files takes milliseconds where migrating and seeding takes seconds.
  const persist = seeded ? { dir: await copySeededTemplate(seeded), removeOnDispose: true } : undefined;
  const worker = await launch(options, persist);
  if (persist === undefined && options.seed !== false) {
    try {
      await migrateAndSeed(worker, options.migrateOnly === true);
    } catch (error) {
      await worker.dispose().catch(() => undefined);
      throw error;
    }
  }
  return worker;
}

/**
 * Env var naming the folder of the run's migrated and seeded D1 and R2 files, written once by
 * buildSeededTemplate (from tests/global-setup.ts). Unset outside the test runner: each worker
 * then migrates and seeds its own.
 */
export const SEEDED_TEMPLATE = 'ATELIER_TEST_SEEDED_TEMPLATE';

/** Migrates and seeds a worker's state into `dir` (D1 under d1/, R2 under r2/), for startWorker's copies. */
export async function buildSeededTemplate(dir: string): Promise<void> {
  const worker = await launch({}, { dir, removeOnDispose: false });
  try {
    await migrateAndSeed(worker, false);
  } finally {
    await worker.dispose();
  }
  await checkpointSqliteFiles(dir);
}

/**
 * Folds each SQLite file's write-ahead log under `dir` into the file (workerd leaves the D1
 * and R2 logs, 7 MB, un-checkpointed): every copy is then 6 MB instead of 11 MB, and each
 * worker opens its databases without replaying a log. Uses the `sqlite3` command line tool
 * (the crash tests need it too); without it the template stays as workerd left it.
 */
async function checkpointSqliteFiles(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.sqlite')).map((e) => join(e.parentPath, e.name));
  for (const file of files) {
    const done = await new Promise<boolean>((resolve, reject) =>
      execFile('sqlite3', [file, 'PRAGMA wal_checkpoint(TRUNCATE);'], (error) => {
        if (!error) resolve(true);
        else if ((error as NodeJS.ErrnoException).code === 'ENOENT') resolve(false);
        else reject(error);
      }),
    );
    if (!done) return;
  }
}

async function copySeededTemplate(template: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-worker-'));
  await cp(template, dir, { recursive: true });
  return dir;
}

async function migrateAndSeed(worker: RunningWorker, migrateOnly: boolean): Promise<void> {
  const testing = await import('../schema/testing.js');
  // Every shard is migrated the same way; only shard 0 is seeded.
  for (const shard of worker.shards) await testing.applyMigrations(shard);
  if (migrateOnly) return;
  const owner = await import('../schema/seed/owner.js');
  const { hashPassword } = await import('./services/accounts/passwords.js');
  const { uploadPlaceShards } = await import('./services/places/dataset/upload.js');
  // The demo owner, the offline address-autocomplete index (edge/services/places) and the fonts.
  const { uploadFonts } = await import('../scripts/font-files.js');
  const uploadMore = async (r2: R2Bucket) => Promise.all([uploadPlaceShards(r2), uploadFonts(r2 as never)]);
  const extras = { ownerPasswordHash: await hashPassword(owner.demoOwnerPassword()), uploadMore };
  await testing.seedDemo(worker.db, worker.files, extras);
}

/** Starts Miniflare; with `persist`, D1 and R2 live in that folder, else in memory. */
async function launch(options: StartOptions, persist: { dir: string; removeOnDispose: boolean } | undefined): Promise<RunningWorker> {
  const [bundle, clientDist] = await Promise.all([workerModules(), ensureClientBuild()]);
  // The deployed worker, its handler reachable by the bridge for Cron Trigger events (RunningWorker.scheduled).
  const modules = withCronEntrypoint(bundle);
  const logs: WorkerLog[] = [];
  const mf = new Miniflare({
    // The worker's console, kept for assertions (printed too with EDGE_LOGS=1).
    handleStructuredLogs: (log: WorkerLog) => {
      logs.push({ level: log.level, message: log.message });
      if (process.env.EDGE_LOGS) console.log(`[worker ${log.level}] ${log.message}`);
    },
    ...(options.port !== undefined ? { host: '127.0.0.1', port: options.port } : {}),
    ...(options.inspectorPort !== undefined ? { inspectorPort: options.inspectorPort } : {}),
    ...(persist !== undefined ? { d1Persist: join(persist.dir, 'd1'), r2Persist: join(persist.dir, 'r2') } : {}),
    workers: [
      {
        name: 'atelier',
        modules,
        modulesRoot: ROOT,
        compatibilityDate: '2026-04-20',
        compatibilityFlags: ['nodejs_compat'],
        d1Databases: SHARD_D1,
        r2Buckets: { FILES: 'FILES' },
        // wrangler.toml [assets]: the Vite build, with the worker in front of it (run_worker_first).
        assets: { directory: clientDist, binding: 'ASSETS', routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
        ratelimits: RATE_LIMITS as never,
        // The review-link secret is a Workers secret in production; tests sign with a known one.
        bindings: { REVIEW_LINK_SECRET: TEST_REVIEW_LINK_SECRET, ...options.bindings },
      },
      bridgeWorker({ d1: SHARD_D1, r2: { FILES: 'FILES' }, app: 'atelier' }),
    ],
  });
  const dispatch: DispatchFetch = (target, init) => mf.dispatchFetch(target, init as never) as unknown as Promise<Response>;
  const shards = SHARD_BINDINGS.map((binding) => bridgedD1(dispatch, binding));
  const dispose = async () => {
    await mf.dispose();
    // A worker's copy of the template goes with it; the template stays (global-setup removes it).
    if (persist?.removeOnDispose) await rm(persist.dir, { recursive: true, force: true });
  };
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
  return {
    mf,
    logs,
    db: shards[0]!,
    shards,
    files: bridgedR2(dispatch, 'FILES'),
    url,
    fetch: (path, init = {}) => {
      const { host, ...rest } = init;
      const target = new URL(path, host ? `http://${host}` : 'http://localhost');
      return mf.dispatchFetch(target.href, rest as never) as unknown as Promise<Response>;
    },
    scheduled: (cron, at) => runScheduled(dispatch, cron, at),
    dispose,
  };
}

/** The demo owner's credentials as the seed wrote them (ATELIER_DEMO_OWNER_PASSWORD or the local default). */
export async function demoOwner(): Promise<{ email: string; password: string }> {
  const owner = await import('../schema/seed/owner.js');
  return { email: owner.DEMO_OWNER_EMAIL, password: owner.demoOwnerPassword() };
}

/**
 * Spends a rate-limit budget: calls `attempt` until the first 429 (at most 3 × `limit`
 * calls). Local rate limits count in fixed windows of the wall-clock minute, so a run that
 * crosses a minute boundary is granted one more budget: tests assert `granted` lies between
 * `limit` and `2 × limit` rather than an exact count that fails at a window's edge.
 */
export async function spendBudget<T extends { status: number }>(limit: number, attempt: (i: number) => Promise<T>): Promise<{ granted: T[]; refused: T | undefined }> {
  const granted: T[] = [];
  for (let i = 0; i < 3 * limit; i++) {
    const answer = await attempt(i);
    if (answer.status === 429) return { granted, refused: answer };
    granted.push(answer);
  }
  return { granted, refused: undefined };
}

/** A random address of the benchmarking range 198.18.0.0/15, as a visitor's CF-Connecting-IP. */
export function testAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Cookies of a signed-in visitor plus the headers a state-changing call needs. */
export interface SignedIn {
  /** `Cookie` header value: the session, SiteUserInfo and crumb cookies. */
  cookie: string;
  xsrfToken: string;
  /** `{ Cookie, 'X-CSRF-Token' }`, ready to spread into a request's headers. */
  headers: Record<string, string>;
}

/** A response body as JSON, or undefined when it is not JSON (an HTML error page, an empty 204). */
export function jsonOrUndefined(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads `name=value` pairs from a response's Set-Cookie lines (deleted cookies dropped). */
export function responseCookies(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === '' || /max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

/**
 * Signs in through the real API (POST /api/site-users/account/session) and returns the
 * cookie and xsrfToken headers later calls send. Throws when the sign-in fails.
 * @example const owner = await signIn(worker, 'owner@fernandkiln.test', password);
 *          await worker.fetch('/api/...', { method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body });
 */
export async function signIn(worker: RunningWorker, email: string, password: string, rememberMe = false): Promise<SignedIn> {
  const crumb = responseCookies(await worker.fetch('/api/site-users/account')).get('crumb') ?? '';
  const res = await worker.fetch('/api/site-users/account/session', {
    method: 'POST',
    // Each sign-in comes from its own address (Miniflare reports 127.0.0.1 for all), so the
    // per-address sign-in budget of one test file is not spent by unrelated tests.
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb, 'CF-Connecting-IP': testAddress() },
    body: JSON.stringify({ email, password, rememberMe }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { xsrfToken } = (await res.json()) as { xsrfToken: string };
  const jar = responseCookies(res);
  jar.set('crumb', crumb);
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { cookie, xsrfToken, headers: { Cookie: cookie, 'X-CSRF-Token': xsrfToken } };
}

/**
 * Writes a verified site user straight into D1 (with contributor `roles` when given) for
 * tests that need many accounts; returns its id. Hashes exactly as the worker does.
 */
export async function createSiteUser(
  worker: RunningWorker,
  input: { email: string; password: string; roles?: number[]; verified?: boolean },
): Promise<string> {
  const { hashPassword } = await import('./services/accounts/passwords.js');
  const { randomUUID } = await import('node:crypto');
  const site = await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>();
  const id = randomUUID().replace(/-/g, '');
  const now = Date.now();
  await worker.db
    .prepare('INSERT INTO site_users (id, website_id, email, password_hash, email_verified_on, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(id, site!.id, input.email.toLowerCase(), await hashPassword(input.password), input.verified === false ? null : now, now, now)
    .run();
  if (input.roles) {
    await worker.db
      .prepare('INSERT INTO contributors (website_id, site_user_id, roles, created_on) VALUES (?, ?, ?, ?)')
      .bind(site!.id, id, JSON.stringify(input.roles), now)
      .run();
  }
  return id;
}
