/**
 * Node-side helpers for the edge's HTTP tests, the browser test and the bench: bundle
 * the worker once, run it in Miniflare (workerd) with a local D1 and R2, migrate and
 * seed them with the schema's own helpers.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The rate-limit budgets of wrangler.toml `[[ratelimits]]` (edge/env.test.ts keeps them equal). */
export const RATE_LIMITS = {
  RATE_VISITOR_WRITES: { simple: { limit: 60, period: 60 } },
  RATE_IP_WRITES: { simple: { limit: 1200, period: 60 } },
  RATE_CSP_REPORTS: { simple: { limit: 20, period: 60 } },
  RATE_CENSUS_VISITOR: { simple: { limit: 120, period: 60 } },
  RATE_CENSUS_IP: { simple: { limit: 6000, period: 60 } },
  RATE_JS_ERRORS: { simple: { limit: 20, period: 60 } },
} as const;

let bundled: Promise<string> | undefined;

/** The worker bundled as one ES module (what wrangler deploys), built once per process. */
export function workerScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [join(ROOT, 'edge/index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return bundled;
}

/**
 * Miniflare's Node proxy rejects Buffer bodies (a Uint8Array subclass): hand R2 a
 * plain ArrayBuffer copy instead.
 */
function uploadsThroughProxy(files: R2Bucket): R2Bucket {
  const put = (key: string, body: unknown, options?: unknown) => {
    const bytes = body instanceof Uint8Array ? body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) : body;
    return files.put(key, bytes as never, options as never);
  };
  return new Proxy(files, { get: (target, prop) => (prop === 'put' ? put : Reflect.get(target, prop)) });
}

export interface WorkerLog {
  level: string;
  message: string;
}

export interface RunningWorker {
  mf: Miniflare;
  /** Everything the worker logged (console.warn is level "warn"). */
  logs: WorkerLog[];
  db: D1Database;
  files: R2Bucket;
  /** Base URL when started with `port`, e.g. http://127.0.0.1:41234 */
  url: URL;
  fetch(path: string, init?: RequestInit & { host?: string }): Promise<Response>;
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
}

/** Starts the worker in Miniflare with D1 `DB` and R2 `FILES`. */
export async function startWorker(options: StartOptions = {}): Promise<RunningWorker> {
  const script = await workerScript();
  const logs: WorkerLog[] = [];
  const mf = new Miniflare({
    // The worker's console, kept for assertions (printed too with EDGE_LOGS=1).
    handleStructuredLogs: (log: WorkerLog) => {
      logs.push({ level: log.level, message: log.message });
      if (process.env.EDGE_LOGS) console.log(`[worker ${log.level}] ${log.message}`);
    },
    modules: true,
    script,
    compatibilityDate: '2026-04-20',
    compatibilityFlags: ['nodejs_compat'],
    d1Databases: ['DB'],
    r2Buckets: ['FILES'],
    ratelimits: RATE_LIMITS as never,
    bindings: options.bindings ?? {},
    ...(options.port !== undefined ? { host: '127.0.0.1', port: options.port } : {}),
  });
  const url = await mf.ready;
  const db = (await mf.getD1Database('DB')) as unknown as D1Database;
  const files = (await mf.getR2Bucket('FILES')) as unknown as R2Bucket;
  if (options.seed !== false) {
    const testing = await import('../schema/testing.js');
    await testing.applyMigrations(db);
    if (!options.migrateOnly) await testing.seedDemo(db, uploadsThroughProxy(files));
  }
  return {
    mf,
    logs,
    db,
    files,
    url,
    fetch: (path, init = {}) => {
      const { host, ...rest } = init;
      const target = new URL(path, host ? `http://${host}` : 'http://localhost');
      return mf.dispatchFetch(target.href, rest as never) as unknown as Promise<Response>;
    },
    dispose: () => mf.dispose(),
  };
}
