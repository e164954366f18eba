import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './test-support.js';

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
});
