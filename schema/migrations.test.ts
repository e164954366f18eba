import type { D1Database } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBindings, type Bindings } from '../scripts/bindings-bridge.js';
import { applyMigrations } from './testing.js';

let local: Bindings;
let db: D1Database;

beforeAll(async () => {
  local = await startBindings({ d1: ['DB'] });
  db = local.d1('DB');
  await applyMigrations(db);
});

afterAll(async () => {
  await local?.dispose();
});

const NOW = 1_767_225_600_000;

async function insertWebsite(id: string, host: string, isDefault = false) {
  await db
    .prepare(
      `INSERT INTO websites (id, identifier, primary_host, is_default, title, site_settings, store_settings, localized_strings, created_on, updated_on)
       VALUES (?, ?, ?, ?, 'Site', '{}', '{}', '{}', ?, ?)`,
    )
    .bind(id, id, host, isDefault ? 1 : 0, NOW, NOW)
    .run();
}

async function insertCollection(id: string, websiteId: string, urlId: string) {
  await db
    .prepare(`INSERT INTO collections (id, website_id, type, url_id, full_url, title, created_on, updated_on) VALUES (?, ?, 13, ?, ?, 'Shop', ?, ?)`)
    .bind(id, websiteId, urlId, `/${urlId}`, NOW, NOW)
    .run();
}

async function insertItem(id: string, collectionId: string, urlId: string) {
  await db
    .prepare(
      `INSERT INTO items (id, website_id, collection_id, record_type, url_id, full_url, title, added_on, updated_on) VALUES (?, 'w1', ?, 11, ?, ?, 'Item', ?, ?)`,
    )
    .bind(id, collectionId, urlId, `/shop/${urlId}`, NOW, NOW)
    .run();
}

async function insertVariant(id: string, websiteId: string, productId: string, sku: string) {
  await db
    .prepare(`INSERT INTO variants (id, website_id, product_id, sku, currency, price_cents) VALUES (?, ?, ?, ?, 'USD', 1000)`)
    .bind(id, websiteId, productId, sku)
    .run();
}

describe('migrations', () => {
  it('create every table and record themselves like wrangler does', async () => {
    const tables = (await db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all<{ name: string }>()).results.map((r) => r.name);
    for (const table of ['websites', 'collections', 'items', 'assets', 'products', 'variants', 'navigation_items', 'templates', 'd1_migrations']) {
      expect(tables).toContain(table);
    }
    expect(await applyMigrations(db)).toEqual([]);
  });

  it('reject a second website on the same host and a second default', async () => {
    await insertWebsite('w1', 'one.example', true);
    await insertWebsite('w2', 'two.example');
    await expect(insertWebsite('w3', 'one.example')).rejects.toThrow(/UNIQUE/);
    await expect(insertWebsite('w4', 'four.example', true)).rejects.toThrow(/UNIQUE/);
  });

  it('reject a duplicate urlId within a collection but allow it in another', async () => {
    await insertCollection('c1', 'w1', 'shop');
    await insertCollection('c2', 'w1', 'journal');
    await insertItem('i1', 'c1', 'mug');
    await expect(insertItem('i2', 'c1', 'mug')).rejects.toThrow(/UNIQUE/);
    await insertItem('i3', 'c2', 'mug');
    await expect(insertCollection('c3', 'w1', 'shop')).rejects.toThrow(/UNIQUE/);
  });

  it('reject a duplicate sku within a website but allow it on another website', async () => {
    await db.prepare(`INSERT INTO products (item_id, website_id, product_type, currency) VALUES ('i1', 'w1', 1, 'USD')`).run();
    await insertVariant('v1', 'w1', 'i1', 'SKU-1');
    await expect(insertVariant('v2', 'w1', 'i1', 'SKU-1')).rejects.toThrow(/UNIQUE/);
    await insertVariant('v3', 'w2', 'i1', 'SKU-1');
  });

  it('enforce foreign keys', async () => {
    await expect(insertCollection('c9', 'no-such-site', 'x')).rejects.toThrow(/FOREIGN KEY/);
  });
});
