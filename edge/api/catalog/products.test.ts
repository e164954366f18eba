import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { addOne, placeOrder } from '../commerce/test-checkout.js';
import { catalogSessions, countRows } from './test-catalog-owner.js';

/** The owner's product saves over HTTP: every type, prices and their limits, skus, slugs, versions, carts. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let siteId: string;
let storeId: string;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, manager, editor, siteId } = await catalogSessions(worker, 'products'));
  const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Studio Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
  storeId = store.json.collection.id;
}, 60_000);
afterAll(() => worker?.dispose());

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const mug = (over: Record<string, unknown> = {}) => ({
  collectionId: storeId,
  productType: 'physical',
  title: 'Ash Glaze Mug',
  description: doc('Thrown by hand <b>today</b>.'),
  status: 'published',
  categories: ['Mugs'],
  tags: ['tableware'],
  variantOptionOrdering: ['Size', 'Glaze'],
  variants: [
    { sku: 'ASH-S-W', price: '24.50', attributes: { Size: 'Small', Glaze: 'White' }, qtyInStock: 5, weightGrams: 300 },
    { sku: 'ASH-S-B', price: 2450, attributes: { Size: 'Small', Glaze: 'Blue' }, qtyInStock: 0 },
    { sku: 'ASH-L-W', price: '28', salePrice: '21.00', onSale: true, attributes: { Size: 'Large', Glaze: 'White' }, qtyInStock: 3 },
    { sku: 'ASH-L-B', price: '28.00', attributes: { Size: 'Large', Glaze: 'Blue' }, unlimited: true },
  ],
  ...over,
});

async function put(who: OwnerSession, id: string, version: number | null, body: unknown) {
  const res = await worker.fetch(`/api/owner/products/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken, ...(version === null ? {} : { 'If-Match': `"${version}"` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any, etag: res.headers.get('ETag') };
}

/** The editable body of a saved product (what the editor sends back). */
const editable = (p: any) => ({
  title: p.title, description: p.description, status: p.status, visible: p.visible, categories: p.categories, tags: p.tags, variantOptionOrdering: p.variantOptionOrdering,
  variants: p.variants.map((v: any) => ({ id: v.id, sku: v.sku, price: v.priceCents, salePrice: v.salePriceCents, onSale: v.onSale, attributes: v.attributes, unlimited: v.unlimited, weightGrams: v.weightGrams })),
});

