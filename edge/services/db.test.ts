import type { D1Database } from '@cloudflare/workers-types';
import { describe, expect, it } from 'vitest';
import { openDb } from './db.js';

describe('openDb', () => {
  it('makes one handle per D1 binding and reuses it (building one walks the whole schema)', () => {
    const first = {} as D1Database;
    const second = {} as D1Database;
    expect(openDb(first)).toBe(openDb(first));
    expect(openDb(second)).not.toBe(openDb(first));
    // Each handle talks to its own binding.
    expect(openDb(first).$client).toBe(first);
    expect(openDb(second).$client).toBe(second);
  });
});
