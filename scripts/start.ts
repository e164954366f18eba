/**
 * `npm start`: migrate and seed the local D1/R2, then serve the worker in Miniflare and
 * print the demo store's address with what a newcomer needs to try it (owner sign-in, test
 * cards, where mail goes). `npm run dev` (`--wrangler`) serves it with `wrangler dev`
 * instead, rebuilding on change; further arguments go to wrangler.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../schema/seed/load.js';
import { DEMO_OWNER_DEFAULT_PASSWORD, DEMO_OWNER_EMAIL } from '../schema/seed/owner.js';
import { TEST_CARDS } from '../edge/services/payments/test-provider.js';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { Cron } from 'croner';
import { CLIENT_DIST, ensureClientBuild } from './client-build.js';
import { seedLocal } from './seed.js';
import { workerModules } from './worker-bundle.js';
import { bridgeWorker, runScheduled, withCronEntrypoint, type DispatchFetch } from './bindings-bridge.js';
import { localShardBindings, persistDir } from './wrangler.js';

const PORT = Number(process.env.ATELIER_PORT ?? 8787);
const READY_TIMEOUT_MS = 120_000;

/** What the banner after the URL needs to know about this run. */
export interface BannerFacts {
  url: string;
  /** ATELIER_DEMO_OWNER_PASSWORD when set: then the banner names the variable, never the value. */
  ownerPasswordFromEnv: boolean;
  /** wrangler.toml's MAIL_PROVIDER var (unset: mail stays in the outbox). */
  mailProvider?: string;
  /** The Cron Triggers this process runs (none under `npm run dev`, where wrangler owns them). */
  crons: readonly string[];
  /** A terminal, where `c` + Enter runs the Cron Triggers now. */
  interactive: boolean;
}

const groupsOfFour = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The lines printed once the store answers: its URL, then an aligned block with the owner
 * area, the demo owner's sign-in (schema/seed/owner.ts), the test provider's cards, where
 * outgoing mail can be read and the Cron schedule.
 */
export function startBanner(facts: BannerFacts): string[] {
  const { url } = facts;
  const password = facts.ownerPasswordFromEnv
    ? 'from ATELIER_DEMO_OWNER_PASSWORD (as set when the database was first seeded)'
    : `${DEMO_OWNER_DEFAULT_PASSWORD} (the local default; ATELIER_DEMO_OWNER_PASSWORD sets another before the first seed)`;
  const mail = facts.mailProvider && facts.mailProvider !== 'outbox'
    ? `sent through ${facts.mailProvider}; every mail is listed at ${url}/config/outbox`
    : `kept in the outbox, never sent: ${url}/config/outbox`;
  const rows: [string, string][] = [
    ['Owner area', `${url}/config/`],
    ['Email', DEMO_OWNER_EMAIL],
    ['Password', password],
    ['Test cards', `${groupsOfFour(TEST_CARDS.success)} pays, ${groupsOfFour(TEST_CARDS.declined)} is declined (any future expiry, any 3-digit CVC)`],
    ['Mail', mail],
  ];
  // The platform host (docs/platform.md): new owners sign up there; locally its mail is read at /dev/mail.
  const platform = url.replace('://localhost', '://app.localhost');
  rows.push(['Platform', `${platform}/ (new owners sign up and create their own sites)`]);
  if (!facts.mailProvider || facts.mailProvider === 'outbox') rows.push(['Owner mail', `${platform}/dev/mail (the platform's sign-up and reset links)`]);
  if (facts.crons.length > 0) {
    const now = facts.interactive ? '; type c and Enter to run them now' : '';
    rows.push(['Cron', `${facts.crons.join(', ')} (UTC)${now}`]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  return ['', `Atelier demo store: ${url}`, '', ...rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`), ''];
}

/** A Cron run's own line: only a failed run is worth one (its jobs log what they did). */
export function cronRunLine(expression: string, outcome: string): string | null {
  return outcome === 'ok' ? null : `Cron Trigger "${expression}": ${outcome}`;
}

function mailProviderVar(): string | undefined {
  const { vars } = unstable_readConfig({ config: join(REPO_ROOT, 'wrangler.toml') });
  const value = (vars as Record<string, unknown>).MAIL_PROVIDER;
  return typeof value === 'string' ? value : undefined;
}

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
    if (up) console.log(startBanner({ url: `http://localhost:${PORT}`, ownerPasswordFromEnv: Boolean(process.env.ATELIER_DEMO_OWNER_PASSWORD), mailProvider: mailProviderVar(), crons: [], interactive: false }).join('\n'));
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
  const name = workerOptions.name ?? 'atelier';
  // The shards served locally (localShardBindings): DB alone unless ATELIER_SHARDS=2.
  const served = new Set(localShardBindings());
  const d1Databases = Object.fromEntries(Object.entries(workerOptions.d1Databases ?? {}).filter(([binding]) => served.has(binding) || !binding.startsWith('DB')));
  const mf = new Miniflare({
    workers: [
      {
        ...(workerOptions as object),
        d1Databases,
        name,
        // The deployed worker, its handler reachable by the bridge for the Cron Triggers below.
        modules: withCronEntrypoint(await workerModules()),
        modulesRoot: REPO_ROOT,
        assets: { directory: CLIENT_DIST, binding: 'ASSETS', routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
        // ATELIER_ORDER_LEASE_SECONDS: a short order lease (the crash tests, tests/crash/).
        bindings: { ...workerOptions.bindings, REVIEW_LINK_SECRET: secret, SETTINGS_ENCRYPTION_KEY: await localSecret('settings-encryption-key'), ...(process.env.ATELIER_ORDER_LEASE_SECONDS ? { ORDER_LEASE_SECONDS: process.env.ATELIER_ORDER_LEASE_SECONDS } : {}) },
      },
      bridgeWorker({ app: name }),
    ],
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
    handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
      if (level === 'error' || level === 'warn') console.error(message);
      // Scheduled jobs log only runs that did something (edge/scheduled.ts).
      else console.log(message);
    },
  } as never);
  // ATELIER_PORT=0 takes any free port (the suite runs files in parallel); print the real one.
  const url = await mf.ready;
  const { jobs: crons, interactive } = await runCronTriggers(mf);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const cron of crons) cron.stop();
      void mf.dispose().finally(() => process.exit(0));
    });
  }
  const expressions = crons.map((job) => job.getPattern() ?? '');
  console.log(startBanner({ url: `http://localhost:${url.port}`, ownerPasswordFromEnv: Boolean(process.env.ATELIER_DEMO_OWNER_PASSWORD), mailProvider: mailProviderVar(), crons: expressions, interactive }).join('\n'));
}

