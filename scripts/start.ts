/**
 * `npm start`: migrate and seed the local D1/R2, then serve the worker in Miniflare and
 * print the demo store's address. `npm run dev` (`--wrangler`) serves it with `wrangler
 * dev` instead, rebuilding on change; further arguments go to wrangler.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../schema/seed/load.js';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { Cron } from 'croner';
import { CLIENT_DIST, ensureClientBuild } from './client-build.js';
import { seedLocal } from './seed.js';
import { workerModules } from './worker-bundle.js';
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

/**
 * A random secret kept beside the local database (never committed): production sets the
 * same name with `wrangler secret put`.
 */
async function localSecret(name: string): Promise<string> {
  const file = join(persistDir(), name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await mkdir(persistDir(), { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** `npm run dev`: the same worker under `wrangler dev`, which rebuilds when a file changes. */
function serveWithWrangler(secret: string): void {
  const args = ['dev', '--local', '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', persistDir(), '--var', `REVIEW_LINK_SECRET:${secret}`, ...process.argv.slice(3)];
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
  void waitUntilAnswering(`http://127.0.0.1:${PORT}/`, () => alive).then((up) => {
    if (up) console.log(`\nAtelier demo store: http://localhost:${PORT}\n`);
    else if (alive) console.error(`wrangler dev did not answer on port ${PORT} within ${READY_TIMEOUT_MS / 1000} s`);
  });
}

/**
 * `npm start`: the bundled worker straight in Miniflare (workerd), configured from
 * wrangler.toml, over the same local state as wrangler. wrangler dev puts a proxy worker in
 * front that answers 503 "Your worker restarted mid-request" to POSTs once a few hundred
 * arrive at once; workerd itself serves a thousand concurrent visitors.
 */
async function serveWithMiniflare(secret: string): Promise<void> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(REPO_ROOT, 'wrangler.toml'));
  const mf = new Miniflare({
    ...(workerOptions as object),
    modules: await workerModules(),
    modulesRoot: REPO_ROOT,
    assets: { directory: CLIENT_DIST, binding: 'ASSETS', routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
    bindings: { ...workerOptions.bindings, REVIEW_LINK_SECRET: secret },
    // wrangler's layout under --persist-to, so `npm run dev` and the seed see the same data.
    defaultPersistRoot: join(persistDir(), 'v3'),
    host: '127.0.0.1',
    port: PORT,
    // No fetch of Cloudflare's Request.cf sample: the demo runs offline with the placeholder.
    cf: false,
    log: new Log(LogLevel.WARN),
    // workerd's own messages (an isolate over its memory limit, a crash) reach the terminal.
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
      stdout.pipe(process.stdout);
      stderr.pipe(process.stderr);
    },
    handleStructuredLogs: ({ level, message }: { level: string; message: string }) => (level === 'error' || level === 'warn' ? console.error : console.log)(message),
  } as never);
  // ATELIER_PORT=0 takes any free port (the suite runs files in parallel); print the real one.
  const url = await mf.ready;
  const crons = await runCronTriggers(mf);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const cron of crons) cron.stop();
      void mf.dispose().finally(() => process.exit(0));
    });
  }
  console.log(`\nAtelier demo store: http://localhost:${url.port}\n`);
}

/**
 * Runs the worker's scheduled handler on wrangler.toml's `[triggers] crons` (UTC), as
 * Cloudflare does in production. Miniflare's own trigger path reaches the assets router,
 * not the worker, so the schedule is kept here.
 */
async function runCronTriggers(mf: Miniflare): Promise<Cron[]> {
  const { triggers } = unstable_readConfig({ config: join(REPO_ROOT, 'wrangler.toml') });
  const worker = await mf.getWorker();
  const run = async (expression: string) => {
    const result = await worker.scheduled({ cron: expression, scheduledTime: new Date() });
    console.log(`Cron Trigger "${expression}": ${result.outcome}`);
  };
  const jobs = (triggers.crons ?? []).map((expression: string) => {
    const job = new Cron(expression, { timezone: 'UTC', protect: true }, () => run(expression));
    console.log(`Cron Trigger "${expression}": next run ${job.nextRun()?.toISOString()}`);
    return job;
  });
  // In a terminal, `c` + Enter runs every trigger now (renewals, retention) without waiting.
  if (process.stdin.isTTY && jobs.length > 0) {
    console.log('Type c and Enter to run the Cron Triggers now.');
    process.stdin.setEncoding('utf8').on('data', (line: string) => {
      if (line.trim() === 'c') for (const job of jobs) void run(job.getPattern() ?? '');
    });
  }
  return jobs;
}

async function main(): Promise<void> {
  console.log('Building the browser code (Vite)...');
  await ensureClientBuild();
  console.log('Preparing the local database (migrations, demo seed)...');
  const { seeded, uploaded } = await seedLocal();
  console.log(seeded ? 'Seeded the Fern & Kiln demo store.' : 'Local database already seeded.');
  if (uploaded > 0) console.log(`Uploaded ${uploaded} demo file(s) to local R2.`);

  const secret = await localSecret('review-link-secret');
  if (process.argv[2] === '--wrangler') serveWithWrangler(secret);
  else await serveWithMiniflare(secret);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