describe('POST /api/owner/products', () => {
  it('creates a physical product with options and variants; prices as minor units or decimal strings', async () => {
    const res = await admin.send('POST', '/api/owner/products', mug());
    expect(res.status).toBe(201);
    const p = res.json.product;
    expect(p).toMatchObject({ productType: 1, title: 'Ash Glaze Mug', urlId: 'ash-glaze-mug', fullUrl: '/studio-shop/ash-glaze-mug', status: 'published', version: 1, currency: 'USD', categories: ['Mugs'] });
    expect(p.variants.map((v: any) => [v.sku, v.priceCents, v.salePriceCents, v.onSale, v.qtyInStock, v.unlimited])).toEqual([
      ['ASH-S-W', 2450, 0, false, 5, false],
      ['ASH-S-B', 2450, 0, false, 0, false],
      ['ASH-L-W', 2800, 2100, true, 3, false],
      ['ASH-L-B', 2800, 0, false, 0, true],
    ]);
    expect(p.description).toEqual(doc('Thrown by hand <b>today</b>.'));
    // Starting stock is in the history.
    expect(await countRows(worker, 'stock_history', "kind = 'product-save' AND variant_id IN (SELECT id FROM variants WHERE product_id = ?)", p.id)).toBe(2);
    // The product page renders it, its description escaped, and its JSON carries the prices.
    const page = await worker.fetch(p.fullUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Ash Glaze Mug');
    expect(html).toContain('Thrown by hand &lt;b&gt;today&lt;/b&gt;.');
    const json = (await (await worker.fetch(`${p.fullUrl}?format=json`)).json()) as any;
    expect(json.item.structuredContent.variants.map((v: any) => v.priceMoney.value)).toEqual(['24.50', '24.50', '28.00', '28.00']);
    // Shoppers can buy it at that price.
    const shopper = new TestVisitor(worker, '203.0.113.40');
    await shopper.send('GET', '/api/commerce/shopping-cart');
    const add = await shopper.send('POST', '/api/commerce/shopping-cart/entries', { itemId: p.id, sku: 'ASH-L-W', quantity: 1, additionalFields: null });
    expect(add.status).toBe(200);
    expect(add.json.newlyAdded.purchasePriceCents).toBe(2100);
  });

  it('creates digital, service and gift-card products (digital and gift cards never count stock)', async () => {
    const digital = await admin.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: 'digital', title: 'Glaze Guide PDF', status: 'published', variants: [{ sku: 'GUIDE-PDF', price: '12.00', qtyInStock: 9 }],
    });
    expect(digital.status).toBe(201);
    expect(digital.json.product.productType).toBe(2);
    expect(digital.json.product.variants[0]).toMatchObject({ unlimited: true, qtyInStock: 0, priceCents: 1200 });
    const row = await worker.db.prepare('SELECT price_cents FROM products WHERE item_id = ?').bind(digital.json.product.id).first<{ price_cents: number }>();
    expect(row!.price_cents).toBe(1200);
    const service = await manager.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: 'service', title: 'Wheel Lesson', variants: [{ sku: 'LESSON-1', price: 6500, qtyInStock: 4 }],
    });
    expect(service.json.product).toMatchObject({ productType: 3, status: 'draft' });
    const card = await admin.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: 'giftCard', title: 'Studio Gift Card', variantOptionOrdering: ['Amount'],
      variants: [{ sku: 'GC-25', price: '25', attributes: { Amount: '$25' } }, { sku: 'GC-50', price: '50', attributes: { Amount: '$50' } }],
    });
    expect(card.json.product.productType).toBe(4);
    expect(card.json.product.variants.every((v: any) => v.unlimited)).toBe(true);
    const cardSale = await admin.send('POST', '/api/owner/products', { collectionId: storeId, productType: 'giftCard', title: 'Sale Card', variants: [{ sku: 'GC-SALE', price: 5000, salePrice: 4000, onSale: true }] });
    expect(cardSale.json.fields['variants.0.onSale']).toBe('A gift card is never on sale.');
    const twoDigital = await admin.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: 'digital', title: 'Two files', variantOptionOrdering: ['F'], variants: [{ sku: 'D1', price: 1, attributes: { F: 'a' } }, { sku: 'D2', price: 1, attributes: { F: 'b' } }],
    });
    expect(twoDigital.json.fields.variants).toBe('A digital product has exactly one variant.');
  });

  it('gives a taken slug in the same store the next free numeric suffix', async () => {
    const base = { collectionId: storeId, productType: 'physical', title: 'Bud Vase', variants: [{ sku: 'VASE-A', price: 1000 }] };
    const one = await admin.send('POST', '/api/owner/products', base);
    const two = await admin.send('POST', '/api/owner/products', { ...base, variants: [{ sku: 'VASE-B', price: 1000 }] });
    const typed = await admin.send('POST', '/api/owner/products', { ...base, slug: 'Bud Vase', variants: [{ sku: 'VASE-C', price: 1000 }] });
    expect([one.json.product.urlId, two.json.product.urlId, typed.json.product.urlId]).toEqual(['bud-vase', 'bud-vase-2', 'bud-vase-3']);
  });

  it.each([
    [{ price: -1 }, 'variants.0.price', 'Enter a price of 0 or more.'],
    [{ price: '-1.00' }, 'variants.0.price', 'Enter a price of 0 or more.'],
    [{ price: '12.345' }, 'variants.0.price', 'USD prices have at most 2 decimal places.'],
    [{ price: '1234567890123456' }, 'variants.0.price', 'Enter a price with at most 15 digits before the decimal point.'],
    [{ price: '999999999999999.99' }, 'variants.0.price', 'This price is too large to store.'],
    [{ price: '12,50' }, 'variants.0.price', 'Enter the price as a number in the store\u2019s format, like 12.50.'],
    [{ price: 'twelve' }, 'variants.0.price', 'Enter the price as a number in the store\u2019s format, like 12.50.'],
    [{ price: 12.5 }, 'variants.0.price', 'A price in minor units must be a whole number.'],
    [{ price: 1000, salePrice: 1200, onSale: true }, 'variants.0.salePrice', 'A sale price is below the price.'],
    [{ price: 1000, onSale: true }, 'variants.0.salePrice', 'Enter the sale price.'],
    [{ price: 1000, qtyInStock: -2 }, 'variants.0.qtyInStock', 'Stock cannot go below 0.'],
  ])('refuses the variant %j with a field error', async (variant, field, message) => {
    const before = await countRows(worker, 'items');
    const res = await admin.send('POST', '/api/owner/products', { collectionId: storeId, productType: 'physical', title: 'Bad', variants: [{ sku: 'BAD-1', ...variant }] });
    expect(res.status).toBe(400);
    expect(res.json.fields[field]).toBe(message);
    expect(await countRows(worker, 'items')).toBe(before);
  });

  it('refuses a sku another product of the store uses, naming that product, and a sku repeated in the body', async () => {
    const clash = await admin.send('POST', '/api/owner/products', { collectionId: storeId, productType: 'physical', title: 'Copy', variants: [{ sku: 'NEW-1', price: 1 }, { sku: 'FK-MUG-08-OAT', price: 1 }], variantOptionOrdering: ['x'] });
    // The option rule is checked with the other body rules first.
    expect(clash.status).toBe(400);
    const taken = await admin.send('POST', '/api/owner/products', { collectionId: storeId, productType: 'physical', title: 'Copy', variants: [{ sku: 'FK-MUG-08-OAT', price: 1 }] });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ error: 'sku_taken', message: 'The SKU FK-MUG-08-OAT is already used by Speckled Stoneware Mug.', clash: { sku: 'FK-MUG-08-OAT', title: 'Speckled Stoneware Mug' } });
    expect(taken.json.fields['variants.0.sku']).toBe(taken.json.message);
    const twice = await admin.send('POST', '/api/owner/products', {
      collectionId: storeId, productType: 'physical', title: 'Twice', variantOptionOrdering: ['Size'],
      variants: [{ sku: 'TW-1', price: 1, attributes: { Size: 'S' } }, { sku: 'tw-1', price: 1, attributes: { Size: 'M' } }],
    });
    expect(twice.json.fields['variants.1.sku']).toBe('The SKU tw-1 is used by more than one variant here.');
  });

  it('validates text lengths (SPEC §9), rich text and option values', async () => {
    const post = (over: Record<string, unknown>) => admin.send('POST', '/api/owner/products', { collectionId: storeId, productType: 'physical', title: 'T', variants: [{ sku: 'VAL-1', price: 1 }], ...over });
    expect((await post({ tags: ['x'.repeat(51)] })).json.fields['tags.0']).toBe('A tag is at most 50 characters.');
    expect((await post({ categories: ['x'.repeat(26)] })).json.fields['categories.0']).toBe('A category name is at most 25 characters.');
    expect((await post({ description: { type: 'paragraph' } })).status).toBe(400);
    let deep: any = { type: 'paragraph', content: [{ type: 'text', text: 'x' }] };
    for (let i = 0; i < 13; i++) deep = { type: 'blockquote', content: [deep] };
    expect((await post({ description: { type: 'doc', content: [deep] } })).json.message).toBe('Rich text nests at most 12 levels deep.');
    expect((await post({ variantOptionOrdering: ['Size'], variants: [{ sku: 'VAL-1', price: 1, attributes: { Colour: 'Red' } }] })).json.fields['variants.0.attributes']).toBeDefined();
    expect((await post({ collectionId: 'nope' })).status).toBe(404);
    expect((await post({ productType: 'paywall' })).status).toBe(400);
  });

  it('is for admins and store managers: an editor may not create or change products', async () => {
    const before = await countRows(worker, 'items');
    expect((await editor.send('POST', '/api/owner/products', mug({ title: 'Editor Mug', variants: [{ sku: 'ED-1', price: 1 }] }))).status).toBe(403);
    expect((await editor.get('/api/owner/products')).status).toBe(403);
    expect((await admin.send('POST', '/api/owner/products', mug({ variants: [{ sku: 'CR-1', price: 1 }] }), null)).status).toBe(401);
    expect(await countRows(worker, 'items')).toBe(before);
  });
});

