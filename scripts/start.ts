/**
 * `npm start`: migrate and seed the local D1/R2, then run the worker with `wrangler dev`
 * and print the demo store's address once it answers. Extra arguments go to wrangler.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../schema/seed/load.js';
import { ensureClientBuild } from './client-build.js';
import { seedLocal } from './seed.js';
import { persistDir } from './wrangler.js';

const PORT = Number(process.env.ATELIER_PORT ?? 8787);
const READY_TIMEOUT_MS = 120_000;

async function waitUntilAnswering(url: string, isAlive: () => boolean): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && isAlive()) {
    try {
      // Any HTTP answer, even an error page, means the worker is up.
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return false;
}

async function main(): Promise<void> {
  console.log('Building the browser code (Vite)...');
  await ensureClientBuild();
  console.log('Preparing the local database (migrations, demo seed)...');
  const { seeded, uploaded } = await seedLocal();
  console.log(seeded ? 'Seeded the Fern & Kiln demo store.' : 'Local database already seeded.');
  if (uploaded > 0) console.log(`Uploaded ${uploaded} demo file(s) to local R2.`);

  const args = ['dev', '--local', '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', persistDir(), ...process.argv.slice(2)];
  // The demo runs offline: no fetch of Cloudflare's Request.cf sample (the placeholder is fine locally).
  const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false' };
  const child = spawn(join(REPO_ROOT, 'node_modules', '.bin', 'wrangler'), args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  let alive = true;
  child.on('exit', (code, signal) => {
    alive = false;
    process.exit(code ?? (signal ? 1 : 0));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  if (await waitUntilAnswering(`http://127.0.0.1:${PORT}/`, () => alive)) {
    console.log(`\nAtelier demo store: http://localhost:${PORT}\n`);
  } else if (alive) {
    console.error(`wrangler dev did not answer on port ${PORT} within ${READY_TIMEOUT_MS / 1000} s`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
