import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { catalogSessions, countRows } from './test-catalog-owner.js';

/** SPEC §7 store creation over HTTP: slugs, the root category, the main navigation, all or nothing, roles. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let reporter: OwnerSession;
let anonymous: OwnerSession;
let siteId: string;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, manager, editor, reporter, anonymous, siteId } = await catalogSessions(worker, 'store'));
}, 60_000);
afterAll(() => worker?.dispose());

const storePath = () => `/api/content-service/product/1.1/websites/${siteId}/products`;
const store = (over: Record<string, unknown> = {}) => ({
  storeTitle: 'Winter Market', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All', templateId: 'tpl-1',
  addToMainNav: false, isSevenOne: true, storeUrls: [], ...over,
});

/** What store creation writes, to prove a failed one wrote nothing. */
async function footprint() {
  return {
    collections: await countRows(worker, 'collections'),
    categories: await countRows(worker, 'categories'),
    navItems: await countRows(worker, 'navigation_items'),
    navRevisions: await countRows(worker, 'navigation_revisions'),
    contentVersion: (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v,
  };
}

describe('POST /api/content-service/product/1.1/websites/{websiteId}/products', () => {
  it('creates the product collection, then its root category, and answers both', async () => {
    const res = await admin.send('POST', storePath(), store());
    expect(res.status).toBe(201);
    expect(res.json.collection).toEqual({
      id: expect.any(String), navigationTitle: 'Winter Market', title: 'Winter Market', urlId: 'winter-market', fullUrl: '/winter-market', description: null, enabled: true,
    });
    expect(res.json.rootCategory).toMatchObject({ displayName: 'All', parentCategoryId: null, type: 'root', pageRendering: 'all-products', displayIndex: 0 });
    expect(res.json.navigation).toEqual({ added: false, version: null });
    const row = await worker.db.prepare('SELECT type, type_name, url_id FROM collections WHERE id = ?').bind(res.json.collection.id).first();
    expect(row).toEqual({ type: 13, type_name: 'products', url_id: 'winter-market' });
    expect(await countRows(worker, 'categories', 'collection_id = ? AND type = ?', res.json.collection.id, 'root')).toBe(1);
    // The new store answers at its URL.
    expect((await worker.fetch('/winter-market')).status).toBe(200);
  });

  it('suffixes a taken slug with the next free number; the demo /shop and the caller\'s storeUrls count as taken', async () => {
    const again = await admin.send('POST', storePath(), store());
    expect(again.json.collection.urlId).toBe('winter-market-2');
    const shop = await admin.send('POST', storePath(), store({ storeTitle: 'Shop' }));
    expect(shop.json.collection.urlId).toBe('shop-2');
    const listed = await admin.send('POST', storePath(), store({ storeTitle: 'Outlet', storeUrls: ['/outlet', 'outlet-2'] }));
    expect(listed.json.collection.urlId).toBe('outlet-3');
    // Reserved paths of the worker are taken too.
    expect((await admin.send('POST', storePath(), store({ storeTitle: 'Cart' }))).json.collection.urlId).toBe('cart-2');
  });

  it('takes the fallback title when the title slug is empty or shorter than 3 characters', async () => {
    const short = await admin.send('POST', storePath(), store({ storeTitle: 'Ab', fallbackStoreTitle: 'Gift Shop' }));
    expect(short.status).toBe(201);
    expect(short.json.collection).toMatchObject({ urlId: 'gift-shop', title: 'Ab' });
    const empty = await admin.send('POST', storePath(), store({ storeTitle: '  ', fallbackStoreTitle: 'Gift Shop' }));
    expect(empty.json.collection).toMatchObject({ urlId: 'gift-shop-2', title: 'Gift Shop' });
  });

  it('adds the store to the end of the main navigation as a new navigation revision', async () => {
    const topLevel = () => countRows(worker, 'navigation_items', "website_id = ? AND menu = 'main-nav' AND parent_id IS NULL", siteId);
    const linksBefore = await topLevel();
    const res = await admin.send('POST', storePath(), store({ storeTitle: 'Ceramics Annex', addToMainNav: true }));
    expect(res.status).toBe(201);
    expect(res.json.navigation.added).toBe(true);
    expect(await topLevel()).toBe(linksBefore + 1);
    const items = await worker.db
      .prepare("SELECT title, collection_id FROM navigation_items WHERE website_id = ? AND menu = 'main-nav' AND parent_id IS NULL ORDER BY position DESC LIMIT 1")
      .bind(siteId)
      .first();
    expect(items).toEqual({ title: 'Ceramics Annex', collection_id: res.json.collection.id });
    const revision = await worker.db.prepare("SELECT version, document FROM navigation_revisions WHERE website_id = ? AND menu = 'main-nav' ORDER BY version DESC LIMIT 1").bind(siteId).first<{ version: number; document: string }>();
    expect(revision!.version).toBe(res.json.navigation.version);
    const doc = JSON.parse(revision!.document) as { title: string }[];
    expect(doc.at(-1)).toMatchObject({ title: 'Ceramics Annex', collectionId: res.json.collection.id });
    // The links the menu had before are all still in the revision, the store's last.
    expect(doc.length).toBe(linksBefore + 1);
    // The live site shows the link.
    expect(await (await worker.fetch('/')).text()).toContain(res.json.collection.fullUrl);
  });

  it.each([
    ['the collection', 'BEFORE INSERT ON collections'],
    ['the root category', 'BEFORE INSERT ON categories'],
    ['the navigation revision', 'BEFORE INSERT ON navigation_revisions'],
    ['the navigation link', 'BEFORE INSERT ON navigation_items'],
    ['the content version', 'BEFORE UPDATE ON websites'],
  ])('leaves nothing behind when writing %s fails', async (_step, when) => {
    const before = await footprint();
    await worker.db.prepare(`CREATE TRIGGER inject_failure ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    try {
      const res = await admin.send('POST', storePath(), store({ storeTitle: 'Half Made', addToMainNav: true }));
      expect(res.status).toBe(503);
    } finally {
      await worker.db.prepare('DROP TRIGGER inject_failure').run();
    }
    expect(await footprint()).toEqual(before);
    expect(await countRows(worker, 'collections', "url_id LIKE 'half-made%'")).toBe(0);
    // The same call succeeds once nothing fails.
    expect((await admin.send('POST', storePath(), store({ storeTitle: 'Half Made', addToMainNav: true }))).status).toBe(201);
    await worker.db.prepare("DELETE FROM navigation_items WHERE title = 'Half Made'").run();
    await worker.db.prepare("DELETE FROM collections WHERE url_id = 'half-made'").run();
  });

  it('refuses the whole store when the main navigation was saved meanwhile (409, nothing created)', async () => {
    const before = await footprint();
    // A navigation save lands between the store's read of the menu and its batch.
    await worker.db
      .prepare(
        `CREATE TRIGGER race_nav BEFORE INSERT ON collections BEGIN
           INSERT INTO navigation_revisions (website_id, menu, version, document, save_id, author_name, saved_on)
           SELECT NEW.website_id, 'main-nav', COALESCE((SELECT MAX(version) FROM navigation_revisions WHERE website_id = NEW.website_id AND menu = 'main-nav'), 0) + 1, '[]', 'other', 'other', 0;
         END`,
      )
      .run();
    let res;
    try {
      res = await admin.send('POST', storePath(), store({ storeTitle: 'Raced', addToMainNav: true }));
    } finally {
      await worker.db.prepare('DROP TRIGGER race_nav').run();
    }
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'navigation_conflict', message: 'The main navigation changed while the store was being created. Nothing was created; try again.' });
    expect(await footprint()).toEqual(before);
  });

  it('validates the body with field errors', async () => {
    const long = await admin.send('POST', storePath(), store({ allCategoryDisplayName: 'x'.repeat(26) }));
    expect(long.status).toBe(400);
    expect(long.json.fields.allCategoryDisplayName).toBe('A category name is at most 25 characters.');
    const noFallback = await admin.send('POST', storePath(), store({ fallbackStoreTitle: ' ' }));
    expect(noFallback.json.fields.fallbackStoreTitle).toBe('Enter a fallback store title.');
    expect((await admin.send('POST', storePath(), { ...store(), extra: 1 })).status).toBe(400);
  });

  it('answers 404 for another website id', async () => {
    const res = await admin.send('POST', '/api/content-service/product/1.1/websites/not-this-site/products', store());
    expect(res.status).toBe(404);
  });

  it('lets a store manager create a store but not add it to the navigation; editors, reporters and visitors may not', async () => {
    expect((await manager.send('POST', storePath(), store({ storeTitle: 'Managed' }))).status).toBe(201);
    const nav = await manager.send('POST', storePath(), store({ storeTitle: 'Managed Nav', addToMainNav: true }));
    expect(nav.status).toBe(403);
    expect(await countRows(worker, 'collections', "url_id = 'managed-nav'")).toBe(0);
    expect((await editor.send('POST', storePath(), store({ storeTitle: 'Edited' }))).status).toBe(403);
    expect((await reporter.send('POST', storePath(), store({ storeTitle: 'Reported' }))).status).toBe(403);
    expect((await anonymous.send('POST', storePath(), store({ storeTitle: 'Anon' }))).status).toBe(401);
    expect(await countRows(worker, 'collections', "url_id IN ('edited', 'reported', 'anon')")).toBe(0);
  });

  it('needs the crumb', async () => {
    const res = await admin.send('POST', storePath(), store({ storeTitle: 'No Crumb' }), null);
    expect(res.status).toBe(401);
    expect(res.json.crumbFail).toBe(true);
    expect(await countRows(worker, 'collections', "url_id = 'no-crumb'")).toBe(0);
  });
});

describe('POST .../products/{collectionId}/categories', () => {
  let collectionId: string;
  let rootId: string;
  const path = () => `/api/content-service/product/1.1/websites/${siteId}/products/${collectionId}/categories`;

  beforeAll(async () => {
    const res = await admin.send('POST', storePath(), store({ storeTitle: 'Category Store' }));
    collectionId = res.json.collection.id;
    rootId = res.json.rootCategory.id;
  });

  it('adds a category under the root and nests another under it', async () => {
    const mugs = await manager.send('POST', path(), { displayName: 'Mugs', parentCategoryId: rootId, displayIndex: 1 });
    expect(mugs.status).toBe(201);
    expect(mugs.json.category).toEqual({ id: expect.any(String), displayName: 'Mugs', parentCategoryId: rootId, type: 'category', pageRendering: 'category', displayIndex: 1 });
    const tall = await admin.send('POST', path(), { displayName: 'Tall mugs', parentCategoryId: mugs.json.category.id });
    expect(tall.json.category.parentCategoryId).toBe(mugs.json.category.id);
  });

  it('refuses a name the store has (SPEC §5), a second root, a foreign parent, a long name', async () => {
    const dup = await admin.send('POST', path(), { displayName: 'Mugs', parentCategoryId: rootId });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('This category already exists');
    expect((await admin.send('POST', path(), { displayName: 'Everything', type: 'root', pageRendering: 'all-products' })).status).toBe(409);
    const foreign = await admin.send('POST', path(), { displayName: 'Bowls', parentCategoryId: 'nope' });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields.parentCategoryId).toBe('The parent category is not in this store.');
    expect((await admin.send('POST', path(), { displayName: 'x'.repeat(26), parentCategoryId: rootId })).json.fields.displayName).toBe('A category name is at most 25 characters.');
  });

  it('lists the tree, parents before children, and the site\u2019s stores', async () => {
    const tree = await manager.get(path());
    expect(tree.status).toBe(200);
    const names = tree.json.categories.map((c: { displayName: string }) => c.displayName);
    expect(names.indexOf('Mugs')).toBeLessThan(names.indexOf('Tall mugs'));
    expect(tree.json.categories[0]).toMatchObject({ type: 'root', parentCategoryId: null });
    const stores = await admin.get(storePath());
    expect(stores.status).toBe(200);
    expect(stores.json.stores.map((s: { urlId: string }) => s.urlId)).toEqual(expect.arrayContaining(['shop', 'winter-market', 'category-store']));
    expect(stores.json.stores.find((s: { urlId: string }) => s.urlId === 'shop').productCount).toBeGreaterThan(0);
    expect((await editor.get(path())).status).toBe(403);
    expect((await editor.get(storePath())).status).toBe(403);
  });

  it('creates a root category on its own for a store without one', async () => {
    await worker.db.prepare('DELETE FROM categories WHERE collection_id = ?').bind(collectionId).run();
    const root = await admin.send('POST', path(), { displayName: 'All', type: 'root', pageRendering: 'all-products' });
    expect(root.status).toBe(201);
    expect(root.json.category.parentCategoryId).toBeNull();
  });

  it('answers 404 for a collection that is not a store of this site; editors get 403', async () => {
    const blog = (await worker.db.prepare("SELECT id FROM collections WHERE url_id = 'journal'").first<{ id: string }>())!.id;
    expect((await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products/${blog}/categories`, { displayName: 'X', type: 'root' })).status).toBe(404);
    expect((await editor.send('POST', path(), { displayName: 'Editor', parentCategoryId: rootId })).status).toBe(403);
  });
});
