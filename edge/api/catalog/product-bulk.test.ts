import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { addOne, placeOrder } from '../commerce/test-checkout.js';
import { catalogSessions, countRows } from './test-catalog-owner.js';

/** Bulk actions, delete and archive over HTTP: all or nothing, versions, carts and orders, roles. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let anonymous: OwnerSession;
let siteId: string;
let storeId: string;
let storeUrl: string;
let n = 0;

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE: 'off' } });
  ({ admin, manager, editor, anonymous, siteId } = await catalogSessions(worker, 'bulk'));
  const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Bulk Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
  storeId = store.json.collection.id;
  storeUrl = store.json.collection.fullUrl;
}, 60_000);
afterAll(() => worker?.dispose());

/** A published physical product with two finite variants (stock 5 and 2) and one unlimited. */
async function product(title = `Bowl ${++n}`): Promise<{ id: string; version: number; variants: { id: string; sku: string }[] }> {
  const sku = `B${n}-${Math.random().toString(36).slice(2, 7)}`;
  const res = await admin.send('POST', '/api/owner/products', {
    collectionId: storeId, productType: 'physical', title, status: 'published', categories: ['Bowls'], tags: ['kitchen'],
    variantOptionOrdering: ['Size'],
    variants: [
      { sku: `${sku}-S`, price: '10.00', attributes: { Size: 'S' }, qtyInStock: 5 },
      { sku: `${sku}-M`, price: '12.00', attributes: { Size: 'M' }, qtyInStock: 2 },
      { sku: `${sku}-L`, price: '14.00', attributes: { Size: 'L' }, unlimited: true },
    ],
  });
  expect(res.status).toBe(201);
  return res.json.product;
}

async function del(who: OwnerSession, id: string, version: number | null) {
  const res = await worker.fetch(`/api/owner/products/${id}`, {
    method: 'DELETE',
    headers: { Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken, ...(version === null ? {} : { 'If-Match': `"${version}"` }) },
  });
  return { status: res.status, json: (await res.json()) as any };
}

const storeListing = async () => (await worker.fetch(`${storeUrl}?format=json`)).json() as Promise<any>;
const listedTitles = async () => ((await storeListing()).items ?? []).map((i: any) => i.title as string);

