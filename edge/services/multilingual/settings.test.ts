import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { openDb } from '../db.js';
import { siteLanguages } from './settings.js';

/** A D1 stand-in that answers every query with `rows` (as arrays, Drizzle's raw mode) and counts the queries. */
function countingD1(rows: unknown[][]) {
  const d1 = {
    queries: 0,
    prepare() {
      d1.queries++;
      const statement = { bind: () => statement, raw: async () => rows, all: async () => ({ results: [] }), run: async () => ({}) };
      return statement;
    },
  };
  return d1;
}

describe('siteLanguages (the language middleware read)', () => {
  it('reads D1 once per content version and site locale, again when either moves', async () => {
    const d1 = countingD1([]);
    const db = openDb(d1 as unknown as D1Database);
    const site = { id: 'site-languages-test', locale: 'en-US', contentVersion: 7 };
    expect(await siteLanguages(db, site)).toEqual({ enabled: false, primary: 'en-US', added: [] });
    await siteLanguages(db, site);
    await siteLanguages(db, { ...site });
    expect(d1.queries).toBe(1);
    // An owner's languages save bumps the content version in the same batch: the next page reads again.
    await siteLanguages(db, { ...site, contentVersion: 8 });
    expect(d1.queries).toBe(2);
    expect(await siteLanguages(db, { ...site, contentVersion: 8, locale: 'fr' })).toEqual({ enabled: false, primary: 'fr', added: [] });
    expect(d1.queries).toBe(3);
    // Another site has its own entry.
    await siteLanguages(db, { ...site, id: 'another-site' });
    expect(d1.queries).toBe(4);
  });
});
