import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBindings, type Bindings } from '../scripts/bindings-bridge.js';
import { applyMigrations, demoSeed, seedDemo } from './testing.js';

let local: Bindings;
let db: D1Database;
let r2: R2Bucket;

beforeAll(async () => {
  local = await startBindings({ d1: ['DB'], r2: ['FILES'] });
  db = local.d1('DB');
  r2 = local.r2('FILES');
  await applyMigrations(db);
});

afterAll(async () => {
  await local?.dispose();
});

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (await db.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? -1;
}

describe('seedDemo', () => {
  it('seeds the demo store once', async () => {
    const first = await seedDemo(db, r2);
    expect(first.seeded).toBe(true);
    const rowsAfterFirst = await count('SELECT COUNT(*) AS n FROM variants');
    expect(await seedDemo(db, r2)).toEqual({ seeded: false, websiteId: first.websiteId });
    expect(await count('SELECT COUNT(*) AS n FROM variants')).toBe(rowsAfterFirst);
  });

  it('is harmless even when the statements run twice', async () => {
    const { statements } = await demoSeed();
    const before = await count('SELECT COUNT(*) AS n FROM items');
    await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
    expect(await count('SELECT COUNT(*) AS n FROM items')).toBe(before);
  });

  it('makes Fern & Kiln the default website', async () => {
    const site = await db.prepare('SELECT * FROM websites WHERE is_default = 1').first<Record<string, unknown>>();
    expect(site?.title).toBe('Fern & Kiln');
    expect(site?.currency).toBe('USD');
    expect(site?.time_zone).toBe('America/New_York');
    expect(JSON.parse(String(site?.localized_strings)).productAddToCartText).toBe('Add To Cart');
  });

  it('has at least 20 products covering all four product types', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM products')).toBeGreaterThanOrEqual(20);
    const types = (await db.prepare('SELECT DISTINCT product_type AS t FROM products ORDER BY t').all<{ t: number }>()).results.map((r) => r.t);
    expect(types).toEqual([1, 2, 3, 4]);
    // Every product has at least one image and one variant (digital goods get one sku).
    expect(await count('SELECT COUNT(*) AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM item_images i WHERE i.item_id = p.item_id)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.item_id)')).toBe(0);
  });

  it('includes sold-out, unlimited and on-sale stock', async () => {
    // SPEC §4: a physical product is sold out when no variant is unlimited or in stock.
    const soldOut = await count(
      `SELECT COUNT(*) AS n FROM products p WHERE p.product_type = 1 AND NOT EXISTS
         (SELECT 1 FROM variants v WHERE v.product_id = p.item_id AND (v.unlimited = 1 OR v.qty_in_stock > 0))`,
    );
    expect(soldOut).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT COUNT(*) AS n FROM variants WHERE unlimited = 1')).toBeGreaterThan(0);
    expect(await count('SELECT COUNT(*) AS n FROM variants WHERE on_sale = 1 AND sale_price_cents < price_cents')).toBeGreaterThan(0);
    expect(await count('SELECT COUNT(*) AS n FROM merchandising WHERE scarcity_enabled = 1')).toBeGreaterThan(0);
  });

  it('has a journal with 10 posts and the home, about and contact pages', async () => {
    expect(await count(`SELECT COUNT(*) AS n FROM items i JOIN collections c ON c.id = i.collection_id WHERE c.url_id = 'journal'`)).toBe(10);
    const pages = (await db.prepare('SELECT url_id AS u FROM collections WHERE type = 10 ORDER BY u').all<{ u: string }>()).results.map((r) => r.u);
    expect(pages).toEqual(['about', 'contact', 'home']);
    expect(await count(`SELECT COUNT(*) AS n FROM collections WHERE url_id = 'shop' AND type = 13`)).toBe(1);
    const nav = (await db.prepare(`SELECT title FROM navigation_items WHERE menu = 'main-nav' ORDER BY position`).all<{ title: string }>()).results;
    expect(nav.map((r) => r.title)).toEqual(['Home', 'Shop', 'Journal', 'About', 'Contact']);
  });

  it('uploads every image and file to R2', async () => {
    const { uploads } = await demoSeed();
    const key = uploads.find((u) => u.key.endsWith('moon-jar.svg'))?.key ?? '';
    const object = await r2.get(key);
    expect(object?.httpMetadata?.contentType).toBe('image/svg+xml');
    expect(await object?.text()).toContain('<svg');
    expect(await count('SELECT COUNT(*) AS n FROM assets')).toBe(uploads.length);
  });
});

describe('the schema through drizzle-orm/d1', () => {
  it('loads a product page graph in one relational query', async () => {
    const { drizzle } = await import('drizzle-orm/d1');
    const { eq } = await import('drizzle-orm');
    const schema = await import('./index.js');
    const orm = drizzle(db as never, { schema });
    const item = await orm.query.items.findFirst({
      where: eq(schema.items.urlId, 'speckled-stoneware-mug'),
      with: {
        collection: true,
        images: { with: { asset: true }, orderBy: (t, { asc }) => [asc(t.position)] },
        product: { with: { variants: { orderBy: (t, { asc }) => [asc(t.position)] }, merchandising: true } },
      },
    });
    expect(item?.collection.urlId).toBe('shop');
    expect(item?.images.map((i) => i.asset.originalSize)).toEqual(['1200x1500', '1200x1500', '1200x1500']);
    expect(item?.product?.productType).toBe(1);
    expect(item?.product?.variants[0]).toMatchObject({ sku: 'FK-MUG-08-OAT', priceCents: 3600, attributes: { Size: '8 oz', Glaze: 'Oatmeal' }, unlimited: false });
    expect(item?.product?.merchandising?.scarcityEnabled).toBe(true);
  });
});
