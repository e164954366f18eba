/**
 * Builds `client/` with Vite into dist/client (vite.config.ts) when the build is missing
 * or older than its sources. `npm start`, the test suite (vitest globalSetup), the worker
 * test harness and the bench call it, so a fresh clone needs no separate build step.
 */
import { spawn } from 'node:child_process';
import { mkdir, rmdir, stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../schema/seed/load.js';

export const CLIENT_DIST = join(REPO_ROOT, 'dist', 'client');
const MANIFEST = join(CLIENT_DIST, 'manifest.json');
const LOCK = join(REPO_ROOT, 'dist', '.client-build.lock');
// Everything the browser bundle is built from: client/ and the shared rules it imports.
const SOURCES = ['client', 'domain', 'blocks', 'vite.config.ts', 'package-lock.json'];
// A lock older than this was left by a killed build.
const STALE_LOCK_MS = 120_000;

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((e) => newestMtime(join(path, e))));
  return Math.max(info.mtimeMs, ...times);
}

async function isFresh(): Promise<boolean> {
  const built = await newestMtime(MANIFEST);
  if (built === 0) return false;
  const sources = await Promise.all(SOURCES.map((s) => newestMtime(join(REPO_ROOT, s))));
  return Math.max(...sources) <= built;
}

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  await mkdir(join(REPO_ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch {
      const held = await stat(LOCK).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rmdir(LOCK).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await run();
  } finally {
    await rmdir(LOCK).catch(() => undefined);
  }
}

/**
 * Runs `vite build` now, in its own process with NODE_ENV=production: inside vitest
 * (NODE_ENV=test) Vite would otherwise build React's development code.
 */
export function buildClient(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

/** Builds dist/client unless it is newer than every client source; safe to call from parallel processes. */
export async function ensureClientBuild(): Promise<string> {
  if (await isFresh()) return CLIENT_DIST;
  await withLock(async () => {
    if (!(await isFresh())) await buildClient();
  });
  return CLIENT_DIST;
}

// `tsx scripts/client-build.ts` (npm run build:client) always rebuilds.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  withLock(buildClient).then(
    () => console.log(`Built client/ into ${CLIENT_DIST}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
