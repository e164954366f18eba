import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../schema/seed/load.js';
import { SHARD_BINDINGS } from '../edge/services/shards/bindings.js';

const WRANGLER_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'wrangler');

/**
 * Where wrangler keeps the local D1 and R2 state. ATELIER_PERSIST_DIR moves it (tests and
 * parallel checkouts use a temporary directory); the default is wrangler's own.
 */
export function persistDir(): string {
  return process.env.ATELIER_PERSIST_DIR ?? join(REPO_ROOT, '.wrangler', 'state');
}

/**
 * The shards `npm start` serves and migrates: DB alone unless ATELIER_SHARDS=2 (docs/platform.md
 * "Shards"). Every local D1 is a sqlite file under the state folder, and tools that read the
 * demo store's rows take the one D1 file there; a second shard is for trying site creation on
 * shard 1 and `npm run site:move`. The tests always run both (edge/test-support.ts).
 */
export function localShardBindings(): readonly string[] {
  return process.env.ATELIER_SHARDS === '2' ? SHARD_BINDINGS : SHARD_BINDINGS.slice(0, 1);
}

/** Runs `wrangler <args>` in the repository root and resolves with its stdout. */
export function runWrangler(args: string[], options: { quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(WRANGLER_BIN, args, {
      cwd: REPO_ROOT,
      // CI=1 makes wrangler take the default answer to its confirmation prompts.
      env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!options.quiet) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`wrangler ${args.join(' ')} exited with ${code}\n${stderr || stdout}`));
    });
  });
}

/** `wrangler d1 execute DB --local --json --command <sql>` and its first result set. */
export async function queryLocalD1<T>(sql: string): Promise<T[]> {
  const out = await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', persistDir(), '--json', '--command', sql], { quiet: true });
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}
