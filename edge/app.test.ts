import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from './test-support.js';

/** Route tests: the bundled worker in workerd (Miniflare) over the migrated, seeded demo site. */
let worker: RunningWorker;

beforeAll(async () => {
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.dispose();
});

type Json = Record<string, any>;

async function page(path: string, host?: string): Promise<{ status: number; html: string; type: string }> {
  const res = await worker.fetch(path, { host });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') ?? '' };
}

async function context(path: string, host?: string): Promise<{ status: number; json: Json }> {
  const res = await worker.fetch(path + (path.includes('?') ? '&' : '?') + 'format=json', { host });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: res.status, json: (await res.json()) as Json };
}

const NO_STACK = /\bat \S+ \(|\.ts:\d+|Error:/;

describe('health', () => {
  it('answers a trivial route', async () => {
    const res = await worker.fetch('/healthz');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
  });
});

describe('home', () => {
  it('renders the theme with the site title (page type 2)', async () => {
    const { status, html, type } = await page('/');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Fern &amp; Kiln');
    const { json } = await context('/');
    expect(json.pageType).toBe(2);
    expect(json.pageTypeName).toBe('home');
    expect(json.website).toMatchObject({ identifier: 'fern-and-kiln', timeZone: 'America/New_York' });
    expect(json.websiteSettings.storeSettings).toMatchObject({ currency: 'USD', useCLDRMoneyFormat: true });
    expect(json.featuredProducts.length).toBeGreaterThan(0);
    expect(json.navigation.items.map((n: Json) => n.url)).toContain('/shop');
  });
});

describe('collection pages (type 1)', () => {
  it('lists products with variants priced in cents and as money objects', async () => {
    const { status, json } = await context('/shop');
    expect(status).toBe(200);
    expect(json.pageType).toBe(1);
    expect(json.collection).toMatchObject({ urlId: 'shop', typeName: 'products', type: 13 });
    expect(json.items.length).toBeGreaterThan(0);
    const physical = json.items.find((i: Json) => i.structuredContent?.productType === 1);
    const variant = physical.structuredContent.variants[0];
    expect(Number.isInteger(variant.price)).toBe(true);
    expect(variant.priceMoney).toEqual({ currency: 'USD', value: (variant.price / 100).toFixed(2) });
    expect(json.pagination).toMatchObject({ currentPage: 1 });
    const { html } = await page('/shop');
    expect(html).toContain(physical.title.replace(/&/g, '&amp;'));
  });

  it('paginates a blog with ?page', async () => {
    const first = (await context('/journal')).json;
    expect(first.collection.typeName).toBe('blog');
    expect(first.pagination.nextPage).toBe(true);
    const second = (await context(first.pagination.nextPageUrl)).json;
    expect(second.pagination).toMatchObject({ currentPage: 2, prevPage: true, prevPageUrl: '/journal' });
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });
});

describe('item pages (type 50)', () => {
  it('renders a product detail page with the commerce formatters', async () => {
    const { json } = await context('/shop/speckled-stoneware-mug');
    expect(json.pageType).toBe(50);
    expect(json.item.recordType).toBe(11);
    expect(json.item.structuredContent.variants.length).toBeGreaterThan(1);
    expect(json.item.mainImage.assetUrl).toMatch(/^\/assets\//);
    const { status, html } = await page('/shop/speckled-stoneware-mug');
    expect(status).toBe(200);
    expect(html).toContain('Speckled Stoneware Mug');
    expect(html).toContain('sqs-add-to-cart-button');
    expect(html).toContain('$36.00');
  });

  it('suggests up to four other products of the same collection, related ones first', async () => {
    const { json } = await context('/shop/speckled-stoneware-mug');
    const related: Json[] = json.relatedItems;
    expect(related.length).toBeGreaterThanOrEqual(1);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.map((r) => r.id)).not.toContain(json.item.id);
    for (const r of related) {
      expect(r.collectionId).toBe(json.item.collectionId);
      expect(r.fullUrl).toMatch(/^\/shop\//);
      expect(r.structuredContent.variants[0].priceMoney.currency).toBe('USD');
    }
    // The mug is in "Mugs & Cups" and tagged "tableware": the first suggestions share one of them.
    const shares = (r: Json) => r.categories.includes('Mugs & Cups') || r.tags.includes('tableware');
    expect(shares(related[0]!)).toBe(true);
    expect(related.map((r) => r.urlId)).toEqual(['everyday-tumbler', 'nesting-bowl-set', 'ramen-bowl', 'pour-over-coffee-set']);
    const { html } = await page('/shop/speckled-stoneware-mug');
    const section = html.slice(html.indexOf('<section class="related-products"'));
    expect(section).toContain('You may also like');
    for (const r of related) expect(section).toContain(r.title.replace(/&/g, '&amp;'));
    expect(section.match(/<li class="product-card/g)).toHaveLength(related.length);
  });

  it('suggests no related products under a blog post', async () => {
    const { json } = await context('/journal');
    const post = (await context(json.items[0].fullUrl)).json;
    expect(post.relatedItems).toBeUndefined();
    expect((await page(json.items[0].fullUrl)).html).not.toContain('related-products');
  });

  it('renders a blog post with its author', async () => {
    const { json } = await context('/journal');
    const post = json.items[0];
    const res = await context(post.fullUrl);
    expect(res.json.item).toMatchObject({ recordType: 1, title: post.title });
    expect(res.json.item.author.displayName).toBeTruthy();
    const { status, html } = await page(post.fullUrl);
    expect(status).toBe(200);
    expect(html).toContain(res.json.item.author.displayName);
  });
});

describe('plain pages, cart and search', () => {
  it('renders a plain page (type 2)', async () => {
    const { json } = await context('/about');
    expect(json).toMatchObject({ pageType: 2, pageTypeName: 'page', collection: { typeName: 'page' } });
    // Its content is the published block page of its URL id: JSON shows the layout, HTML renders it.
    expect(json.page.layout.sections[0].blocks[0].type).toBe('text');
    const { status, html } = await page('/about');
    expect(status).toBe(200);
    expect(html).toContain('<h1>About the studio</h1>');
  });

  it('renders the cart (type 200)', async () => {
    const { status, json } = await context('/cart');
    expect(status).toBe(200);
    expect(json.pageType).toBe(200);
    expect(json.cart).toMatchObject({ totalQuantity: 0, subtotalCents: 0 });
    expect((await page('/cart')).status).toBe(200);
  });

  it('searches products and posts (type 102)', async () => {
    const { json } = await context('/search?q=mug');
    expect(json.pageType).toBe(102);
    expect(json.search.query).toBe('mug');
    expect(json.search.resultCount).toBeGreaterThan(0);
    expect(json.items.map((i: Json) => i.fullUrl)).toContain('/shop/speckled-stoneware-mug');
    const { status, html } = await page('/search?q=mug');
    expect(status).toBe(200);
    expect(html).toContain('Speckled Stoneware Mug');
  });

  it('treats LIKE wildcards in a search as text', async () => {
    const { json } = await context('/search?q=%25%25%25');
    expect(json.search.resultCount).toBe(0);
  });

  it('echoes a hostile query escaped, in the text and in the input value', async () => {
    const attack = '"><script>alert(1)</script>';
    const { status, html } = await page(`/search?q=${encodeURIComponent(attack)}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('not found (type 100)', () => {
  it.each(['/no-such-page', '/shop/no-such-product', '/shop/speckled-stoneware-mug/extra'])('%s is a themed 404', async (path) => {
    const { status, html } = await page(path);
    expect(status).toBe(404);
    expect(html).toMatch(/^<!doctype html>/i);
    const { status: jsonStatus, json } = await context(path);
    expect(jsonStatus).toBe(404);
    expect(json.pageType).toBe(100);
  });
});

describe('host selection', () => {
  it('serves the site of its primary host and of its aliases', async () => {
    for (const host of ['fernandkiln.atelier.site', 'www.fernandkiln.com', '127.0.0.1:8787', 'localhost']) {
      const { status, json } = await context('/', host);
      expect(status, host).toBe(200);
      expect(json.website.identifier).toBe('fern-and-kiln');
    }
  });

  it('answers an unknown host with a plain 404 "Site not found"', async () => {
    const { status, html } = await page('/', 'unknown.example.org');
    expect(status).toBe(404);
    expect(html).toContain('Site not found');
    expect(html).not.toMatch(NO_STACK);
    const { status: s2, json } = await context('/shop', 'unknown.example.org');
    expect(s2).toBe(404);
    expect(json.error).toBe('site_not_found');
  });

  it('selects a second website by host', async () => {
    const now = Date.now();
    await worker.db.batch([
      worker.db
        .prepare(
          `insert into websites (id, identifier, primary_host, is_default, title, site_settings, store_settings, localized_strings, created_on, updated_on)
           values ('site_two', 'second', 'second.example.net', 0, 'Second Site', '{}', '{"useCLDRMoneyFormat":true}', '{}', ?, ?)`,
        )
        .bind(now, now),
      worker.db
        .prepare(`insert into templates (website_id, path, content, hash, updated_on) values ('site_two', 'home.html', ?, 'second-home-v1', ?)`)
        .bind('<h1>{website.siteTitle}</h1>', now),
    ]);
    const { status, html } = await page('/', 'second.example.net');
    expect(status).toBe(200);
    expect(html).toBe('<h1>Second Site</h1>');
    expect((await context('/', 'fernandkiln.com')).json.website.siteTitle).toBe('Fern & Kiln');
  });
});

describe('files', () => {
  it('serves images from R2 with immutable cache headers and an ETag', async () => {
    const { json } = await context('/shop/speckled-stoneware-mug');
    const url: string = json.item.mainImage.assetUrl;
    const res = await worker.fetch(`${url}?format=500w`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await res.text()).length).toBeGreaterThan(100);
    const again = await worker.fetch(url, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
  });

  it('answers 404 for a missing asset key', async () => {
    const res = await worker.fetch('/assets/fern-and-kiln/images/nothing-here.jpg');
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('serves the theme stylesheet but not template sources', async () => {
    const css = await worker.fetch('/theme/assets/site.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('etag')).toBeTruthy();
    await css.arrayBuffer();
    const source = await worker.fetch('/theme/layout.html');
    expect(source.status).toBe(404);
    await source.arrayBuffer();
  });
});