describe('PUT /api/owner/products/{id} (If-Match)', () => {
  let id: string;
  beforeAll(async () => {
    const res = await admin.send('POST', '/api/owner/products', mug({ title: 'Versioned Jug', variantOptionOrdering: [], variants: [{ sku: 'JUG-1', price: '40.00', qtyInStock: 10 }] }));
    id = res.json.product.id;
  });

  it('saves a new version, answering its ETag; a stale save is 412 with the current version and changes nothing', async () => {
    const p = (await admin.get(`/api/owner/products/${id}`)).json.product;
    const saved = await put(manager, id, 1, { ...editable(p), title: 'Versioned Jug II', tags: ['new'] });
    expect(saved.status).toBe(200);
    expect(saved.etag).toBe('"2"');
    expect(saved.json.product).toMatchObject({ title: 'Versioned Jug II', version: 2, urlId: 'versioned-jug-ii', tags: ['new'] });
    const stale = await put(admin, id, 1, { ...editable(p), title: 'Lost Update' });
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: 2 } });
    expect((await admin.get(`/api/owner/products/${id}`)).json.product.title).toBe('Versioned Jug II');
    expect((await put(admin, id, null, editable(p))).status).toBe(428);
    expect((await put(editor, id, 2, editable(p))).status).toBe(403);
  });

  it('lets exactly one of 20 concurrent saves of the same version through', async () => {
    const p = (await admin.get(`/api/owner/products/${id}`)).json.product;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => put(admin, id, p.version, { ...editable(p), title: `Racer ${i}` })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(19);
    const now = (await admin.get(`/api/owner/products/${id}`)).json.product;
    expect(now.version).toBe(p.version + 1);
    expect(now.title).toBe(won[0]!.json.product.title);
  });

  it('changes prices for new cart adds at once; an existing cart line keeps its price and its hold', async () => {
    const early = new TestVisitor(worker, '203.0.113.41');
    await early.send('GET', '/api/commerce/shopping-cart');
    const first = await early.send('POST', '/api/commerce/shopping-cart/entries', { itemId: id, sku: 'JUG-1', quantity: 2, additionalFields: null });
    expect(first.json.newlyAdded.purchasePriceCents).toBe(4000);
    const holdBefore = await worker.db.prepare('SELECT quantity, expires_on FROM stock_holds WHERE cart_id = ?').bind(first.json.shoppingCart.id).first();
    const p = (await admin.get(`/api/owner/products/${id}`)).json.product;
    const body = editable(p);
    body.variants[0].price = '45.00';
    expect((await put(admin, id, p.version, body)).status).toBe(200);
    const late = new TestVisitor(worker, '203.0.113.42');
    await late.send('GET', '/api/commerce/shopping-cart');
    expect((await late.send('POST', '/api/commerce/shopping-cart/entries', { itemId: id, sku: 'JUG-1', quantity: 1, additionalFields: null })).json.newlyAdded.purchasePriceCents).toBe(4500);
    const cart = await early.send('GET', '/api/commerce/shopping-cart');
    expect(cart.json.shoppingCart.entries[0].purchasePriceCents).toBe(4000);
    expect(cart.json.shoppingCart.subtotalCents).toBe(8000);
    expect(await worker.db.prepare('SELECT quantity, expires_on FROM stock_holds WHERE cart_id = ?').bind(first.json.shoppingCart.id).first()).toEqual(holdBefore);
    // A save never touches the stock count: sales and the stock calls own it.
    expect((await admin.get(`/api/owner/products/${id}`)).json.product.variants[0]).toMatchObject({ qtyInStock: 10, held: 3 });
  });

  it('never changes an order placed before a price or stock change', async () => {
    const buyer = new TestVisitor(worker, '203.0.113.43');
    await buyer.send('GET', '/api/commerce/shopping-cart');
    expect((await addOne(buyer, id, 'JUG-1')).status).toBe(200);
    const placed = await placeOrder(buyer);
    expect(placed.status).toBe(201);
    const orderLines = () => worker.db.prepare('SELECT l.unit_price_cents AS unit, o.grand_total_cents AS total FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.item_id = ?').bind(id).all();
    const before = (await orderLines()).results;
    expect(before).toEqual([expect.objectContaining({ unit: 4500 })]);
    const p = (await admin.get(`/api/owner/products/${id}`)).json.product;
    const body = editable(p);
    body.variants[0].price = '50.00';
    expect((await put(admin, id, p.version, body)).status).toBe(200);
    const v = (await admin.get(`/api/owner/products/${id}`)).json.product.variants[0];
    expect((await admin.send('POST', `/api/owner/products/${id}/variants/${v.id}/stock`, { delta: 5 })).status).toBe(200);
    expect((await orderLines()).results).toEqual(before);
  });

  it('refuses to delete a variant an open cart has (409), and deletes one no cart has', async () => {
    const p = (await admin.get(`/api/owner/products/${id}`)).json.product;
    const withNew = editable(p);
    withNew.variantOptionOrdering = ['Size'];
    withNew.variants[0].attributes = { Size: 'Tall' };
    withNew.variants.push({ sku: 'JUG-2', price: 3000, attributes: { Size: 'Short' } } as never);
    const added = await put(admin, id, p.version, withNew);
    expect(added.status).toBe(200);
    expect(added.json.product.variants.map((v: any) => v.sku)).toEqual(['JUG-1', 'JUG-2']);
    const dropFirst = { ...editable(added.json.product), variants: editable(added.json.product).variants.slice(1) };
    const refused = await put(admin, id, added.json.product.version, dropFirst);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'variant_in_carts', message: 'The variant JUG-1 is in shoppers\u2019 carts; hide the product instead of deleting the variant.' });
    const after = (await admin.get(`/api/owner/products/${id}`)).json.product;
    expect(after.version).toBe(added.json.product.version);
    expect(after.variants).toHaveLength(2);
    const dropSecond = { ...editable(after), variants: editable(after).variants.slice(0, 1) };
    const ok = await put(admin, id, after.version, dropSecond);
    expect(ok.status).toBe(200);
    expect(ok.json.product.variants.map((v: any) => v.sku)).toEqual(['JUG-1']);
  });

  it('swaps skus between two variants of one product, and refuses another product\u2019s sku', async () => {
    const created = await admin.send('POST', '/api/owner/products', mug({ title: 'Swap Bowl', variantOptionOrdering: ['Size'], variants: [{ sku: 'SW-A', price: 1, attributes: { Size: 'A' } }, { sku: 'SW-B', price: 1, attributes: { Size: 'B' } }] }));
    const p = created.json.product;
    const body = editable(p);
    [body.variants[0].sku, body.variants[1].sku] = ['SW-B', 'SW-A'];
    const swapped = await put(admin, p.id, 1, body);
    expect(swapped.status).toBe(200);
    expect(swapped.json.product.variants.map((v: any) => v.sku)).toEqual(['SW-B', 'SW-A']);
    const stolen = editable(swapped.json.product);
    stolen.variants[0].sku = 'JUG-1';
    const res = await put(admin, p.id, 2, stolen);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/^The SKU JUG-1 is already used by Racer \d+\.$/);
  });
});

