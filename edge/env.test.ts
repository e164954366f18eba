import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './test-support.js';
import { SHARD_BINDINGS } from './services/shards/bindings.js';

describe('wrangler.toml', () => {
  it('declares the rate-limit budgets the tests run with', async () => {
    const toml = await readFile(new URL('../wrangler.toml', import.meta.url), 'utf8');
    const declared = Object.fromEntries(
      [...toml.matchAll(/\[\[ratelimits\]\]\s*name = "(\w+)"[^[]*?simple = \{ limit = (\d+), period = (\d+) \}/g)].map((m) => [
        m[1],
        { simple: { limit: Number(m[2]), period: Number(m[3]) } },
      ]),
    );
    expect(declared).toEqual(RATE_LIMITS);
  });

  it('binds the shards the tests, npm start and the migrations use, each migrated from schema/migrations', async () => {
    const toml = await readFile(new URL('../wrangler.toml', import.meta.url), 'utf8');
    const blocks = [...toml.matchAll(/^\[\[d1_databases\]\]([^[]*)/gm)].map((m) => m[1]!);
    expect(blocks.map((b) => /binding = "(\w+)"/.exec(b)?.[1])).toEqual([...SHARD_BINDINGS]);
    for (const block of blocks) expect(block).toContain('migrations_dir = "schema/migrations"');
    const ids = blocks.map((b) => /database_id = "([^"]+)"/.exec(b)?.[1]);
    expect(new Set(ids).size).toBe(blocks.length);
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    for (const binding of SHARD_BINDINGS) expect(pkg.scripts['db:migrate']).toContain(`apply ${binding} --local`);
  });
});

