import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, type RunningWorker } from '../../test-support.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const UUID = '2f1c7a0e-5b7d-4c1a-9e3f-0a1b2c3d4e5f';

/** A fresh visitor: its own crumb, cookies kept like a browser would. */
async function visitor() {
  const res = await worker.fetch('/');
  await res.arrayBuffer();
  const crumb = /crumb=([^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')![1]!;
  const jar = new Map<string, string>([['crumb', crumb]]);
  const post = async (path: string, form: Record<string, string> | undefined, headers: Record<string, string> = {}) => {
    const r = await worker.fetch(path, {
      method: 'POST',
      body: form ? new URLSearchParams(form).toString() : undefined,
      headers: {
        'User-Agent': CHROME,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'X-CSRF-Token': crumb,
        ...headers,
      },
    });
    const setCookies = r.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const text = await r.text();
    return { status: r.status, headers: r.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined, setCookies };
  };
  return { crumb, jar, post };
}

const hitData = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ pagePath: '/shop', title: 'Shop', pageType: 1, viewportWidth: 1280, viewportHeight: 800, screenWidth: 1920, screenHeight: 1080, clientTime: Date.now(), locale: 'en-US', ...extra });

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await worker.db.prepare(sql).bind(...binds).first<{ n: number }>();
  return row!.n;
}