describe('the demo shop\u2019s seeded products', () => {
  it('open in the editor and save like new ones', async () => {
    const id = (await worker.db.prepare("SELECT id FROM items WHERE url_id = 'speckled-stoneware-mug'").first<{ id: string }>())!.id;
    const p = (await admin.get(`/api/owner/products/${id}`)).json.product;
    expect(p).toMatchObject({ version: 1, productType: 1, variantOptionOrdering: ['Size', 'Glaze'], description: { type: 'doc', content: [] } });
    const body = editable(p);
    body.variants[0].price = '37.00';
    const saved = await put(manager, id, 1, { ...body, description: doc('New words.') });
    expect(saved.status).toBe(200);
    expect(saved.json.product.variants[0]).toMatchObject({ sku: 'FK-MUG-08-OAT', priceCents: 3700 });
    const json = (await (await worker.fetch(`${p.fullUrl}?format=json`)).json()) as any;
    expect(json.item.structuredContent.variants[0].priceMoney.value).toBe('37.00');
    expect(json.item.body).toBe('<p>New words.</p>');
  });
});

describe('SPEC §9: at most 200 products in a store', () => {
  it('refuses the 201st with a clear error', async () => {
    const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Full Store', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
    const full = store.json.collection.id;
    const insert = worker.db.prepare(
      `INSERT INTO items (id, website_id, collection_id, record_type, url_id, full_url, title, added_on, updated_on) VALUES (?, ?, ?, 11, ?, ?, 'Filler', 0, 0)`,
    );
    await worker.db.batch(Array.from({ length: 200 }, (_, i) => insert.bind(`fill-${i}`, siteId, full, `fill-${i}`, `/full-store/fill-${i}`)));
    const res = await admin.send('POST', '/api/owner/products', { collectionId: full, productType: 'physical', title: 'One Too Many', variants: [{ sku: 'FULL-1', price: 1 }] });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'too_many_products', message: 'A store has at most 200 products.' });
    expect(await countRows(worker, 'variants', "sku = 'FULL-1'")).toBe(0);
  });
});
