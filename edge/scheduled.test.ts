import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from './test-support.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const DAY = 24 * 60 * 60 * 1000;

describe('scheduled handler: census retention', () => {
  it('prunes raw rows older than 90 days and rollups older than 761 days, keeping the rest', async () => {
    const site = (await worker.db.prepare('select id from websites limit 1').first<{ id: string }>())!.id;
    const now = Date.now();
    const day = (ts: number) => new Date(ts).toISOString().slice(0, 10);
    const hit = (ts: number, path: string) =>
      worker.db
        .prepare(`insert into census_hits (website_id, ts, day, visitor_id, visit_no, new_visit, page_path, referrer_host, device, browser, country, is_bot) values (?, ?, ?, 'v', 1, 1, ?, '', 'desktop', 'Chrome', 'US', 0)`)
        .bind(site, ts, day(ts), path);
    const rollup = (ts: number, key: string) => worker.db.prepare(`insert into census_rollups (website_id, day, dimension, key, views) values (?, ?, 'page', ?, 1)`).bind(site, day(ts), key);
    await worker.db.batch([hit(now - 91 * DAY, '/old'), hit(now - 89 * DAY, '/recent'), rollup(now - 800 * DAY, '/ancient'), rollup(now - 400 * DAY, '/kept')]);
    const scheduled = await worker.mf.getWorker();
    const result = await scheduled.scheduled({ cron: '17 3 * * *', scheduledTime: new Date(now) });
    expect(result.outcome).toBe('ok');
    const paths = await worker.db.prepare("select page_path from census_hits where page_path in ('/old', '/recent')").all();
    expect(paths.results).toEqual([{ page_path: '/recent' }]);
    const keys = await worker.db.prepare("select key from census_rollups where key in ('/ancient', '/kept')").all();
    expect(keys.results).toEqual([{ key: '/kept' }]);
    expect(worker.logs.some((l) => /census retention: removed [1-9]/.test(l.message))).toBe(true);
  });
});