describe('POST /api/census/RecordHit: SPEC §4 visitor cookies', () => {
  it('a new visitor gets a fresh 5-part ss_cvr (2 years) and ss_cvt (30 minutes), and the hit is stored with server-derived facts', async () => {
    const v = await visitor();
    const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ referrer: 'https://www.Example.com/some/path?q=secret' }) }, { 'User-Agent': IPHONE });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ recorded: true, newVisit: true });
    const cvrLine = res.setCookies.find((l) => l.startsWith('ss_cvr='))!;
    expect(cvrLine).toMatch(/Max-Age=63072000/);
    expect(res.setCookies.find((l) => l.startsWith('ss_cvt='))).toMatch(/Max-Age=1800/);
    const parts = decodeURIComponent(v.jar.get('ss_cvr')!).split('|');
    expect(parts).toHaveLength(5);
    expect(parts[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(parts[1]).toBe(parts[3]);
    expect(parts[4]).toBe('1');
    expect(Number(v.jar.get('ss_cvt'))).toBeGreaterThan(0);
    const row = await worker.db.prepare('select * from census_hits where visitor_id = ?').bind(parts[0]).first<Record<string, unknown>>();
    expect(row).toMatchObject({ page_path: '/shop', device: 'mobile', browser: 'Safari', referrer_host: 'example.com', is_bot: 0, visit_no: 1, new_visit: 1, viewport: '1280x800' });
    expect(row!['country']).toMatch(/^[A-Z]{2}$/);
    expect(Object.keys(row!).some((k) => /ip|addr/i.test(k))).toBe(false);
  });

  it('takes the country from the edge', async () => {
    const v = await visitor();
    const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData() }, {});
    expect(res.status).toBe(200);
    const uuid = decodeURIComponent(v.jar.get('ss_cvr')!).split('|')[0];
    const de = await worker.fetch('/api/census/RecordHit', {
      method: 'POST',
      body: new URLSearchParams({ event: 'view', data: hitData() }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${v.crumb}; ss_cvr=${v.jar.get('ss_cvr')}`, 'X-CSRF-Token': v.crumb, 'User-Agent': CHROME },
      cf: { country: 'DE' },
    } as RequestInit);
    expect(de.status).toBe(200);
    expect(await count("select count(*) as n from census_hits where visitor_id = ? and country = 'DE'", uuid)).toBe(1);
  });

  it('a valid record without ss_cvt starts a new visit: count + 1, previous = old current, current = now', async () => {
    const v = await visitor();
    const before = Date.now();
    const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData(), ss_cvr: `${UUID}|100|200|300|4` });
    expect(res.json).toMatchObject({ recorded: true, newVisit: true });
    const parts = decodeURIComponent(v.jar.get('ss_cvr')!).split('|');
    expect(parts.slice(0, 3)).toEqual([UUID, '100', '300']);
    expect(Number(parts[3])).toBeGreaterThanOrEqual(before);
    expect(parts[4]).toBe('5');
    // The same visit goes on while ss_cvt is there: nothing changes but the timer.
    const again = await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: '/about' }), ss_cvr: v.jar.get('ss_cvr')! });
    expect(again.json).toMatchObject({ recorded: true, newVisit: false });
    expect(decodeURIComponent(v.jar.get('ss_cvr')!).split('|')).toEqual(parts);
    expect(await count('select views as n from census_visits where visitor_id = ? and visit_no = 5', UUID)).toBe(2);
  });

  it('an invalid record is replaced by a new one (never a 400)', async () => {
    for (const bad of ['nonsense', `${UUID}|1|2|3`, `${UUID}|3|2|1|1`, `${UUID}|1|2|3|0`]) {
      const v = await visitor();
      const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData(), ss_cvr: bad });
      expect(res.status).toBe(200);
      const parts = decodeURIComponent(v.jar.get('ss_cvr')!).split('|');
      expect(parts[0]).not.toBe(UUID);
      expect(parts[4]).toBe('1');
    }
  });

  it('restrictive mode (Global Privacy Control): a fresh record each time, nothing persistent, ss_cid/ss_cpvisit/ss_cvisit cleared', async () => {
    const v = await visitor();
    v.jar.set('ss_cid', 'x');
    v.jar.set('ss_cpvisit', '1');
    v.jar.set('ss_cvisit', '1');
    v.jar.set('ss_cvr', `${UUID}|100|200|300|4`);
    const first = await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: '/gpc-page' }), ss_cvr: `${UUID}|100|200|300|4` }, { 'Sec-GPC': '1' });
    expect(first.json).toMatchObject({ recorded: true, newVisit: true });
    for (const name of ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr']) expect(v.jar.has(name)).toBe(false);
    expect(first.setCookies.some((l) => /^ss_cv[rt]=[^;]/.test(l))).toBe(false);
    await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: '/gpc-page' }) }, { 'Sec-GPC': '1' });
    const ids = await worker.db.prepare("select visitor_id, visit_no from census_hits where page_path = '/gpc-page'").all<{ visitor_id: string; visit_no: number }>();
    expect(ids.results).toHaveLength(2);
    expect(new Set(ids.results.map((r) => r.visitor_id)).size).toBe(2);
    expect(ids.results.every((r) => r.visitor_id !== UUID && r.visit_no === 1)).toBe(true);
  });

  it('restrictive mode chosen by the site works the same', async () => {
    await worker.db.prepare(`update websites set site_settings = json_set(site_settings, '$.census', json('{"restrictive":true}'))`).run();
    try {
      const v = await visitor();
      const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData(), ss_cvr: `${UUID}|100|200|300|4` });
      expect(res.json).toMatchObject({ recorded: true });
      expect(v.jar.has('ss_cvr')).toBe(false);
      expect(v.jar.has('ss_cvt')).toBe(false);
    } finally {
      await worker.db.prepare(`update websites set site_settings = json_remove(site_settings, '$.census')`).run();
    }
  });
});

describe('RecordHit: skip rules, bots, rollups', () => {
  it('skips /search, not-found, lock screen, member-area access denied and the census-disabling flag', async () => {
    const v = await visitor();
    const before = await count('select count(*) as n from census_hits');
    for (const [data, reason] of [
      [hitData({ pagePath: '/search?q=mug', pageType: 102 }), 'search'],
      [hitData({ pagePath: '/search' }), 'search'],
      [hitData({ pagePath: '/nope', pageType: 100 }), 'page-type'],
      [hitData({ pagePath: '/locked', pageType: 103 }), 'page-type'],
      [hitData({ pagePath: '/members', pageType: 106 }), 'page-type'],
    ] as const) {
      const res = await v.post('/api/census/RecordHit', { event: 'view', data });
      expect(res.json).toEqual({ recorded: false, reason });
    }
    await worker.db.prepare(`update websites set site_settings = json_set(site_settings, '$.census', json('{"disabled":true}'))`).run();
    try {
      expect((await v.post('/api/census/RecordHit', { event: 'view', data: hitData() })).json).toEqual({ recorded: false, reason: 'disabled' });
      expect((await v.post('/api/census/button-click', { pagePath: '/shop' })).json).toEqual({ recorded: false, reason: 'disabled' });
    } finally {
      await worker.db.prepare(`update websites set site_settings = json_remove(site_settings, '$.census')`).run();
    }
    expect(await count('select count(*) as n from census_hits')).toBe(before);
    expect(v.jar.has('ss_cvr')).toBe(false);
  });

  it('counts bots apart: stored as bots, no visitor cookies, not in views or visitors', async () => {
    const v = await visitor();
    const day = new Date().toISOString().slice(0, 10);
    const total = () => worker.db.prepare("select views, visits, visitors, bots from census_rollups where dimension = 'total' and day = ?").bind(day).first<Record<string, number>>();
    const before = (await total()) ?? { views: 0, visits: 0, visitors: 0, bots: 0 };
    const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: '/bot-page' }) }, { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(res.json).toEqual({ recorded: true, bot: true });
    expect(res.setCookies.some((l) => l.startsWith('ss_cvr'))).toBe(false);
    expect(await count("select count(*) as n from census_hits where page_path = '/bot-page' and is_bot = 1")).toBe(1);
    expect(await total()).toEqual({ ...before, bots: before.bots + 1 });
  });

  it('keeps the daily rollups: views, visits and unique visitors per page, referrer, device, browser and country', async () => {
    const v = await visitor();
    const path = `/rollup-${Date.now()}`;
    await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: path, referrer: 'https://news.example.org/x' }) });
    await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: path }), ss_cvr: v.jar.get('ss_cvr')! });
    const page = await worker.db.prepare("select views, visits from census_rollups where dimension = 'page' and key = ?").bind(path).first();
    expect(page).toEqual({ views: 2, visits: 1 });
    const ref = await worker.db.prepare("select views from census_rollups where dimension = 'referrer' and key = 'news.example.org'").first<{ views: number }>();
    expect(ref!.views).toBe(1);
  });
});

describe('RecordHit: hit ids and visit rollups', () => {
  it('stores a hit sent twice with the same hit id once, rollups included (a client retry after a timeout)', async () => {
    const v = await visitor();
    const path = `/retry-${Date.now()}`;
    const hitId = `retry${Date.now()}abcdefghijk`;
    const data = hitData({ pagePath: path, hitId });
    const first = await v.post('/api/census/RecordHit', { event: 'view', data });
    expect(first.json).toEqual({ recorded: true, newVisit: true });
    // The retry carries what the first post carried: its answer never arrived, so no cookies.
    v.jar.delete('ss_cvr');
    v.jar.delete('ss_cvt');
    const again = await v.post('/api/census/RecordHit', { event: 'view', data });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ recorded: true, newVisit: true, duplicate: true });
    expect(await count('select count(*) as n from census_hits where hit_id = ?', hitId)).toBe(1);
    // The retry's cookies name the visitor the stored hit carries (not a second visitor no hit knows).
    const visitorId = decodeURIComponent(v.jar.get('ss_cvr')!).split('|')[0];
    const stored = await worker.db.prepare('select visitor_id from census_hits where hit_id = ?').bind(hitId).first<{ visitor_id: string }>();
    expect(stored!.visitor_id).toBe(visitorId);
    expect(visitorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await count("select views as n from census_rollups where dimension = 'page' and key = ?", path)).toBe(1);
    // Concurrent duplicates too: one of five stores, the batch of the others rolls back whole.
    const racedId = `raced${Date.now()}abcdefghijk`;
    const raced = await Promise.all(Array.from({ length: 5 }, () => v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: path, hitId: racedId }) })));
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(raced.filter((r) => r.json!['duplicate']).length).toBe(4);
    expect(await count('select count(*) as n from census_hits where hit_id = ?', racedId)).toBe(1);
    expect(await count("select views as n from census_rollups where dimension = 'page' and key = ?", path)).toBe(2);
    // Another hit id is another page view.
    await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: path, hitId: `${hitId}x` }) });
    expect(await count("select views as n from census_rollups where dimension = 'page' and key = ?", path)).toBe(3);
  });

  it('refuses a malformed hit id with 400', async () => {
    const v = await visitor();
    const res = await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ hitId: 'short' }) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'invalid_request' });
  });

  it("keeps bounces and visit durations in the visit's start-day total row, as census_visits has them", async () => {
    const totals = () => worker.db.prepare("select sum(bounces) as bounces, sum(visit_ms) as ms from census_rollups where dimension = 'total'").first<{ bounces: number; ms: number }>();
    const visits = () => worker.db.prepare('select sum(views = 1) as bounces, sum(last_seen_at - started_at) as ms from census_visits').first<{ bounces: number; ms: number }>();
    const before = (await totals())!;
    const single = await visitor();
    await single.post('/api/census/RecordHit', { event: 'view', data: hitData() });
    const twice = await visitor();
    await twice.post('/api/census/RecordHit', { event: 'view', data: hitData() });
    await new Promise((r) => setTimeout(r, 20));
    await twice.post('/api/census/RecordHit', { event: 'view', data: hitData({ pagePath: '/about' }), ss_cvr: twice.jar.get('ss_cvr')! });
    const after = (await totals())!;
    expect(after.bounces - before.bounces).toBe(1);
    expect(after.ms - before.ms).toBeGreaterThanOrEqual(20);
    expect(after).toEqual(await visits());
  });
});

describe('census bounds', () => {
  it('refuses bad input with 400 and stores nothing', async () => {
    const v = await visitor();
    const before = await count('select count(*) as n from census_hits');
    const cases: Record<string, string>[] = [
      { event: 'view', data: '{not json' },
      { event: 'view', data: JSON.stringify({ title: 'no page' }) },
      { event: 'view', data: hitData({ title: 't'.repeat(301) }) },
      { event: 'view', data: hitData({ pagePath: 'no-slash' }) },
      { event: 'view', data: hitData({ viewportWidth: -1 }) },
      { event: 'click', data: hitData() },
      { event: 'view', data: hitData({ websiteId: 'another-site' }) },
    ];
    for (const form of cases) {
      const res = await v.post('/api/census/RecordHit', form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.json).toMatchObject({ error: 'invalid_request' });
      expect(Object.keys(res.json!['fields'] as object).length).toBeGreaterThan(0);
    }
    expect((await v.post('/api/census/RecordHit', { event: 'view', data: hitData({ title: 'x'.repeat(9000) }) })).status).toBe(413);
    expect(await count('select count(*) as n from census_hits')).toBe(before);
  });

  it('needs the crumb', async () => {
    const res = await worker.fetch('/api/census/RecordHit', { method: 'POST', body: new URLSearchParams({ event: 'view', data: hitData() }).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(401);
  });

  it('holds one visitor to 120 census posts a minute (429 with Retry-After), other visitors unaffected', async () => {
    const v = await visitor();
    // Limits count in wall-clock-minute windows: a run across a boundary is granted up to two budgets.
    const { granted, refused } = await spendBudget(120, () => v.post('/api/census/button-render', { pagePath: '/shop', buttonId: 'b' }));
    expect(granted.length).toBeGreaterThanOrEqual(120);
    expect(granted.length).toBeLessThanOrEqual(240);
    expect(granted.every((res) => res.status === 200)).toBe(true);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('Retry-After')).toBeTruthy();
    const other = await visitor();
    expect((await other.post('/api/census/button-render', { pagePath: '/shop' })).status).toBe(200);
  });
});

describe('the other census endpoints', () => {
  it('records button clicks and renders, form renders, overlays and quick views as events', async () => {
    const v = await visitor();
    await v.post('/api/census/RecordHit', { event: 'view', data: hitData() });
    const uuid = decodeURIComponent(v.jar.get('ss_cvr')!).split('|')[0]!;
    const cookie = v.jar.get('ss_cvr')!;
    expect((await v.post('/api/census/button-click', { visitorCookie: cookie, pagePath: '/shop', buttonId: 'cta', buttonText: 'Buy' })).json).toEqual({ recorded: true });
    expect((await v.post('/api/census/button-render', { visitorCookie: cookie, pagePath: '/shop', buttonId: 'cta' })).json).toEqual({ recorded: true });
    expect((await v.post('/api/census/form-render', { visitorCookie: cookie, pagePath: '/contact', formId: 'contact-form' })).json).toEqual({ recorded: true });
    expect((await v.post('/api/census/overlay', { visitorCookie: cookie, pagePath: '/', overlayId: 'promo', action: 'close', data: JSON.stringify({ version: 2 }) })).json).toEqual({ recorded: true });
    const qv = await v.post('/api/census/RecordQuickView/item-123', undefined, { Referer: 'http://localhost/shop?page=2' });
    expect(qv.json).toEqual({ recorded: true });
    const rows = await worker.db.prepare('select kind, page_path, item_id, data from census_events where visitor_id = ? order by id').bind(uuid).all();
    expect(rows.results.map((r) => r['kind'])).toEqual(['button-click', 'button-render', 'form-render', 'overlay-close', 'quick-view']);
    expect(rows.results[4]).toMatchObject({ page_path: '/shop?page=2', item_id: 'item-123' });
    expect(JSON.parse(rows.results[0]!['data'] as string)).toEqual({ buttonId: 'cta', buttonText: 'Buy' });
  });

  it('validates them', async () => {
    const v = await visitor();
    expect((await v.post('/api/census/form-render', { pagePath: '/contact' })).status).toBe(400);
    expect((await v.post('/api/census/overlay', { pagePath: '/', overlayId: 'p', action: 'explode' })).status).toBe(400);
    expect((await v.post('/api/census/button-click', { pagePath: '/', buttonText: 'x'.repeat(201) })).status).toBe(400);
    expect((await v.post('/api/census/RecordQuickView/not%20an%20id', undefined)).status).toBe(400);
  });
});
