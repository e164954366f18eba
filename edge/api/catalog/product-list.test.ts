import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { catalogSessions } from './test-catalog-owner.js';

/** GET /api/owner/products: the product table's server-side filters, sorts and cursor pages. */
let worker: RunningWorker;
let admin: OwnerSession;
let editor: OwnerSession;
let storeId: string;

beforeAll(async () => {
  worker = await startWorker();
  let siteId: string;
  ({ admin, editor, siteId } = await catalogSessions(worker, 'plist'));
  storeId = (await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'List Store', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' })).json.collection.id;
  const make = (title: string, type: string, price: number, qty: number | 'unlimited', categories: string[], tags: string[]) =>
    admin.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: type, title, categories, tags,
      variants: [{ sku: `L-${title}`, price, ...(qty === 'unlimited' ? { unlimited: true } : { qtyInStock: qty }) }],
    });
  for (const [title, type, price, qty, cats, tags] of [
    ['Alder Bowl', 'physical', 3000, 12, ['Bowls'], ['kitchen']],
    ['Birch Plate', 'physical', 2000, 3, ['Plates'], ['kitchen', 'sale']],
    ['Cedar Cup', 'physical', 1500, 0, ['Cups'], []],
    ['Dune Vase', 'physical', 5000, 'unlimited', ['Vases'], ['sale']],
    ['Elm Guide', 'digital', 900, 0, [], []],
    ['Fir Lesson', 'service', 7000, 1, [], ['kitchen']],
    ['Gift Card', 'giftCard', 2500, 0, [], []],
  ] as const) {
    expect((await make(title, type, price, qty, [...cats], [...tags])).status).toBe(201);
  }
}, 60_000);
afterAll(() => worker?.dispose());

const titles = (json: any) => json.products.map((p: any) => p.title);
const list = async (query: string) => {
  const res = await admin.get(`/api/owner/products?collectionId=${storeId}&${query}`);
  expect(res.status).toBe(200);
  return res.json;
};

describe('GET /api/owner/products', () => {
  it('lists the store\u2019s products with price, stock and stock state, sorted by title', async () => {
    const json = await list('');
    expect(titles(json)).toEqual(['Alder Bowl', 'Birch Plate', 'Cedar Cup', 'Dune Vase', 'Elm Guide', 'Fir Lesson', 'Gift Card']);
    expect(json.products[0]).toMatchObject({ productType: 1, priceCents: 3000, stock: 12, stockState: 'in', categories: ['Bowls'], currency: 'USD', variantCount: 1, status: 'draft' });
    expect(json.products.map((p: any) => p.stockState)).toEqual(['in', 'low', 'out', 'unlimited', 'unlimited', 'low', 'unlimited']);
    expect(json.hasNextPage).toBe(false);
  });

  it('filters by type, category, tag, stock state and title', async () => {
    expect(titles(await list('type=physical'))).toEqual(['Alder Bowl', 'Birch Plate', 'Cedar Cup', 'Dune Vase']);
    expect(titles(await list('type=4'))).toEqual(['Gift Card']);
    expect(titles(await list('category=Plates'))).toEqual(['Birch Plate']);
    expect(titles(await list('tag=kitchen'))).toEqual(['Alder Bowl', 'Birch Plate', 'Fir Lesson']);
    expect(titles(await list('stock=out'))).toEqual(['Cedar Cup']);
    expect(titles(await list('stock=low&tag=kitchen'))).toEqual(['Birch Plate', 'Fir Lesson']);
    expect(titles(await list('q=CUP'))).toEqual(['Cedar Cup']);
  });

  it('sorts by price and stock both ways', async () => {
    expect(titles(await list('sort=-price'))).toEqual(['Fir Lesson', 'Dune Vase', 'Alder Bowl', 'Gift Card', 'Birch Plate', 'Cedar Cup', 'Elm Guide']);
    expect(titles(await list('sort=stock&type=physical'))).toEqual(['Cedar Cup', 'Birch Plate', 'Alder Bowl', 'Dune Vase']);
  });

  it('pages by cursor without repeats or gaps, in any sort', async () => {
    for (const sort of ['title', '-price', 'updated', '-stock']) {
      const all = titles(await list(`sort=${sort}`));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await list(`sort=${sort}&limit=3${cursor ? `&after=${cursor}` : ''}`);
        seen.push(...titles(page));
        cursor = page.nextPageCursor;
        expect(page.hasNextPage).toBe(cursor !== null);
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it('refuses a broken cursor and unknown filters; editors may not list', async () => {
    expect((await admin.get('/api/owner/products?after=nonsense')).status).toBe(400);
    expect((await admin.get('/api/owner/products?stock=plenty')).status).toBe(400);
    expect((await admin.get('/api/owner/products?colour=red')).status).toBe(400);
    expect((await editor.get('/api/owner/products')).status).toBe(403);
  });

  it('includes the demo shop\u2019s products without a store filter', async () => {
    const res = await admin.get('/api/owner/products?q=speckled');
    expect(titles(res.json)).toEqual(['Speckled Stoneware Mug']);
    expect(res.json.products[0].assetUrl).toMatch(/^\/assets\//);
  });
});
