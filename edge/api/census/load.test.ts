import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';

/**
 * Load: RecordHit posts from 200 concurrent visitors (10 each, one after another, as a
 * browser would send them) must all be stored, none lost and none counted twice. Runs
 * against the worker in workerd through Miniflare. 2,000 requests keep every visitor's
 * writes interleaved with the others' while costing the suite seconds, not minutes;
 * `CENSUS_LOAD_HITS=50` sends the 10,000 of the sustained run (bench/README.md, Traffic).
 */
const VISITORS = 200;
const HITS_EACH = Number(process.env.CENSUS_LOAD_HITS ?? 10);

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

let retried = 0;

async function visit(i: number): Promise<number[]> {
  // The crumb a page would have given this visitor (rendering 200 home pages at once is
  // a page-serving load test, not this one).
  const crumb = `loadvisitor${String(i).padStart(12, '0')}`;
  const jar = new Map([['crumb', crumb]]);
  const statuses: number[] = [];
  for (let j = 0; j < HITS_EACH; j++) {
    // As the census client does: one hit id per page view, one retry when the post gets no
    // answer (a connection dropped under this load); the server stores the id once.
    const hitId = `load-${String(i).padStart(4, '0')}-${String(j).padStart(4, '0')}-hit`;
    const send = () => worker.fetch('/api/census/RecordHit', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-CSRF-Token': crumb,
        // 200 visitors from 200 addresses (Miniflare reports 127.0.0.1 for every request,
        // which would put all of them under one address's census budget).
        'CF-Connecting-IP': `198.51.100.${i % 250}`,
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
        Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: new URLSearchParams({ event: 'view', data: JSON.stringify({ pagePath: `/load/${i}/${j % 7}`, title: 'Load', clientTime: Date.now(), hitId }), ss_cvr: jar.get('ss_cvr') ?? '' }).toString(),
    });
    const res = await send().catch(() => {
      retried++;
      return send();
    });
    await res.arrayBuffer();
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    statuses.push(res.status);
  }
  return statuses;
}

describe('census under load', () => {
  it(`stores exactly ${VISITORS * HITS_EACH} hits from ${VISITORS} concurrent visitors`, { timeout: 600_000 }, async () => {
    const count = async (sql: string) => (await worker.db.prepare(sql).first<{ n: number }>())!.n;
    const before = await count("select count(*) as n from census_hits where page_path like '/load/%'");
    const statuses = (await Promise.all(Array.from({ length: VISITORS }, (_, i) => visit(i)))).flat();
    const tally: Record<number, number> = {};
    for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
    expect(tally).toEqual({ 200: VISITORS * HITS_EACH });
    console.log(`census load: ${retried} posts retried after a dropped connection`);
    expect((await count("select count(*) as n from census_hits where page_path like '/load/%'")) - before).toBe(VISITORS * HITS_EACH);
    expect(await count("select count(distinct hit_id) as n from census_hits where hit_id like 'load-%'")).toBe(VISITORS * HITS_EACH);
    // Rollups agree with the raw rows: every hit counted once, every visitor once a day.
    expect(await count("select sum(views) as n from census_rollups where dimension = 'page' and key like '/load/%'")).toBe(VISITORS * HITS_EACH);
    expect(await count("select count(distinct visitor_id) as n from census_hits where page_path like '/load/%'")).toBe(VISITORS);
    expect(await count("select sum(views) as n from census_visits where entry_path like '/load/%'")).toBe(VISITORS * HITS_EACH);
    // The visit counters of the daily total rows (bounces, durations) grew hit by hit under
    // the same concurrency and agree with the visit rows.
    expect(await count("select sum(bounces) as n from census_rollups where dimension = 'total'")).toBe(await count('select count(*) as n from census_visits where views = 1'));
    expect(await count("select sum(visit_ms) as n from census_rollups where dimension = 'total'")).toBe(await count('select sum(last_seen_at - started_at) as n from census_visits'));
  });
});