describe('POST /api/owner/products/bulk', () => {
  it('hides and shows products: the store stops listing them, versions go up, the content version too', async () => {
    const a = await product('Hide Me A');
    const b = await product('Hide Me B');
    const keep = await product('Keep Me');
    expect(await listedTitles()).toEqual(expect.arrayContaining(['Hide Me A', 'Hide Me B', 'Keep Me']));
    const content = (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v;
    const res = await manager.send('POST', '/api/owner/products/bulk', { action: 'hide', ids: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ action: 'hide', count: 2 });
    const titles = await listedTitles();
    expect(titles).toContain('Keep Me');
    expect(titles).not.toContain('Hide Me A');
    expect(titles).not.toContain('Hide Me B');
    expect((await admin.get(`/api/owner/products/${a.id}`)).json.product).toMatchObject({ visible: false, version: a.version + 1 });
    expect((await admin.get(`/api/owner/products/${keep.id}`)).json.product.version).toBe(keep.version);
    expect((await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v).toBe(content + 1);
    // An editor open on the old version is told someone else saved.
    const stale = await worker.fetch(`/api/owner/products/${a.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: admin.signed!.cookie, 'X-CSRF-Token': admin.signed!.xsrfToken, 'If-Match': `"${a.version}"` },
      body: JSON.stringify({ title: 'x', variantOptionOrdering: ['Size'], variants: [{ sku: 'zz-1', price: 1, attributes: { Size: 'S' } }, { sku: 'zz-2', price: 1, attributes: { Size: 'M' } }] }),
    });
    expect(stale.status).toBe(412);
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'show', ids: [a.id] })).status).toBe(200);
    expect(await listedTitles()).toContain('Hide Me A');
  });

  it('publishes, drafts, archives and restores; archived products leave the store and the list filter shows them', async () => {
    const a = await product('Status A');
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'draft', ids: [a.id] })).status).toBe(200);
    expect(await listedTitles()).not.toContain('Status A');
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'publish', ids: [a.id] })).status).toBe(200);
    expect(await listedTitles()).toContain('Status A');
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'archive', ids: [a.id] })).status).toBe(200);
    expect((await admin.get(`/api/owner/products/${a.id}`)).json.product.status).toBe('archived');
    expect(await listedTitles()).not.toContain('Status A');
    expect((await worker.fetch(`${storeUrl}/${(await admin.get(`/api/owner/products/${a.id}`)).json.product.urlId}`)).status).toBe(404);
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'restore', ids: [a.id] })).status).toBe(200);
    expect((await admin.get(`/api/owner/products/${a.id}`)).json.product.status).toBe('draft');
  });

  it('sets one category on every product, in the list filter and the search index', async () => {
    const a = await product('Cat A');
    const b = await product('Cat B');
    const res = await admin.send('POST', '/api/owner/products/bulk', { action: 'setCategory', ids: [a.id, b.id], category: 'Serving' });
    expect(res.status).toBe(200);
    const list = await admin.get(`/api/owner/products?category=Serving`);
    expect(list.json.products.map((p: any) => p.title).sort()).toEqual(['Cat A', 'Cat B']);
    const row = await worker.db.prepare('SELECT categories FROM search_index WHERE item_id = ?').bind(a.id).first<{ categories: string }>();
    expect(row!.categories).toBe('Serving');
    const long = await admin.send('POST', '/api/owner/products/bulk', { action: 'setCategory', ids: [a.id], category: 'x'.repeat(26) });
    expect(long.status).toBe(400);
    expect(long.json.fields.category).toBe('A category name is at most 25 characters.');
  });

  it('adjusts stock of every finite variant with history rows; all or nothing when one would go below 0', async () => {
    const a = await product();
    const b = await product();
    const up = await admin.send('POST', '/api/owner/products/bulk', { action: 'adjustStock', ids: [a.id, b.id], delta: 3, reason: 'Delivery' });
    expect(up.status).toBe(200);
    expect(up.json).toEqual({ action: 'adjustStock', count: 2, variants: 4 });
    const stock = async (id: string) => (await admin.get(`/api/owner/products/${id}`)).json.product.variants.map((v: any) => v.qtyInStock);
    expect(await stock(a.id)).toEqual([8, 5, 0]);
    expect(await countRows(worker, 'stock_history', "reason = 'Delivery'")).toBe(4);
    // -6 would take the M variants (5) below 0: nothing moves.
    const down = await admin.send('POST', '/api/owner/products/bulk', { action: 'adjustStock', ids: [a.id, b.id], delta: -6, reason: 'Count' });
    expect(down.status).toBe(409);
    expect(down.json.error).toBe('stock_negative');
    expect(down.json.message).toMatch(/Stock cannot go below 0\.$/);
    expect(await stock(a.id)).toEqual([8, 5, 0]);
    expect(await stock(b.id)).toEqual([8, 5, 0]);
    expect(await countRows(worker, 'stock_history', "reason = 'Count'")).toBe(0);
  });

  it('10 concurrent bulk decreases: exactly as many as the smallest stock allows win, none goes below 0', async () => {
    const a = await product();
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.send('POST', '/api/owner/products/bulk', { action: 'adjustStock', ids: [a.id], delta: -1, reason: 'Race' })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(8);
    const after = (await admin.get(`/api/owner/products/${a.id}`)).json.product.variants.map((v: any) => v.qtyInStock);
    expect(after).toEqual([3, 0, 0]);
    expect(await countRows(worker, 'stock_history', "reason = 'Race' AND variant_id IN (?, ?)", a.variants[0]!.id, a.variants[1]!.id)).toBe(4);
  });

  it('a decrease never goes below the units carts hold', async () => {
    const a = await product();
    const shopper = new TestVisitor(worker, '203.0.113.60');
    await shopper.send('GET', '/api/commerce/shopping-cart');
    expect((await addOne(shopper, a.id, a.variants[1]!.sku, 2)).status).toBe(200);
    const res = await admin.send('POST', '/api/owner/products/bulk', { action: 'adjustStock', ids: [a.id], delta: -1 });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('stock_held');
    expect(res.json.message).toContain('Stock cannot go below the 2 units held in shoppers\u2019 carts.');
  });

  it('refuses more than 200 ids, unknown actions, unknown ids (nothing changed) and deletes of products in carts', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `id-${i}`);
    const many = await admin.send('POST', '/api/owner/products/bulk', { action: 'publish', ids });
    expect(many.status).toBe(400);
    expect(many.json.fields.ids).toBe('A bulk action takes at most 200 products.');
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'melt', ids: ['x'] })).status).toBe(400);
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'publish', ids: [] })).status).toBe(400);
    const a = await product('Known');
    const unknown = await admin.send('POST', '/api/owner/products/bulk', { action: 'hide', ids: [a.id, 'nope'] });
    expect(unknown.status).toBe(404);
    expect((await admin.get(`/api/owner/products/${a.id}`)).json.product.visible).toBe(true);
  });

  it('deletes several products at once, or none when one is in a cart (409 offering archive)', async () => {
    const a = await product('Gone A');
    const b = await product('Gone B');
    const carted = await product('In A Cart');
    const shopper = new TestVisitor(worker, '203.0.113.61');
    await shopper.send('GET', '/api/commerce/shopping-cart');
    expect((await addOne(shopper, carted.id, carted.variants[0]!.sku)).status).toBe(200);
    const refused = await admin.send('POST', '/api/owner/products/bulk', { action: 'delete', ids: [a.id, carted.id, b.id] });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'product_in_carts', archive: true, product: { id: carted.id } });
    expect(refused.json.message).toBe('In A Cart is in shoppers\u2019 carts, so it cannot be deleted. Archive it instead: it leaves the store and stays for orders.');
    expect(await countRows(worker, 'items', 'id IN (?, ?, ?)', a.id, b.id, carted.id)).toBe(3);
    const ok = await admin.send('POST', '/api/owner/products/bulk', { action: 'delete', ids: [a.id, b.id] });
    expect(ok.status).toBe(200);
    expect(await countRows(worker, 'items', 'id IN (?, ?)', a.id, b.id)).toBe(0);
    expect(await countRows(worker, 'variants', 'product_id IN (?, ?)', a.id, b.id)).toBe(0);
    expect(await countRows(worker, 'search_index', 'item_id IN (?, ?)', a.id, b.id)).toBe(0);
  });
});

describe('DELETE /api/owner/products/{id}', () => {
  it('removes the product, its variants, history, search row; 404 after', async () => {
    const a = await product('Delete Me');
    const content = (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v;
    const res = await del(manager, a.id, a.version);
    expect(res.status).toBe(200);
    expect(await countRows(worker, 'items', 'id = ?', a.id)).toBe(0);
    expect(await countRows(worker, 'products', 'item_id = ?', a.id)).toBe(0);
    expect(await countRows(worker, 'variants', 'product_id = ?', a.id)).toBe(0);
    expect(await countRows(worker, 'stock_history', 'variant_id IN (?, ?)', a.variants[0]!.id, a.variants[1]!.id)).toBe(0);
    expect(await countRows(worker, 'search_index', 'item_id = ?', a.id)).toBe(0);
    expect((await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v).toBe(content + 1);
    expect((await admin.get(`/api/owner/products/${a.id}`)).status).toBe(404);
    expect((await del(admin, a.id, a.version)).status).toBe(404);
  });

  it('needs If-Match (428) and the current version (412, nothing removed)', async () => {
    const a = await product();
    expect((await del(admin, a.id, null)).status).toBe(428);
    const stale = await del(admin, a.id, a.version + 5);
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: a.version } });
    expect(await countRows(worker, 'items', 'id = ?', a.id)).toBe(1);
  });

  it('refuses a product in an open cart and one with orders (409, archive offered); orders keep their rows; archive works', async () => {
    const a = await product('Ordered Vase');
    const buyer = new TestVisitor(worker, '203.0.113.62');
    await buyer.send('GET', '/api/commerce/shopping-cart');
    expect((await addOne(buyer, a.id, a.variants[0]!.sku)).status).toBe(200);
    const inCart = await del(admin, a.id, a.version);
    expect(inCart.status).toBe(409);
    expect(inCart.json.error).toBe('product_in_carts');
    expect((await placeOrder(buyer)).status).toBe(201);
    const lines = () => worker.db.prepare('SELECT product_name AS name, sku, unit_price_cents AS unit FROM order_lines WHERE item_id = ?').bind(a.id).all();
    const before = (await lines()).results;
    expect(before).toHaveLength(1);
    const ordered = await del(admin, a.id, a.version);
    expect(ordered.status).toBe(409);
    expect(ordered.json).toMatchObject({ error: 'product_has_orders', archive: true, message: 'Ordered Vase has orders, so it cannot be deleted. Archive it instead: it leaves the store and stays for orders.' });
    expect((await admin.get(`/api/owner/products/${a.id}`)).json.product.version).toBe(a.version);
    expect((await admin.send('POST', '/api/owner/products/bulk', { action: 'archive', ids: [a.id] })).status).toBe(200);
    expect(await listedTitles()).not.toContain('Ordered Vase');
    expect((await lines()).results).toEqual(before);
    const archived = await admin.get('/api/owner/products?q=Ordered Vase');
    expect(archived.json.products[0]).toMatchObject({ id: a.id, status: 'archived' });
  });

  it('a product in an expired cart can go', async () => {
    const a = await product();
    const shopper = new TestVisitor(worker, '203.0.113.63');
    await shopper.send('GET', '/api/commerce/shopping-cart');
    const added = await addOne(shopper, a.id, a.variants[0]!.sku);
    expect(added.status).toBe(200);
    await worker.db.prepare('UPDATE carts SET expires_on = 1 WHERE id = ?').bind(added.json.shoppingCart.id).run();
    expect((await del(admin, a.id, a.version)).status).toBe(200);
  });
});

describe('roles', () => {
  it('editor 403, anonymous 401 on bulk and delete; nothing changes', async () => {
    const a = await product();
    expect((await editor.send('POST', '/api/owner/products/bulk', { action: 'hide', ids: [a.id] })).status).toBe(403);
    expect((await anonymous.send('POST', '/api/owner/products/bulk', { action: 'hide', ids: [a.id] })).status).toBe(401);
    expect((await del(editor, a.id, a.version)).status).toBe(403);
    expect((await admin.get(`/api/owner/products/${a.id}`)).json.product).toMatchObject({ visible: true, version: a.version });
  });
});

describe('store wizard read calls', () => {
  it('previews the slug a title would get (SPEC §5), suffixing taken ones', async () => {
    const q = (title: string) => admin.get(`/api/content-service/product/1.1/websites/${siteId}/products/slug-preview?storeTitle=${encodeURIComponent(title)}&fallbackStoreTitle=Store`);
    expect((await q('Winter Market')).json).toEqual({ urlId: 'winter-market', fullUrl: '/winter-market' });
    expect((await q('Bulk Shop')).json.urlId).toBe('bulk-shop-2');
    expect((await q('ab')).json.urlId).toBe('store');
    expect((await editor.get(`/api/content-service/product/1.1/websites/${siteId}/products/slug-preview?storeTitle=x`)).status).toBe(403);
  });

  it('the stock calls answer how many restock sign-ups wait', async () => {
    const a = await product();
    const v = a.variants[0]!;
    await worker.db
      .prepare("INSERT INTO restock_signups (id, website_id, product_id, variant_id, email, language, join_mailing_list, created_on) VALUES ('rs1', ?, ?, ?, 'a@b.test', 'en', 0, 1)")
      .bind(siteId, a.id, v.id)
      .run();
    const res = await admin.send('POST', `/api/owner/products/${a.id}/variants/${v.id}/stock`, { delta: 1 });
    expect(res.json.stock).toMatchObject({ qtyInStock: 6, restockWaiting: 1 });
  });
});

describe('the owner navigation', () => {
  // Last in the file: it removes every store of the site.
  it('lists Store setup (before Products) only while the site has no store, to roles that may create one', async () => {
    const nav = async (who: OwnerSession) => {
      const html = (await who.page('/config/products')).html;
      return [...html.matchAll(/<li><a href="(\/config\/[^"]*)"/g)].map((m) => m[1]);
    };
    expect(await nav(admin)).not.toContain('/config/store-setup');
    await worker.db.prepare('DELETE FROM collections WHERE type = 13').run();
    const paths = await nav(manager);
    expect(paths.indexOf('/config/store-setup')).toBe(paths.indexOf('/config/products') - 1);
    expect(paths.indexOf('/config/store-setup')).toBeGreaterThan(-1);
    expect((await editor.page('/config/store-setup')).status).toBe(403);
    expect((await manager.page('/config/store-setup')).status).toBe(200);
  });
});
