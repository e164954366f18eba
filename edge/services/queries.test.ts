import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';
import { compiledCacheSize, loadTheme } from '../pages/theme-templates.js';
import { findCollection } from './collections.js';
import { openDb, type Db } from './db.js';
import { loadItemDetails } from './item-details.js';
import { findItemAt, itemNeighbours, listItems } from './items.js';
import { findSiteByHost } from './websites.js';

/** Query tests: the services over the real migrated and seeded D1 (Miniflare). */
let worker: RunningWorker;
let db: Db;
let siteId: string;
const NOW = Date.now();

beforeAll(async () => {
  worker = await startWorker();
  db = openDb(worker.db);
  siteId = (await findSiteByHost(db, 'fernandkiln.atelier.site'))!.id;
});

afterAll(async () => {
  await worker?.dispose();
});

describe('findSiteByHost', () => {
  it('matches the primary host, an alias, and loopback to the default site', async () => {
    expect((await findSiteByHost(db, 'www.fernandkiln.com'))?.id).toBe(siteId);
    expect((await findSiteByHost(db, 'localhost'))?.id).toBe(siteId);
    expect((await findSiteByHost(db, '127.0.0.1'))?.id).toBe(siteId);
    expect(await findSiteByHost(db, 'nobody.example.org')).toBeUndefined();
  });
});

describe('items', () => {
  it('pages a collection and counts its public items', async () => {
    const shop = (await findCollection(db, siteId, 'shop'))!;
    const first = await listItems(db, shop, 0, 5, NOW);
    const second = await listItems(db, shop, 5, 5, NOW);
    expect(first.total).toBeGreaterThanOrEqual(20);
    expect(first.rows).toHaveLength(5);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
  });

  it('hides drafts and items scheduled for later', async () => {
    const journal = (await findCollection(db, siteId, 'journal'))!;
    const before = (await listItems(db, journal, 0, 50, NOW)).total;
    await worker.db.batch([
      worker.db
        .prepare(
          `insert into items (id, website_id, collection_id, record_type, url_id, full_url, title, status, added_on, updated_on)
           values ('draft1', ?, ?, 1, 'a-draft', '/journal/a-draft', 'A draft', 'draft', ?, ?)`,
        )
        .bind(siteId, journal.id, NOW, NOW),
      worker.db
        .prepare(
          `insert into items (id, website_id, collection_id, record_type, url_id, full_url, title, added_on, publish_on, updated_on)
           values ('later1', ?, ?, 1, 'later', '/journal/later', 'Later', ?, ?, ?)`,
        )
        .bind(siteId, journal.id, NOW, NOW + 86_400_000, NOW),
    ]);
    expect((await listItems(db, journal, 0, 50, NOW)).total).toBe(before);
    expect(await findItemAt(db, siteId, 'journal', 'a-draft', NOW)).toBeUndefined();
    expect(await findItemAt(db, siteId, 'journal', 'later', NOW)).toBeUndefined();
    expect((await findItemAt(db, siteId, 'journal', 'later', NOW + 2 * 86_400_000))?.item.id).toBe('later1');
  });

  it('loads products, ordered variants and images in batches', async () => {
    const { item: mug, collection } = (await findItemAt(db, siteId, 'shop', 'speckled-stoneware-mug', NOW))!;
    expect(collection.urlId).toBe('shop');
    const details = await loadItemDetails(db, [mug]);
    expect(details.products.get(mug.id)?.productType).toBe(1);
    const variants = details.variants.get(mug.id)!;
    expect(variants.length).toBeGreaterThan(1);
    expect(variants.map((v) => v.position)).toEqual([...variants.map((v) => v.position)].sort((a, b) => a - b));
    expect(details.images.get(mug.id)!.length).toBeGreaterThan(0);
  });

  it('finds related products in one batch, skipping hidden products and drafts', async () => {
    const { item: mug, collection } = (await findItemAt(db, siteId, 'shop', 'speckled-stoneware-mug', NOW))!;
    const before = await itemNeighbours(db, collection, mug, 4, NOW);
    expect(before.sequence.map((s) => s.id)).toContain(mug.id);
    const [tumbler, bowls] = before.related;
    expect(before.related.map((r) => r.id)).not.toContain(mug.id);
    await worker.db.batch([
      worker.db.prepare(`update products set visible = 0 where item_id = ?`).bind(tumbler!.id),
      worker.db.prepare(`update items set status = 'draft' where id = ?`).bind(bowls!.id),
    ]);
    const after = await itemNeighbours(db, collection, mug, 4, NOW);
    expect(after.related).toHaveLength(4);
    expect(after.related.map((r) => r.id)).not.toContain(tumbler!.id);
    expect(after.related.map((r) => r.id)).not.toContain(bowls!.id);
    await worker.db.batch([
      worker.db.prepare(`update products set visible = 1 where item_id = ?`).bind(tumbler!.id),
      worker.db.prepare(`update items set status = 'published' where id = ?`).bind(bowls!.id),
    ]);
  });
});

describe('compiled template cache', () => {
  it('compiles each template once per content hash', async () => {
    const first = await loadTheme(db, siteId);
    const size = compiledCacheSize();
    const second = await loadTheme(db, siteId);
    expect(compiledCacheSize()).toBe(size);
    expect(second.byPath.get('home.html')).toBe(first.byPath.get('home.html'));
    expect(second.partials['product-card']).toBe(first.byPath.get('partials/product-card.html'));

    await worker.db
      .prepare(`update templates set content = '<p>new</p>', hash = 'changed-home' where website_id = ? and path = 'home.html'`)
      .bind(siteId)
      .run();
    const third = await loadTheme(db, siteId);
    expect(compiledCacheSize()).toBe(size + 1);
    expect(third.byPath.get('home.html')).not.toBe(first.byPath.get('home.html'));
    expect(third.byPath.get('home.html')?.source).toBe('<p>new</p>');
  });
});
