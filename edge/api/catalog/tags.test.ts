import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { catalogSessions, countRows } from './test-catalog-owner.js';

/** The tag manager over HTTP: add, rename, merge, remove, counts, SPEC §5 texts, the category tree. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let siteId: string;
let storeId: string;
let rootId: string;
const ids: Record<string, string> = {};

const doc = { type: 'doc', content: [] };
const product = (title: string, sku: string, tags: string[], categories: string[]) => ({
  collectionId: storeId, productType: 'physical', title, description: doc, status: 'published', tags, categories,
  variantOptionOrdering: [], variants: [{ sku, price: '10.00', attributes: {}, qtyInStock: 1 }],
});

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, manager, editor, siteId } = await catalogSessions(worker, 'tags'));
  const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Tag Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
  storeId = store.json.collection.id;
  rootId = store.json.rootCategory.id;
  for (const [title, sku, tags, cats] of [
    ['Cup', 'T-CUP', ['blue', 'sale'], ['Mugs']],
    ['Bowl', 'T-BOWL', ['navy', 'blue', 'gift'], ['Bowls']],
    ['Vase', 'T-VASE', ['navy'], ['Vases', 'Mugs']],
  ] as const) {
    const res = await admin.send('POST', '/api/owner/products', product(title, sku, [...tags], [...cats]));
    expect(res.status).toBe(201);
    ids[title] = res.json.product.id;
  }
}, 60_000);
afterAll(async () => {
  if (process.env.TAGS_LOGS) console.log(worker.logs.map((l) => l.message).join('\n'));
  await worker?.dispose();
});

const base = () => `/api/owner/tags/${storeId}`;
const tagsOf = async (title: string) => (await admin.get(`/api/owner/products/${ids[title]}`)).json.product.tags as string[];
const categoriesOf = async (title: string) => (await admin.get(`/api/owner/products/${ids[title]}`)).json.product.categories as string[];
const searchTags = async (title: string) => (await worker.db.prepare('SELECT tags FROM search_index WHERE item_id = ?').bind(ids[title]).first<{ tags: string }>())!.tags;
const contentVersion = async () => (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v;

describe('GET /api/owner/tags', () => {
  it('lists the site’s stores and blogs; a store’s tags with how many products use each', async () => {
    const list = await admin.get('/api/owner/tags');
    expect(list.status).toBe(200);
    expect(list.json.collections).toContainEqual({ id: storeId, title: 'Tag Shop', kind: 'store' });
    expect(list.json.collections.some((c: any) => c.kind === 'blog')).toBe(true);
    const res = await manager.get(base());
    expect(res.status).toBe(200);
    expect(res.json.tags).toEqual([
      { name: 'blue', count: 2 }, { name: 'gift', count: 1 }, { name: 'navy', count: 2 }, { name: 'sale', count: 1 },
    ]);
    // The tree first (the root only so far), then the names products use outside it.
    expect(res.json.categories.map((c: any) => [c.name, c.count, c.id === null])).toEqual([['All', 0, false], ['Bowls', 1, true], ['Mugs', 2, true], ['Vases', 1, true]]);
  });

  it('refuses other roles and other sites’ collections', async () => {
    expect((await editor.get(base())).status).toBe(403);
    expect((await admin.get('/api/owner/tags/nope')).status).toBe(404);
  });
});

describe('add', () => {
  it('adds a tag no product uses yet (count 0); the same name again is SPEC §5’s message', async () => {
    const res = await admin.send('POST', base(), { tagType: 'tag', name: 'stoneware' });
    expect(res.status).toBe(201);
    expect(res.json.tags).toContainEqual({ name: 'stoneware', count: 0 });
    const again = await admin.send('POST', base(), { tagType: 'tag', name: 'stoneware' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'tag_exists', message: 'This tag already exists' });
    const used = await admin.send('POST', base(), { tagType: 'tag', name: 'navy' });
    expect(used.json.message).toBe('This tag already exists');
  });

  it('adds a category into the tree under the root; a name of the tree is "This category already exists"', async () => {
    const res = await admin.send('POST', base(), { tagType: 'category', name: 'Planters' });
    expect(res.status).toBe(201);
    expect(res.json.categories.find((c: any) => c.name === 'Planters')).toMatchObject({ parentId: rootId, type: 'category', count: 0 });
    // A name products use outside the tree goes into it; then it is taken.
    const used = await admin.send('POST', base(), { tagType: 'category', name: 'Mugs' });
    expect(used.status).toBe(201);
    expect(used.json.categories.find((c: any) => c.name === 'Mugs')).toMatchObject({ parentId: rootId, count: 2 });
    const again = await admin.send('POST', base(), { tagType: 'category', name: 'Mugs' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This category already exists');
  });

  it('checks lengths (SPEC §9: tags 50, categories 25) and blank names', async () => {
    expect((await admin.send('POST', base(), { tagType: 'tag', name: 'x'.repeat(51) })).json.fields).toEqual({ name: 'A tag is at most 50 characters.' });
    expect((await admin.send('POST', base(), { tagType: 'tag', name: 'x'.repeat(50) })).status).toBe(201);
    expect((await admin.send('POST', base(), { tagType: 'category', name: 'x'.repeat(26) })).json.fields).toEqual({ name: 'A category name is at most 25 characters.' });
    expect((await admin.send('POST', base(), { tagType: 'tag', name: '   ' })).json.fields).toEqual({ name: 'Enter a tag.' });
    // Without the crumb nothing is added.
    expect((await admin.send('POST', base(), { tagType: 'tag', name: 'no-crumb' }, null)).status).toBe(401);
    expect(await countRows(worker, 'collection_tags', "name = 'no-crumb'")).toBe(0);
  });

  it('of 10 adds of one new tag at once, exactly one goes in', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.send('POST', base(), { tagType: 'tag', name: 'raced' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.message)).toEqual(Array(9).fill('This tag already exists'));
    expect(await countRows(worker, 'collection_tags', "name = 'raced'")).toBe(1);
    await admin.send('POST', `${base()}/remove`, { tagType: 'tag', names: ['raced'] });
  });

  it('gives a store made before the tree (the demo shop) its root first', async () => {
    const shop = (await admin.get('/api/owner/tags')).json.collections.find((c: any) => c.title === 'Shop');
    expect((await admin.get(`/api/owner/tags/${shop.id}`)).json.categories.every((c: any) => c.id === null)).toBe(true);
    const res = await admin.send('POST', `/api/owner/tags/${shop.id}`, { tagType: 'category', name: 'Bowls' });
    expect(res.status).toBe(201);
    const [root, bowls] = res.json.categories;
    expect(root).toMatchObject({ name: 'All', type: 'root', parentId: null });
    expect(bowls).toMatchObject({ name: 'Bowls', parentId: root.id });
    expect(bowls.count).toBeGreaterThan(0);
  });
});

describe('rename', () => {
  it('renames a tag in every product, its search row and version, and bumps the content version', async () => {
    const before = await contentVersion();
    const cup = (await admin.get(`/api/owner/products/${ids.Cup}`)).json.product;
    const res = await admin.send('POST', `${base()}/rename`, { tagType: 'tag', renames: [{ from: 'blue', to: 'cobalt' }] });
    expect(res.status).toBe(200);
    expect(res.json.tags).toContainEqual({ name: 'cobalt', count: 2 });
    expect(res.json.tags.some((t: any) => t.name === 'blue')).toBe(false);
    expect(await tagsOf('Cup')).toEqual(['cobalt', 'sale']);
    expect(await tagsOf('Bowl')).toEqual(['navy', 'cobalt', 'gift']);
    expect(await searchTags('Bowl')).toBe('navy , cobalt , gift');
    expect(await contentVersion()).toBeGreaterThan(before);
    // An editor open on the old version cannot write the old name back.
    const body = {
      title: cup.title, description: cup.description, status: cup.status, visible: cup.visible, categories: cup.categories, tags: cup.tags, variantOptionOrdering: cup.variantOptionOrdering,
      variants: cup.variants.map((v: any) => ({ id: v.id, sku: v.sku, price: v.priceCents, attributes: v.attributes, unlimited: v.unlimited, weightGrams: v.weightGrams })),
    };
    const headers = { 'Content-Type': 'application/json', Cookie: admin.signed!.cookie, 'X-CSRF-Token': admin.signed!.xsrfToken, 'If-Match': `"${cup.version}"` };
    const stale = await worker.fetch(`/api/owner/products/${ids.Cup}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect(stale.status).toBe(412);
    expect(await tagsOf('Cup')).toEqual(['cobalt', 'sale']);
  });

  it('refuses more than one rename at once with SPEC §5’s text, and a taken name', async () => {
    const two = await admin.send('POST', `${base()}/rename`, { tagType: 'tag', renames: [{ from: 'sale', to: 'offer' }, { from: 'gift', to: 'present' }] });
    expect(two.status).toBe(400);
    expect(two.json.message).toBe('You may only edit one tag at a time');
    expect(two.json.fields.renames).toBe('You may only edit one tag at a time');
    const cats = await admin.send('POST', `${base()}/rename`, { tagType: 'category', renames: [{ from: 'Mugs', to: 'A' }, { from: 'Bowls', to: 'B' }] });
    expect(cats.json.message).toBe('You may only edit one category at a time');
    expect(await tagsOf('Cup')).toEqual(['cobalt', 'sale']);
    const taken = await admin.send('POST', `${base()}/rename`, { tagType: 'tag', renames: [{ from: 'sale', to: 'navy' }] });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('This tag already exists');
    expect((await admin.send('POST', `${base()}/rename`, { tagType: 'tag', renames: [{ from: 'ghost', to: 'x' }] })).status).toBe(404);
  });

  it('renames a category row of the tree and the products’ names together', async () => {
    const added = await admin.send('POST', base(), { tagType: 'category', name: 'Vase' });
    expect(added.status).toBe(201);
    const res = await admin.send('POST', `${base()}/rename`, { tagType: 'category', renames: [{ from: 'Mugs', to: 'Cups' }] });
    expect(res.status).toBe(200);
    expect(await categoriesOf('Vase')).toEqual(['Vases', 'Cups']);
    expect(await countRows(worker, 'categories', 'collection_id = ? AND display_name = ?', storeId, 'Vase')).toBe(1);
  });
});

describe('merge', () => {
  it('merges several tags into an existing one; an item with both keeps one', async () => {
    const res = await admin.send('POST', `${base()}/merge`, { tagType: 'tag', from: ['cobalt', 'navy'], into: 'navy' });
    expect(res.status).toBe(200);
    expect(res.json.tags.filter((t: any) => ['cobalt', 'navy'].includes(t.name))).toEqual([{ name: 'navy', count: 3 }]);
    expect(await tagsOf('Cup')).toEqual(['navy', 'sale']);
    expect(await tagsOf('Bowl')).toEqual(['navy', 'gift']);
    expect(await searchTags('Bowl')).toBe('navy , gift');
  });

  it('the storefront list of the store filters by the merged tag (?tag=)', async () => {
    const titles = async (query: string) => ((await (await worker.fetch(`/tag-shop?${query}&format=json`)).json()) as any).items.map((i: any) => i.title).sort();
    expect(await titles('tag=navy')).toEqual(['Bowl', 'Cup', 'Vase']);
    expect(await titles('tag=cobalt')).toEqual([]);
    expect(await titles('tag=gift')).toEqual(['Bowl']);
    expect(await titles('category=Bowls')).toEqual(['Bowl']);
  });

  it('merges into a new name', async () => {
    const res = await admin.send('POST', `${base()}/merge`, { tagType: 'tag', from: ['sale', 'gift'], into: 'offers' });
    expect(res.json.tags).toContainEqual({ name: 'offers', count: 2 });
    expect(await tagsOf('Cup')).toEqual(['navy', 'offers']);
  });

  it('merges tree categories: the children of a merged one move under the one kept', async () => {
    let res = await admin.send('POST', base(), { tagType: 'category', name: 'Glaze' });
    const glaze = res.json.categories.find((c: any) => c.name === 'Glaze').id;
    res = await admin.send('POST', base(), { tagType: 'category', name: 'Blue glaze', parentId: glaze });
    res = await admin.send('POST', base(), { tagType: 'category', name: 'Colour' });
    const colour = res.json.categories.find((c: any) => c.name === 'Colour').id;
    res = await admin.send('POST', `${base()}/merge`, { tagType: 'category', from: ['Glaze'], into: 'Colour' });
    expect(res.status).toBe(200);
    expect(res.json.categories.find((c: any) => c.name === 'Blue glaze').parentId).toBe(colour);
    expect(res.json.categories.some((c: any) => c.name === 'Glaze')).toBe(false);
    // Merging a parent into its own child: the child takes the parent's place.
    res = await admin.send('POST', `${base()}/merge`, { tagType: 'category', from: ['Colour'], into: 'Blue glaze' });
    expect(res.status).toBe(200);
    expect(res.json.categories.find((c: any) => c.name === 'Blue glaze').parentId).toBe(rootId);
    // The root stays.
    const root = await admin.send('POST', `${base()}/merge`, { tagType: 'category', from: ['All'], into: 'Blue glaze' });
    expect(root.status).toBe(400);
  });
});

describe('remove', () => {
  it('removes tags from every product', async () => {
    const res = await admin.send('POST', `${base()}/remove`, { tagType: 'tag', names: ['offers', 'stoneware'] });
    expect(res.status).toBe(200);
    expect(res.json.tags.map((t: any) => t.name)).not.toContain('offers');
    expect(await tagsOf('Cup')).toEqual(['navy']);
    expect(await searchTags('Cup')).toBe('navy');
  });

  it('removes a tree category: its children move up to its parent', async () => {
    let res = await admin.send('POST', base(), { tagType: 'category', name: 'Outer' });
    const outer = res.json.categories.find((c: any) => c.name === 'Outer').id;
    await admin.send('POST', base(), { tagType: 'category', name: 'Inner', parentId: outer });
    res = await admin.send('POST', `${base()}/remove`, { tagType: 'category', names: ['Outer', 'Cups'] });
    expect(res.status).toBe(200);
    expect(res.json.categories.find((c: any) => c.name === 'Inner').parentId).toBe(rootId);
    expect(await categoriesOf('Vase')).toEqual(['Vases']);
    expect((await admin.send('POST', `${base()}/remove`, { tagType: 'category', names: ['All'] })).status).toBe(400);
  });
});

describe('category tree order', () => {
  it('nests and reorders a category; refuses a move into its own subtree', async () => {
    let res = await admin.send('POST', base(), { tagType: 'category', name: 'Kitchen' });
    const kitchen = res.json.categories.find((c: any) => c.name === 'Kitchen').id;
    res = await admin.send('POST', base(), { tagType: 'category', name: 'Plates' });
    const plates = res.json.categories.find((c: any) => c.name === 'Plates').id;
    res = await admin.send('POST', base(), { tagType: 'category', name: 'Jugs' });
    const jugs = res.json.categories.find((c: any) => c.name === 'Jugs').id;
    res = await admin.send('PUT', `${base()}/categories/${plates}/position`, { parentId: kitchen, index: 0 });
    expect(res.status).toBe(200);
    res = await admin.send('PUT', `${base()}/categories/${jugs}/position`, { parentId: kitchen, index: 0 });
    const under = res.json.categories.filter((c: any) => c.parentId === kitchen).map((c: any) => c.name);
    expect(under).toEqual(['Jugs', 'Plates']);
    const loop = await admin.send('PUT', `${base()}/categories/${kitchen}/position`, { parentId: plates, index: 0 });
    expect(loop.status).toBe(400);
    expect(loop.json.message).toBe('A category cannot go inside itself or one of its subcategories.');
    expect((await admin.send('PUT', `${base()}/categories/${rootId}/position`, { parentId: kitchen, index: 0 })).status).toBe(400);
  });

  it('holds at most 250 subcategories in one category (SPEC §9 user-orderable collection)', async () => {
    let res = await admin.send('POST', base(), { tagType: 'category', name: 'Many' });
    const many = res.json.categories.find((c: any) => c.name === 'Many').id;
    const rows = Array.from({ length: 250 }, (_, i) => `('m${i}', '${siteId}', '${storeId}', '${many}', 'm${i}', 'category', 'category', ${i}, 0)`).join(',');
    await worker.db.prepare(`INSERT INTO categories (id, website_id, collection_id, parent_id, display_name, type, page_rendering, display_index, created_on) VALUES ${rows}`).run();
    res = await admin.send('POST', base(), { tagType: 'category', name: 'One more', parentId: many });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('too_many_in_order');
    res = await admin.send('POST', base(), { tagType: 'category', name: 'Elsewhere' });
    const elsewhere = res.json.categories.find((c: any) => c.name === 'Elsewhere').id;
    res = await admin.send('PUT', `${base()}/categories/${elsewhere}/position`, { parentId: many, index: 3 });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('A category holds at most 250 subcategories (a list ordered by hand holds at most 250 items).');
  });
});

describe('blog tags', () => {
  it('renames a blog post tag across the blog’s posts', async () => {
    const blog = (await admin.get('/api/owner/tags')).json.collections.find((c: any) => c.kind === 'blog');
    const list = await admin.get(`/api/owner/tags/${blog.id}`);
    expect(list.status).toBe(200);
    const used = list.json.tags.find((t: any) => t.count > 0);
    expect(used).toBeDefined();
    const res = await admin.send('POST', `/api/owner/tags/${blog.id}/rename`, { tagType: 'tag', renames: [{ from: used.name, to: 'renamed-tag' }] });
    expect(res.status).toBe(200);
    expect(res.json.tags).toContainEqual({ name: 'renamed-tag', count: used.count });
    expect(await countRows(worker, 'items', "collection_id = ? AND EXISTS (SELECT 1 FROM json_each(tags) WHERE value = 'renamed-tag')", blog.id)).toBe(used.count);
  });
});