/**
 * Runs the worker's scheduled handler on wrangler.toml's `[triggers] crons` (UTC), as
 * Cloudflare does in production, through the bindings bridge (Miniflare's own trigger path
 * reaches the assets router, not the worker). A run prints only what its jobs did and a
 * failure; the every-minute outbox drain with nothing to send stays quiet.
 */
async function runCronTriggers(mf: Miniflare): Promise<{ jobs: Cron[]; interactive: boolean }> {
  const { triggers } = unstable_readConfig({ config: join(REPO_ROOT, 'wrangler.toml') });
  const dispatch: DispatchFetch = (url, init) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>;
  const run = async (expression: string, manual: boolean) => {
    const result = await runScheduled(dispatch, expression).catch((error: unknown) => ({ outcome: `failed to start (${String(error)})` }));
    const line = manual ? `Cron Trigger "${expression}": ${result.outcome}` : cronRunLine(expression, result.outcome);
    if (line) console.log(line);
  };
  const jobs = (triggers.crons ?? []).map((expression: string) => new Cron(expression, { timezone: 'UTC', protect: true }, () => run(expression, false)));
  // In a terminal, `c` + Enter runs every trigger now (renewals, retention) without waiting;
  // `c <expression>` runs that one. ATELIER_CRON_STDIN=1 reads the same lines from a piped
  // stdin (the crash tests run the minute's trigger at the moment they choose, tests/crash/).
  const interactive = Boolean(process.stdin.isTTY) && jobs.length > 0;
  if (interactive || (process.env.ATELIER_CRON_STDIN === '1' && jobs.length > 0)) {
    process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').map((l) => l.trim())) {
        if (line !== 'c' && !line.startsWith('c ')) continue;
        const only = line.slice(1).trim();
        for (const job of jobs) if (!only || job.getPattern() === only) void run(job.getPattern() ?? '', true);
      }
    });
  }
  return { jobs, interactive };
}

async function main(): Promise<void> {
  console.log('Building the browser code (Vite)...');
  await ensureClientBuild();
  // ATELIER_STATE_SEEDED=1: the state folder is a copy of one this script migrated and seeded
  // (the crash tests' copies, tests/crash/); its migrations, seed and uploads are not checked again.
  if (process.env.ATELIER_STATE_SEEDED === '1') console.log('Local database seeded before (ATELIER_STATE_SEEDED=1): migrations and seed not checked.');
  else {
    console.log('Preparing the local database (migrations, demo seed)...');
    const { seeded, uploaded } = await seedLocal();
    console.log(seeded ? 'Seeded the Fern & Kiln demo store.' : 'Local database already seeded.');
    if (uploaded > 0) console.log(`Uploaded ${uploaded} demo file(s) to local R2.`);
  }

  const secret = await localSecret('review-link-secret');
  if (process.argv[2] === '--wrangler') serveWithWrangler(secret);
  else await serveWithMiniflare(secret);
}

// Run as `npm start` / `npm run dev`; imported (by its test), only the helpers above.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
