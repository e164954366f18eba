import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
let n = 0;
const newCrumb = () => `eventsvisitor${String(n++).padStart(9, '0')}`;

function reportErrors(list: unknown, crumb = newCrumb()) {
  return worker.fetch('/api/events/RecordJavascriptErrors', {
    method: 'POST',
    body: JSON.stringify(list),
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb, 'User-Agent': CHROME },
  });
}

function analytics(form: Record<string, string>, crumb = newCrumb()) {
  // What the analytics client's sendBeacon(url, URLSearchParams) sends: the crumb as a form field.
  return worker.fetch('/api/events/RecordEvent', {
    method: 'POST',
    body: new URLSearchParams({ crumb, ...form }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${crumb}`, 'User-Agent': CHROME },
  });
}

const jsError = (message: string, stack: string) => ({ event: 'error', timestamp: Date.now(), data: { message, stack, pagePath: '/shop' } });
const STACK = (fn: string) => `TypeError: x is undefined\n    at ${fn} (http://localhost/client/app.js:10:5)\n    at main (http://localhost/client/app.js:20:1)`;

describe('POST /api/events/RecordJavascriptErrors', () => {
  it('groups errors by message and first stack frame, with counts', async () => {
    const msg = `x is undefined ${Date.now()}`;
    expect((await reportErrors([jsError(msg, STACK('render')), jsError(msg, STACK('render')), jsError(msg, STACK('hydrate'))])).status).toBe(200);
    expect((await reportErrors([jsError(msg, STACK('render'))])).status).toBe(200);
    const groups = await worker.db.prepare('select first_frame, count from census_js_errors where message = ? order by count desc').bind(msg).all();
    expect(groups.results).toEqual([
      { first_frame: 'at render (http://localhost/client/app.js:10:5)', count: 3 },
      { first_frame: 'at hydrate (http://localhost/client/app.js:10:5)', count: 1 },
    ]);
    const days = await worker.db.prepare('select sum(d.count) as n from census_js_error_days d join census_js_errors e using (website_id, fingerprint) where e.message = ?').bind(msg).first<{ n: number }>();
    expect(days!.n).toBe(4);
  });

  it('enforces the SPEC §9 limits server-side: 10 per send, stacks of 5000, 20 sends a minute', async () => {
    const msg = `limits ${Date.now()}`;
    const eleven = Array.from({ length: 11 }, () => jsError(msg, STACK('a')));
    const tooMany = await reportErrors(eleven);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: 'invalid_request', message: 'At most 10 errors per report.' });
    expect((await reportErrors([jsError(msg, 's'.repeat(5001))])).status).toBe(400);
    expect((await reportErrors([jsError(msg, 's'.repeat(5000))])).status).toBe(200);
    expect((await reportErrors([{ event: 'error', timestamp: Date.now(), data: { message: '' } }])).status).toBe(400);
    expect((await reportErrors({ not: 'a list' })).status).toBe(400);
    const crumb = newCrumb();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await reportErrors([jsError(`${msg} burst`, STACK('b'))], crumb)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const stored = await worker.db.prepare('select count from census_js_errors where message = ?').bind(`${msg} burst`).first<{ count: number }>();
    expect(stored!.count).toBe(20);
  });

  it('needs the crumb header', async () => {
    const res = await worker.fetch('/api/events/RecordJavascriptErrors', { method: 'POST', body: JSON.stringify([jsError('m', '')]), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/events/RecordEvent (analytics client)', () => {
  it('stores the SPEC §7 commerce and engagement events with the crumb as a form field', async () => {
    const path = `/shop/mug-${Date.now()}`;
    for (const event of ['view_product', 'product_page_visit', 'reviews_tab', 'related_products_display', 'search', 'newsletter_subscribe', 'view_cart']) {
      const res = await analytics({ event, data: JSON.stringify({ pagePath: path, itemId: 'mug-1' }) });
      expect(res.status, event).toBe(200);
      expect(await res.json()).toEqual({ recorded: true });
    }
    const rollup = await worker.db.prepare("select views from census_rollups where dimension = 'event-page' and key = ?").bind(`view_product ${path}`).first<{ views: number }>();
    expect(rollup!.views).toBe(1);
  });

  it('records add to cart (SPEC §3 shape) only behind the commerce visitor-metrics flag', async () => {
    const site = await worker.db.prepare('select id from websites where is_default = 1').first<{ id: string }>();
    const data = JSON.stringify({ pagePath: '/shop/mug', website_id: site!.id, cart_id: 'c1', product_page: 'pdp', product: { item_id: 'mug-1', item_type: 1, item_title: 'Mug' } });
    expect(await (await analytics({ event: 'add_to_cart', data })).json()).toEqual({ recorded: false, reason: 'flag-off' });
    await worker.db.prepare(`update websites set site_settings = json_set(site_settings, '$.census', json('{"commerceVisitorMetrics":true}'))`).run();
    try {
      expect(await (await analytics({ event: 'add_to_cart', data })).json()).toEqual({ recorded: true });
      const bad = JSON.stringify({ website_id: site!.id, product_page: 'homepage', product: { item_id: 'mug-1' } });
      expect((await analytics({ event: 'add_to_cart', data: bad })).status).toBe(400);
      const other = JSON.stringify({ website_id: 'other', product_page: 'plp', product: { item_id: 'mug-1' } });
      expect((await analytics({ event: 'add_to_cart', data: other })).status).toBe(400);
    } finally {
      await worker.db.prepare(`update websites set site_settings = json_remove(site_settings, '$.census')`).run();
    }
    expect((await worker.db.prepare("select count(*) as n from census_events where kind = 'add_to_cart' and item_id = 'mug-1'").first<{ n: number }>())!.n).toBe(1);
  });

  it('refuses unknown events, bad data and missing crumbs', async () => {
    expect((await analytics({ event: 'sell_kidney', data: '{}' })).status).toBe(400);
    expect((await analytics({ event: 'search', data: JSON.stringify({ query: 'q'.repeat(201) }) })).status).toBe(400);
    expect((await analytics({ event: 'search', data: JSON.stringify({ nested: { a: 1 } }) })).status).toBe(400);
    const res = await worker.fetch('/api/events/RecordEvent', { method: 'POST', body: 'event=search&data=%7B%7D', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(401);
  });
});
