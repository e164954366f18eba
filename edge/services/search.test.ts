import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';
import { openDb, type Db } from './db.js';
import { matchExpression, searchItems, searchTerms } from './search.js';

/** Full-text search over the seeded demo site: the service on D1 and the pages over HTTP. */
let worker: RunningWorker;
let db: Db;
let siteId: string;
const NOW = Date.now();
type Json = Record<string, any>;

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  db = openDb(worker.db);
  siteId = (await worker.db.prepare(`select id from websites where identifier = 'fern-and-kiln'`).first<{ id: string }>())!.id;
});

afterAll(async () => {
  await worker?.dispose();
});

const urls = async (text: string, limit = 10) => (await searchItems(db, siteId, text, { limit, now: NOW })).hits.map((h) => h.item.urlId);
const context = async (q: string, extra = '') => (await (await worker.fetch(`/search?q=${encodeURIComponent(q)}${extra}&format=json`)).json()) as Json;

describe('query text', () => {
  it('keeps only words, quoted, each a prefix', () => {
    expect(searchTerms('"mug" AND NEAR( -bowl*')).toEqual(['mug', 'AND', 'NEAR', 'bowl']);
    expect(matchExpression(['mug', 'AND'], 'all')).toBe('"mug"* "AND"*');
    expect(matchExpression(['a', 'b'], 'any')).toBe('"a"* OR "b"*');
    expect(searchTerms('Céramique 陶器 ok')).toEqual(['Céramique', '陶器', 'ok']);
    expect(searchTerms('x'.repeat(300))).toEqual(['x'.repeat(200)]);
  });
});

describe('ranking and matching (service on D1)', () => {
  it('ranks title matches above body-only matches', async () => {
    const hits = await urls('pitcher');
    expect(hits[0]).toBe('pulled-spout-pitcher');
    const moon = await urls('moon jar');
    expect(moon[0]).toBe('moon-jar');
  });

  it('matches prefixes as the visitor types, ignoring case and accents', async () => {
    expect(await urls('specK')).toContain('speckled-stoneware-mug');
    expect(await urls('spe')).toEqual(expect.arrayContaining(['speckled-stoneware-mug']));
    await worker.db.prepare(`update search_index set body = body || ' Café glaze' where item_id = (select id from items where url_id = 'ramen-bowl')`).run();
    expect(await urls('cafe')).toEqual(['ramen-bowl']);
  });

  it('searches tags and categories', async () => {
    expect(await urls('bestseller')).toContain('speckled-stoneware-mug');
    expect(await urls('Kiln Notes')).toContain('opening-the-winter-kiln');
  });

  it('falls back to any word when no item has all of them', async () => {
    const hits = await urls('handmade speckled stoneware mug with oatmeal glaze and a wide handle');
    expect(hits[0]).toBe('speckled-stoneware-mug');
  });

  it('leaves out drafts, future posts and hidden products', async () => {
    await worker.db.batch([
      worker.db.prepare(`update items set status = 'draft' where url_id = 'incense-holder'`),
      worker.db.prepare(`update products set visible = 0 where item_id = (select id from items where url_id = 'moon-jar')`),
    ]);
    expect(await urls('incense')).not.toContain('incense-holder');
    expect(await urls('moon')).not.toContain('moon-jar');
    await worker.db.batch([
      worker.db.prepare(`update items set status = 'published' where url_id = 'incense-holder'`),
      worker.db.prepare(`update products set visible = 1 where item_id = (select id from items where url_id = 'moon-jar')`),
    ]);
  });

  it('drops an item from the index when it is deleted', async () => {
    const id = (await worker.db.prepare(`select id from items where url_id = 'kiln-firing-log'`).first<{ id: string }>())!.id;
    await worker.db.prepare(`delete from items where id = ?`).bind(id).run();
    const left = await worker.db.prepare(`select count(*) n from search_index where item_id = ?`).bind(id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it('pages through results in rank order with a total', async () => {
    const all = await searchItems(db, siteId, 'the', { limit: 50, now: NOW });
    const second = await searchItems(db, siteId, 'the', { limit: 3, offset: 3, now: NOW });
    expect(second.total).toBe(all.total);
    expect(second.hits.map((h) => h.item.id)).toEqual(all.hits.slice(3, 6).map((h) => h.item.id));
  });
});

describe('the search page and suggestions (HTTP)', () => {
  it('never fails on operators, quotes, long or unicode queries', async () => {
    for (const q of ['"mug" AND NEAR( -bowl*', 'mug"', '*', 'NOT', '(((', 'a'.repeat(49), 'x '.repeat(150), '陶器 🍵', 'col:mug ^bowl', "'; drop table items; --"]) {
      const res = await worker.fetch(`/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await context('z'.repeat(500))).search.query).toHaveLength(200);
  });

  it('shows products with price and image, posts with date, and highlighted snippets escaped', async () => {
    const json = await context('speckled');
    expect(json.search.resultCount).toBeGreaterThanOrEqual(2);
    expect(json.items[0].urlId).toBe('speckled-stoneware-mug');
    expect(json.items[0].isProduct).toBe(true);
    const html = await (await worker.fetch('/search?q=speckled')).text();
    const results = html.slice(html.indexOf('<ol class="search-results">'), html.indexOf('</ol>'));
    const product = results.slice(0, results.indexOf('</li>'));
    expect(product).toContain('$36.00');
    expect(product).toMatch(/<img src="\/assets\/[^"]+\?format=300w"/);
    expect(product).not.toContain('<time');
    expect(results).toMatch(/<li class="search-result">[\s\S]*<time datetime=/);
    expect(results).toContain('<mark>speckled</mark>');
  });

  it('escapes page text inside snippets', async () => {
    await worker.db.prepare(`update search_index set body = 'pottery <img src=x onerror=alert(1)> quokkaware' where item_id = (select id from items where url_id = 'bud-vase')`).run();
    const html = await (await worker.fetch('/search?q=quokkaware')).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; <mark>quokkaware</mark>');
    expect(html).not.toContain('<img src=x');
  });

  it('paginates with the query kept in the links', async () => {
    const first = await context('the');
    expect(first.pagination).toMatchObject({ currentPage: 1, nextPageUrl: '/search?q=the&page=2' });
    const second = await context('the', '&page=2');
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it('suggests the best matches as JSON with price and image for products', async () => {
    const res = await worker.fetch('/api/search/suggest?q=mu');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Json;
    expect(body.query).toBe('mu');
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(6);
    const mug = body.suggestions.find((s: Json) => s.url === '/shop/speckled-stoneware-mug');
    expect(mug).toMatchObject({ title: 'Speckled Stoneware Mug', kind: 'product', price: { currency: 'USD', value: '36.00' } });
    expect(mug.image).toMatch(/^\/assets\/.+\?format=100w$/);
    const empty = (await (await worker.fetch('/api/search/suggest?q=%22%28')).json()) as Json;
    expect(empty.suggestions).toEqual([]);
  });
});
