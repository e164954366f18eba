import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';

/** What crawlers and link previews read, over HTTP on the real worker (seeded demo site). */
let worker: RunningWorker;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'item', 'category'].includes(name) });
type Json = Record<string, any>;

beforeAll(async () => {
  // Every request asks D1 for the content version: these tests change rows directly.
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
});

afterAll(async () => {
  await worker?.dispose();
});

async function get(path: string, init: RequestInit = {}) {
  const res = await worker.fetch(path, { redirect: 'manual', ...init });
  return { res, text: await res.text() };
}

function xml(text: string): Json {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text) as Json;
}

function jsonLd(html: string): Json[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((m) => (JSON.parse(m[1]!) as Json)['@graph'] as Json[]);
}

describe('robots.txt and sitemaps', () => {
  it('robots.txt keeps private areas out and names the sitemap', async () => {
    const { res, text } = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ['/config/', '/cart', '/checkout', '/api/']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toMatch(/^Sitemap: http:\/\/localhost\/sitemap\.xml$/m);
  });

  it('sitemap.xml lists every published page, collection, product and post with lastmod', async () => {
    const { res, text } = await get('/sitemap.xml');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const urls: Json[] = xml(text).urlset.url;
    const locs = urls.map((u) => u.loc as string);
    expect(locs[0]).toBe('http://localhost/');
    for (const path of ['/shop', '/journal', '/about', '/shop/speckled-stoneware-mug', '/journal/opening-the-winter-kiln']) {
      expect(locs).toContain(`http://localhost${path}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
    for (const u of urls) expect(Number.isNaN(Date.parse(u.lastmod))).toBe(false);
    const shop = (await (await worker.fetch('/shop?format=json')).json()) as Json;
    const journal = (await (await worker.fetch('/journal?format=json')).json()) as Json;
    // The demo publishes French too: each page once per language, under /fr/ for French.
    const primary = locs.filter((l) => !l.startsWith('http://localhost/fr/'));
    expect(primary.filter((l) => l.includes('/shop/')).length).toBe(shop.collection.itemCount);
    expect(primary.filter((l) => l.includes('/journal/')).length).toBe(journal.collection.itemCount);
    expect(locs.length).toBe(primary.length * 2);
    for (const path of primary) expect(locs).toContain(path.replace('http://localhost/', 'http://localhost/fr/'));
  });

  it('an alias host gets canonical URLs on the primary host', async () => {
    const res = await worker.fetch('/sitemap.xml', { host: 'www.fernandkiln.com' });
    const locs = (xml(await res.text()).urlset.url as Json[]).map((u) => u.loc);
    expect(locs[0]).toBe('https://fernandkiln.atelier.site/');
  });
});

describe('link previews and structured data', () => {
  it('a product page has canonical, Open Graph, Twitter and a Product with offers from stock', async () => {
    const { text } = await get('/shop/speckled-stoneware-mug');
    expect(text).toContain('<link rel="canonical" href="http://localhost/shop/speckled-stoneware-mug">');
    expect(text).toContain('<meta property="og:type" content="product">');
    expect(text).toMatch(/<meta property="og:image" content="http:\/\/localhost\/assets\/[^"]+\?format=1500w">/);
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image">');
    const graph = jsonLd(text);
    const product = graph.find((g) => g['@type'] === 'Product')!;
    const { json } = { json: (await (await worker.fetch('/shop/speckled-stoneware-mug?format=json')).json()) as Json };
    const variants: Json[] = json.item.structuredContent.variants;
    expect(product.name).toBe('Speckled Stoneware Mug');
    expect(product.offers['@type']).toBe('AggregateOffer');
    expect(product.offers.offers).toHaveLength(variants.length);
    for (const [i, offer] of (product.offers.offers as Json[]).entries()) {
      const v = variants[i]!;
      expect(offer.price).toBe(v.priceMoney.value);
      expect(offer.priceCurrency).toBe('USD');
      expect(offer.availability).toBe(v.qtyInStock > 0 || v.unlimited ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
    }
    expect(product.offers.lowPrice).toBe('36.00');
    expect(product.offers.highPrice).toBe('38.00');
    const crumbs = graph.find((g) => g['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((e: Json) => e.item)).toEqual([
      'http://localhost/',
      'http://localhost/shop',
      'http://localhost/shop/speckled-stoneware-mug',
    ]);
  });

  it('availability follows stock once the content version moves', async () => {
    const site = await worker.db.prepare(`select id from websites where identifier = 'fern-and-kiln'`).first<{ id: string }>();
    await worker.db.batch([
      worker.db.prepare(`update variants set qty_in_stock = 0, unlimited = 0 where product_id = (select id from items where url_id = 'everyday-tumbler')`),
      worker.db.prepare(`update websites set content_version = content_version + 1 where id = ?`).bind(site!.id),
    ]);
    const product = jsonLd((await get('/shop/everyday-tumbler')).text).find((g) => g['@type'] === 'Product')!;
    const offers: Json[] = product.offers.offers ?? [product.offers];
    expect(offers.every((o) => o.availability === 'https://schema.org/OutOfStock')).toBe(true);
  });

  it('a post has a BlogPosting and its blog feed link; the home page has Organization and WebSite with SearchAction', async () => {
    const post = (await get('/journal/opening-the-winter-kiln')).text;
    const posting = jsonLd(post).find((g) => g['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({ headline: 'Opening the Winter Kiln', datePublished: '2025-12-14T15:30:00.000Z' });
    expect(posting.author).toEqual({ '@type': 'Person', name: expect.any(String) });
    expect(post).toContain('<meta property="og:type" content="article">');
    expect(post).toContain('<link rel="alternate" type="application/rss+xml"');
    const home = jsonLd((await get('/')).text);
    expect(home.find((g) => g['@type'] === 'Organization')).toMatchObject({ name: 'Fern & Kiln', url: 'http://localhost/' });
    const site = home.find((g) => g['@type'] === 'WebSite')!;
    expect(site.potentialAction.target.urlTemplate).toBe('http://localhost/search?q={search_term_string}');
  });

  it('JSON-LD cannot be closed by page text', async () => {
    await worker.db.prepare(`update items set title = '</script><script>alert(1)</script>' where url_id = 'lidded-salt-cellar'`).run();
    await worker.db.prepare(`update websites set content_version = content_version + 1`).run();
    const { text } = await get('/shop/lidded-salt-cellar');
    const product = jsonLd(text).find((g) => g['@type'] === 'Product')!;
    expect(product.name).toBe('</script><script>alert(1)</script>');
    expect(text).not.toContain('<script>alert(1)');
  });

  it('search and 404 pages are noindex', async () => {
    expect((await get('/search?q=mug')).text).toContain('<meta name="robots" content="noindex">');
    expect((await get('/no-such-page')).text).toContain('<meta name="robots" content="noindex">');
  });
});

describe('RSS and favicon', () => {
  it('a blog collection has an RSS 2.0 feed of its newest posts', async () => {
    const { res, text } = await get('/journal?format=rss');
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const channel = xml(text).rss.channel;
    expect(channel.link).toBe('http://localhost/journal');
    const items: Json[] = channel.item;
    const journal = (await (await worker.fetch('/journal?format=json')).json()) as Json;
    expect(items.length).toBe(Math.min(20, journal.collection.itemCount));
    expect(items[0]!.link).toBe(`http://localhost${journal.items[0].fullUrl}`);
    for (const item of items) {
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect(item.guid['#text']).toBe(item.link);
    }
  });

  it('only blogs have feeds', async () => {
    expect((await get('/shop?format=rss')).res.status).toBe(404);
  });

  it('links a default favicon and sends /favicon.ico to it', async () => {
    const { text } = await get('/');
    expect(text).toContain('<link rel="icon" href="/favicon.svg">');
    const icon = await get('/favicon.svg');
    expect(icon.res.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.text).toMatch(/^<svg[\s\S]*>F<\/text><\/svg>$/);
    const ico = await get('/favicon.ico');
    expect(ico.res.status).toBe(302);
    expect(ico.res.headers.get('location')).toBe('/favicon.svg');
  });

  it('uses the favicon from site settings when there is one', async () => {
    await worker.db.prepare(`update websites set site_settings = json_set(site_settings, '$.faviconUrl', '/assets/fern-and-kiln/images/moon-jar.svg'), content_version = content_version + 1`).run();
    expect((await get('/about')).text).toContain('<link rel="icon" href="/assets/fern-and-kiln/images/moon-jar.svg">');
    expect((await get('/favicon.ico')).res.headers.get('location')).toBe('/assets/fern-and-kiln/images/moon-jar.svg');
    await worker.db.prepare(`update websites set site_settings = json_remove(site_settings, '$.faviconUrl'), content_version = content_version + 1`).run();
  });
});

describe('methods and pagination', () => {
  it('answers other methods on pages with 405 and Allow, as JSON with ?format=json', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { res, text } = await get('/shop', { method, body: method === 'DELETE' ? undefined : 'x' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(text).toContain('<h1>Method not allowed</h1>');
      // Themed: the site's header and search box are there.
      expect(text).toContain('class="site-header"');
    }
    const { res, text } = await get('/?format=json', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(JSON.parse(text)).toEqual({ error: 'method_not_allowed', message: expect.any(String) });
  });

  it('falls back to the plain 405 page when the theme has no status.html', async () => {
    await worker.db.prepare(`delete from templates where path = 'status.html'`).run();
    const { res, text } = await get('/about', { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(text).toContain('<h1>Method not allowed</h1>');
    expect(text).not.toContain('class="site-header"');
  });

  it('answers HEAD like GET without a body', async () => {
    const head = await get('/shop', { method: 'HEAD' });
    const getRes = await get('/shop');
    expect(head.res.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.res.headers.get('etag')).toBe(getRes.res.headers.get('etag'));
  });

  it('a page past the last answers 404; the last page still renders', async () => {
    const shop = (await (await worker.fetch('/shop?format=json')).json()) as Json;
    const last = shop.pagination.totalPages;
    expect((await get(`/shop?page=${last}`)).res.status).toBe(200);
    expect((await get(`/shop?page=${last + 1}`)).res.status).toBe(404);
    expect((await get('/journal?page=99')).res.status).toBe(404);
    expect((await get('/search?q=mug&page=99')).res.status).toBe(404);
  });
});

describe('a sitemap index past 50,000 URLs', () => {
  it('splits into files of at most 50,000 listed by /sitemap.xml', async () => {
    // 25,000 extra posts in one statement (a recursive counter feeding INSERT ... SELECT), each
    // listed in English and French: past 50,000 URLs with the demo's own.
    await worker.db
      .prepare(
        `insert into items (id, website_id, collection_id, record_type, url_id, full_url, title, added_on, updated_on)
         with recursive n(i) as (select 1 union all select i + 1 from n where i < 25000)
         select 'bulk-' || i, c.website_id, c.id, 1, 'bulk-' || i, c.full_url || '/bulk-' || i, 'Bulk ' || i, 0, 0
         from n, collections c where c.url_id = 'journal'`,
      )
      .run();
    const index = xml((await get('/sitemap.xml')).text).sitemapindex.sitemap as Json[];
    expect(index.map((s) => s.loc)).toEqual(['http://localhost/sitemap-1.xml', 'http://localhost/sitemap-2.xml']);
    const first = xml((await get('/sitemap-1.xml')).text).urlset.url as Json[];
    const second = xml((await get('/sitemap-2.xml')).text).urlset.url as Json[];
    expect(first).toHaveLength(50_000);
    expect(second.length).toBeGreaterThan(30);
    expect(new Set([...first, ...second].map((u) => u.loc)).size).toBe(first.length + second.length);
    expect((await get('/sitemap-3.xml')).res.status).toBe(404);
    await worker.db.prepare(`delete from items where id like 'bulk-%'`).run();
  });
});
