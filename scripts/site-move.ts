/**
 * `npm run site:move -- <site> <shard>`: moves a site (its id or identifier, e.g. its slug)
 * to another shard of the local D1 (docs/platform.md "Shards"): read-only while its rows are
 * copied, verified (row counts and a checksum per table, its R2 files) and switched, then the
 * old rows are deleted. A failed verify leaves the site where it was, writable; the exit
 * status is then 1. Works on the state `npm start` serves (.wrangler/state), while it runs.
 * Against a deployment, the same moveSite runs in the worker over its bindings.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { REPO_ROOT } from '../schema/seed/load.js';
import { moveSite } from '../edge/services/shards/move.js';
import { startBindings } from './bindings-bridge.js';
import { localShardBindings, persistDir } from './wrangler.js';

/** The arguments: `<site> <shard>`, the shard a whole number. */
export function parseMoveArgs(args: string[]): { site: string; shard: number } | undefined {
  const [site, shard, ...rest] = args;
  if (!site || !shard || rest.length > 0 || !/^\d+$/.test(shard)) return undefined;
  return { site, shard: Number(shard) };
}

async function main(): Promise<number> {
  const parsed = parseMoveArgs(process.argv.slice(2));
  if (!parsed) {
    console.error('Usage: npm run site:move -- <site id or identifier> <shard number>');
    return 2;
  }
  if (parsed.shard >= localShardBindings().length) {
    console.error(`Shard ${parsed.shard} is not served locally: run npm start with ATELIER_SHARDS=2 (docs/platform.md "Shards").`);
    return 2;
  }
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(REPO_ROOT, 'wrangler.toml'));
  const idOf = (entry: unknown) => (typeof entry === 'string' ? entry : (entry as { id: string }).id);
  const d1 = Object.fromEntries(Object.entries(workerOptions.d1Databases ?? {}).map(([binding, entry]) => [binding, idOf(entry)]));
  const r2 = Object.fromEntries(Object.entries(workerOptions.r2Buckets ?? {}).map(([binding, entry]) => [binding, idOf(entry)]));
  const local = await startBindings({ d1, r2, persistRoot: join(persistDir(), 'v3') });
  try {
    const shards = localShardBindings().map((binding) => local.d1(binding));
    const result = await moveSite(shards, local.r2('FILES'), parsed.site, parsed.shard, { log: (line) => console.log(line) });
    if (!result.ok) {
      console.error(`Not moved (${result.reason}): ${result.message}`);
      return 1;
    }
    for (const check of result.tables.filter((t) => t.rows > 0)) console.log(`  ${check.table.padEnd(32)} ${String(check.rows).padStart(6)}  ${check.checksum.slice(0, 16)}`);
    console.log(`Moved site ${result.websiteId} from shard ${result.from} to shard ${result.to}: ${result.tables.reduce((n, t) => n + t.rows, 0)} rows and ${result.files} files verified.`);
    return 0;
  } finally {
    await local.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
