/**
 * Crash test: a flood of census page views, the store killed (SIGKILL) once some are
 * stored, restarted, and every hit sent again with its hit id (docs/crash-safety.md).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, CrashStore, type Answer } from './crash-store.js';

const VISITORS = 30;
const HITS = 3;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PATH = '/shop';
let store: CrashStore;
let replays: Answer[];
let hitIds: string[];
let viewsBefore: number;

beforeAll(async () => {
  store = await CrashStore.fresh();
  await store.start();
  viewsBefore = await store.count(`SELECT COALESCE(SUM(views), 0) AS n FROM census_rollups WHERE dimension = 'page' AND key = '${PATH}'`);
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      const v = new Client(store);
      await v.send('GET', '/api/commerce/shopping-cart');
      return v;
    }),
  );
  hitIds = Array.from({ length: VISITORS * HITS }, () => `crash${randomUUID().replace(/-/g, '')}`);
  const hit = (i: number) => {
    const v = visitors[i % VISITORS]!;
    const data = JSON.stringify({ pagePath: PATH, title: 'Shop', pageType: 1, hitId: hitIds[i], clientTime: Date.now(), locale: 'en-US' });
    const form = new URLSearchParams({ event: 'view', data, ...(v.jar.get('ss_cvr') ? { ss_cvr: decodeURIComponent(v.jar.get('ss_cvr')!) } : {}) });
    return v.send('POST', '/api/census/RecordHit', form.toString(), { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME });
  };
  let settled = 0;
  const flood = hitIds.map((_, i) => hit(i).then(() => settled++, () => settled++));
  await store.waitFor(`SELECT count(*) AS n FROM census_hits WHERE hit_id LIKE 'crash%'`, 30, () => settled === hitIds.length);
  await store.kill();
  await Promise.all(flood);
  await store.start();
  replays = await Promise.all(hitIds.map((_, i) => hit(i)));
}, 400_000);
afterAll(() => store?.dispose());

describe('a census flood killed mid-way, restarted and sent again with the same hit ids', () => {
  it('answers every hit again as recorded', () => {
    expect(replays.filter((a) => a.status !== 200 || a.json?.recorded !== true).map((a) => `${a.status} ${JSON.stringify(a.json)}`)).toEqual([]);
  });

  it('stores each hit once and counts it once in the page rollup', async () => {
    const stored = await store.sql<{ hit_id: string; n: number }>(`SELECT hit_id, count(*) AS n FROM census_hits WHERE hit_id LIKE 'crash%' GROUP BY hit_id`);
    expect(stored).toHaveLength(hitIds.length);
    expect(stored.every((s) => s.n === 1)).toBe(true);
    const views = await store.count(`SELECT COALESCE(SUM(views), 0) AS n FROM census_rollups WHERE dimension = 'page' AND key = '${PATH}'`);
    expect(views - viewsBefore).toBe(hitIds.length);
  });
});
