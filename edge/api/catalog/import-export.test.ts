import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { catalogSessions, countRows } from './test-catalog-owner.js';

/** CSV import (preview, all-or-nothing commit) and export of the catalogue over HTTP. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let siteId: string;
let storeId: string;

const SHOPIFY_HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Alt Text,Status';
const shopifyFile = (tag: string) =>
  [
    SHOPIFY_HEADER,
    `${tag}-mug,Kiln Mug ${tag},"<p>Hand <strong>thrown</strong>,\nglazed twice.</p><script>alert(1)</script>",Fern,Mugs,"tableware, gifts",TRUE,Size,Small,Glaze,White,${tag}-S-W,300,shopify,5,24.50,,https://cdn.test/${tag}-a.jpg,Front,active`,
    `${tag}-mug,,,,,,,,Large,,Blue,${tag}-L-B,350,shopify,2,21.00,28.00,,,`,
    `${tag}-mug,,,,,,,,,,,,,,,,,https://cdn.test/${tag}-b.jpg,Side,`,
    `${tag}-tote,Canvas Tote ${tag},,,Bags,,TRUE,Title,Default Title,,,${tag}-T,,,,9.50,,,,active`,
  ].join('\r\n');

async function send(who: OwnerSession, path: string, body: string, type: string) {
  const res = await worker.fetch(path, { method: 'POST', headers: { 'Content-Type': type, Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken }, body });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
}
const preview = (who: OwnerSession, csv: string, extra: Record<string, unknown> = {}) => send(who, '/api/owner/products/import/preview', JSON.stringify({ csv, ...extra }), 'application/json');
async function commit(who: OwnerSession, csv: string, collectionId = storeId, w = worker, extra: Record<string, unknown> = {}) {
  const mapping = (await preview(who, csv)).json.columns.map((c: { field: string | null }) => c.field);
  const res = await w.fetch('/api/owner/products/import', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken },
    body: JSON.stringify({ csv, mapping, collectionId, ...extra }),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
}
const stored = async () => ({ items: await countRows(worker, 'items'), variants: await countRows(worker, 'variants'), search: await countRows(worker, 'search_index'), history: await countRows(worker, 'stock_history') });

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, manager, editor, siteId } = await catalogSessions(worker, 'csv'));
  const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Import Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
  storeId = store.json.collection.id;
}, 60_000);
afterAll(() => worker?.dispose());

describe('POST /api/owner/products/import/preview', () => {
  it('reads a Shopify export: layout, delimiter, BOM, first rows with their lines, mapping, images', async () => {
    const res = await send(admin, '/api/owner/products/import/preview', `\uFEFF${shopifyFile('pv')}`, 'text/csv');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ layout: 'shopify', delimiter: ',', rowCount: 4, productCount: 2, variantCount: 3, errors: [], errorCount: 0 });
    expect(res.json.columns[0]).toEqual({ index: 0, header: 'Handle', field: 'handle' });
    expect(res.json.columns.find((c: any) => c.header === 'Vendor').field).toBeNull();
    // The mug's description spans two physical lines, so the second row starts on line 4.
    expect(res.json.rows.map((r: any) => r.line)).toEqual([2, 4, 5, 6]);
    expect(res.json.images.map((i: any) => [i.line, i.url])).toEqual([[2, 'https://cdn.test/pv-a.jpg'], [5, 'https://cdn.test/pv-b.jpg']]);
    expect(await countRows(worker, 'items', 'title LIKE ?', '%pv')).toBe(0);
  });

  it('reads semicolons and lists problems by physical line', async () => {
    const csv = 'Handle;Title;Variant SKU;Variant Price\nok;Fine;SEMI-1;12.50\nbad;"Bad\nname";SEMI-2;12.505\nneg;Neg;SEMI-3;-1\n';
    const res = await preview(admin, csv);
    expect(res.json.delimiter).toBe(';');
    expect(res.json.errors).toEqual([
      { line: 3, column: 'Variant Price', message: 'USD prices have at most 2 decimal places.' },
      { line: 5, column: 'Variant Price', message: 'Enter a price of 0 or more.' },
    ]);
  });

  it('reports broken quoting at its line and refuses files over 10 MB', async () => {
    const broken = await preview(admin, `${SHOPIFY_HEADER}\na,A,"<p>never closed,,,,,,,,,,,,,1.00,,,,active\nb,B,,,,,,,,,,,,,,1.00,,,,active\n`);
    expect(broken.json.errors[0]).toMatchObject({ line: 2, message: expect.stringContaining('never closed') });
    const huge = await send(admin, '/api/owner/products/import/preview', `Handle,Title\n${'x,'.repeat(5_300_000)}`, 'text/csv');
    expect(huge.status).toBe(413);
  });

  it('applies a given mapping, and checks skus against the site and the store limit when given the store', async () => {
    await admin.send('POST', '/api/owner/products', { collectionId: storeId, productType: 'physical', title: 'Existing', variants: [{ sku: 'TAKEN-1', price: 100 }] });
    const csv = 'Name,Code,Cost\nCup,TAKEN-1,3.00\n';
    const res = await preview(admin, csv, { mapping: ['title', 'sku', 'price'] });
    expect(res.json.errors.map((e: any) => e.message)).toContain('Map a column to Handle: it tells which rows belong to one product.');
    const mapped = await preview(admin, 'Handle,Name,Code,Cost\ncup,Cup,TAKEN-1,3.00\n', { mapping: ['handle', 'title', 'sku', 'price'], collectionId: storeId });
    expect(mapped.json.errors).toEqual([{ line: 2, message: 'The SKU TAKEN-1 is already used by Existing.' }]);
  });

  it('is for the catalog permission only', async () => {
    expect((await preview(editor, shopifyFile('ed'))).status).toBe(403);
    expect((await preview(manager, shopifyFile('mg'))).status).toBe(200);
  });
});

describe('POST /api/owner/products/import', () => {
  it('creates every product in one go; they are searchable at once', async () => {
    const res = await commit(manager, shopifyFile('ok'));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ productCount: 2, variantCount: 3 });
    expect(res.json.images).toHaveLength(2);
    const mug = res.json.products[0];
    expect(mug).toMatchObject({ title: 'Kiln Mug ok', urlId: 'ok-mug', editUrl: `/config/products/${mug.id}` });
    const product = (await admin.get(`/api/owner/products/${mug.id}`)).json.product;
    expect(product).toMatchObject({ status: 'published', visible: true, categories: ['Mugs'], tags: ['tableware', 'gifts'], variantOptionOrdering: ['Size', 'Glaze'] });
    expect(product.variants.map((v: any) => [v.sku, v.priceCents, v.salePriceCents, v.onSale, v.qtyInStock, v.weightGrams])).toEqual([
      ['ok-S-W', 2450, 0, false, 5, 300],
      ['ok-L-B', 2800, 2100, true, 2, 350],
    ]);
    expect(JSON.stringify(product.description)).not.toContain('alert');
    const search = await worker.fetch('/api/search/suggest?q=Kiln');
    expect(((await search.json()) as any).suggestions.map((s: any) => s.title)).toContain('Kiln Mug ok');
  });

  it('stores nothing when any row is bad, wherever it is', async () => {
    const before = await stored();
    const csv = `${shopifyFile('bad')}\r\nbad-last,Last,,,,,TRUE,,,,,bad-LAST,,shopify,1,twelve,,,,active`;
    const res = await commit(admin, csv);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_import');
    expect(res.json.errors).toEqual([{ line: 7, column: 'Variant Price', message: 'Enter the price as a number in the store\u2019s format, like 12.50.' }]);
    expect(await stored()).toEqual(before);
  });

  it('refuses repeated skus in the file and skus of other products, naming lines; nothing stored', async () => {
    const before = await stored();
    const dup = await commit(admin, 'Handle,Title,Variant SKU,Variant Price\na,A,DUP-1,1.00\nb,B,dup-1,2.00\n');
    expect(dup.json.errors).toEqual([{ line: 3, column: 'Variant SKU', message: 'The SKU dup-1 is also used on line 2.' }]);
    const taken = await commit(admin, 'Handle,Title,Variant SKU,Variant Price\na,A,FRESH-1,1.00\nb,B,ok-T,2.00\n');
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual([{ line: 3, message: 'The SKU ok-T is already used by Canvas Tote ok.' }]);
    expect(await stored()).toEqual(before);
  });

  it('keeps the 200-products-per-store limit for the whole file', async () => {
    const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Full Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
    const full = store.json.collection.id;
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => `f${from + i},Full ${from + i},FULL-${from + i},1.00`).join('\n');
    expect((await commit(admin, `Handle,Title,Variant SKU,Variant Price\n${rows(0, 195)}`, full)).status).toBe(201);
    const before = await stored();
    const over = await commit(admin, `Handle,Title,Variant SKU,Variant Price\n${rows(195, 10)}`, full);
    expect(over.status).toBe(409);
    expect(over.json.errors).toEqual([{ line: 7, message: 'A store has at most 200 products. This store holds 195; the file adds 10.' }]);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it('with overflow, puts the products past a store\'s 200 in new stores named after it, in the same all-or-nothing batch', async () => {
    const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Spill Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'Everything' });
    const spill = store.json.collection.id;
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => `s${from + i},Spill ${from + i},SPILL-${from + i},1.00,active`).join('\n');
    expect((await commit(admin, `Handle,Title,Variant SKU,Variant Price,Status\n${rows(0, 150)}`, spill)).status).toBe(201);
    const csv = `Handle,Title,Variant SKU,Variant Price,Status\n${rows(150, 300)}`;

    // The preview shows where the products would go; without overflow the limit is a problem, with it none.
    const plain = await preview(admin, csv, { collectionId: spill });
    expect(plain.json.errors).toEqual([{ line: 52, message: 'A store has at most 200 products. This store holds 150; the file adds 300.' }]);
    expect(plain.json.placement).toEqual([{ store: 'Spill Shop', products: 300, new: false }]);
    const spread = await preview(admin, csv, { collectionId: spill, overflow: true });
    expect(spread.json.errorCount).toBe(0);
    expect(spread.json.placement).toEqual([
      { store: 'Spill Shop', products: 50, new: false },
      { store: 'Spill Shop 2', products: 200, new: true },
      { store: 'Spill Shop 3', products: 50, new: true },
    ]);

    // A sku clash anywhere in the file stores nothing, not even the new stores.
    const before = { ...(await stored()), collections: await countRows(worker, 'collections'), categories: await countRows(worker, 'categories') };
    const clash = await commit(admin, `${csv}\nclash,Clash,SPILL-3,1.00,active`, spill, worker, { overflow: true });
    expect(clash.status).toBe(409);
    expect({ ...(await stored()), collections: await countRows(worker, 'collections'), categories: await countRows(worker, 'categories') }).toEqual(before);

    const ok = await commit(admin, csv, spill, worker, { overflow: true });
    expect(ok.status).toBe(201);
    expect(ok.json.stores).toEqual([{ store: 'Spill Shop', products: 50 }, { store: 'Spill Shop 2', products: 200 }, { store: 'Spill Shop 3', products: 50 }]);
    const made = ok.json.products as { title: string; fullUrl: string }[];
    expect(made.find((p) => p.title === 'Spill 199')!.fullUrl).toBe('/spill-shop/s199');
    expect(made.find((p) => p.title === 'Spill 200')!.fullUrl).toBe('/spill-shop-2/s200');
    expect(made.find((p) => p.title === 'Spill 449')!.fullUrl).toBe('/spill-shop-3/s449');
    // The new stores are real stores: their root category takes the chosen store's name, and their product pages render.
    const roots = await worker.db.prepare(
      "SELECT c.title, g.display_name AS root FROM collections c JOIN categories g ON g.collection_id = c.id AND g.type = 'root' WHERE c.title LIKE 'Spill Shop%' ORDER BY c.display_index",
    ).all<{ title: string; root: string }>();
    expect(roots.results).toEqual([{ title: 'Spill Shop', root: 'Everything' }, { title: 'Spill Shop 2', root: 'Everything' }, { title: 'Spill Shop 3', root: 'Everything' }]);
    const page = await worker.fetch('/spill-shop-3/s449');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Spill 449');
  }, 120_000);
});

describe('GET /api/owner/products/export.csv and the round trip', () => {
  it('exports in both layouts as an attachment with the formula guard; imported into an empty store the products are the same', async () => {
    const made = await admin.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: 'service', title: '=HYPERLINK("http://evil.test")', status: 'published', categories: ['Lessons', 'Clay'], tags: ['-new'],
      description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Two ' }, { type: 'text', text: 'hours', marks: [{ type: 'bold' }] }] }, { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'clay' }] }] }] }] },
      variantOptionOrdering: ['Day'], variants: [{ sku: 'RT-SAT', price: '45.00', salePrice: '40.00', onSale: true, attributes: { Day: 'Saturday' }, qtyInStock: 8 }, { sku: 'RT-SUN', price: 4500, attributes: { Day: 'Sunday' }, unlimited: true }],
    });
    expect(made.status).toBe(201);
    const res = await worker.fetch(`/api/owner/products/export.csv?layout=atelier&collectionId=${storeId}`, { headers: { Cookie: admin.signed!.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="products-atelier-/);
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    const shopify = await worker.fetch(`/api/owner/products/export.csv?layout=shopify&collectionId=${storeId}`, { headers: { Cookie: admin.signed!.cookie } });
    const shopifyRows = Papa.parse<string[]>((await shopify.text()).replace(/^\uFEFF/, '')).data;
    expect(shopifyRows[0]!.slice(0, 3)).toEqual(['Handle', 'Title', 'Body (HTML)']);
    expect(shopifyRows.find((r) => r[13] === 'ok-L-B')!.slice(19, 21)).toEqual(['21.00', '28.00']);

    // A second, empty site: its store receives the file.
    const other = await startWorker();
    try {
      const s = await catalogSessions(other, 'csv2');
      const store2 = (await s.admin.send('POST', `/api/content-service/product/1.1/websites/${s.siteId}/products`, { storeTitle: 'Copy Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' })).json.collection.id;
      const mapping = await other.fetch('/api/owner/products/import/preview', { method: 'POST', headers: { 'Content-Type': 'text/csv', Cookie: s.admin.signed!.cookie, 'X-CSRF-Token': s.admin.signed!.xsrfToken }, body: csv });
      const pv = (await mapping.json()) as any;
      expect(pv.layout).toBe('atelier');
      expect(pv.errors).toEqual([]);
      const imported = await s.admin.send('POST', '/api/owner/products/import', { csv, mapping: pv.columns.map((c: any) => c.field), collectionId: store2 });
      expect(imported.status).toBe(201);
      const list = async (who: OwnerSession, collectionId: string) => {
        const rows = (await who.get(`/api/owner/products?collectionId=${collectionId}&limit=200`)).json.products as { id: string }[];
        const full = await Promise.all(rows.map(async (r) => (await who.get(`/api/owner/products/${r.id}`)).json.product));
        return full
          // The publish time is when each copy was published (the CSV carries the status, not the time).
          .map(({ id: _i, collectionId: _c, fullUrl: _f, version: _v, publishOn: _p, variants, ...p }) => ({ ...p, variants: variants.map(({ id: _id, held: _h, ...v }: any) => v) }))
          .sort((a, b) => a.urlId.localeCompare(b.urlId));
      };
      const original = await list(admin, storeId);
      const copy = await list(s.admin, store2);
      expect(copy).toHaveLength(original.length);
      expect(copy).toEqual(original);
    } finally {
      await other.dispose();
    }
  }, 90_000);

  it('is for the catalog permission only', async () => {
    expect((await editor.get('/api/owner/products/export.csv')).status).toBe(403);
  });
});

describe('a file of 10,000 rows', () => {
  it('imports 200 products of 50 variants in one go; one row more is refused at its line, nothing stored', async () => {
    const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Big Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
    const big = store.json.collection.id;
    const lines = ['Handle;Title;Option1 Name;Option1 Value;Variant SKU;Variant Price;Variant Inventory Qty'];
    for (let p = 0; p < 200; p++) for (let v = 0; v < 50; v++) lines.push(`big-${p};${v === 0 ? `Big ${p}` : ''};${v === 0 ? 'Size' : ''};${v};BIG-${p}-${v};${v}.50;1`);
    const before = await stored();
    const over = await commit(admin, `${lines.join('\n')}\nbig-x;X;Size;1;BIG-X;1.00;1\n`, big);
    expect(over.status).toBe(400);
    expect(over.json.errors).toEqual([{ line: 10_002, message: 'A CSV import holds at most 10,000 rows; split the file.' }]);
    expect(await stored()).toEqual(before);
    const ok = await commit(admin, lines.join('\n'), big);
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ productCount: 200, variantCount: 10_000 });
    expect(await countRows(worker, 'variants', 'sku LIKE ?', 'BIG-%')).toBe(10_000);
  }, 120_000);
});

describe('imports at the same time', () => {
  it('two files of 150 products into one store: exactly one is stored whole, the other not at all', async () => {
    const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Race Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
    const race = store.json.collection.id;
    const file = (tag: string) => `Handle,Title,Variant SKU,Variant Price\n${Array.from({ length: 150 }, (_, i) => `${tag}-${i},Race ${tag} ${i},RACE-${tag}-${i},1.00`).join('\n')}`;
    const mapping = ['handle', 'title', 'sku', 'price'];
    const send = (tag: string, who: OwnerSession) => who.send('POST', '/api/owner/products/import', { csv: file(tag), mapping, collectionId: race });
    const answers = await Promise.all([send('a', admin), send('b', manager)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.json.error).toBe('import_conflict');
    expect(await countRows(worker, 'items', 'collection_id = ?', race)).toBe(150);
    const won = answers.find((a) => a.status === 201)!.json.products[0].title as string;
    const tag = won.split(' ')[1]!;
    expect(await countRows(worker, 'variants', 'sku LIKE ?', `RACE-${tag}-%`)).toBe(150);
    expect(await countRows(worker, 'variants', 'sku LIKE ?', `RACE-${tag === 'a' ? 'b' : 'a'}-%`)).toBe(0);
  }, 60_000);
});
