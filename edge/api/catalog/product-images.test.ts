import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { catalogSessions } from './test-catalog-owner.js';

/** Product images over HTTP: the body's `images` and a variant's `imageAssetId`, stored and shown by the storefront. */
let worker: RunningWorker;
let admin: OwnerSession;
let siteId: string;
let storeId: string;
const asset = { a: 'img-editor-a', b: 'img-editor-b', c: 'img-editor-c', pdf: 'file-editor-pdf' };

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, siteId } = await catalogSessions(worker, 'product-images'));
  const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Image Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
  storeId = store.json.collection.id;
  for (const [name, id] of Object.entries(asset)) {
    const kind = name === 'pdf' ? 'file' : 'image';
    await worker.db
      .prepare("INSERT INTO assets (id, website_id, kind, r2_key, filename, content_type, byte_size, original_size, alt_text, title, created_on) VALUES (?, ?, ?, ?, ?, ?, 10, '800x600', 'Asset alt', NULL, 1)")
      .bind(id, siteId, kind, `uploads/${id}.${kind === 'image' ? 'jpg' : 'pdf'}`, `${id}.jpg`, kind === 'image' ? 'image/jpeg' : 'application/pdf')
      .run();
  }
}, 60_000);
afterAll(() => worker?.dispose());

const vase = (over: Record<string, unknown> = {}) => ({
  collectionId: storeId,
  productType: 'physical',
  title: 'Bud Vase',
  status: 'published',
  variantOptionOrdering: ['Glaze'],
  variants: [
    { sku: 'VASE-W', price: '30.00', attributes: { Glaze: 'White' }, qtyInStock: 4, imageAssetId: asset.b },
    { sku: 'VASE-B', price: '32.00', attributes: { Glaze: 'Blue' }, qtyInStock: 4 },
  ],
  images: [
    { assetId: asset.b, altText: 'A white bud vase on oak' },
    { assetId: asset.a, altText: '' },
  ],
  ...over,
});

async function put(id: string, version: number, body: unknown) {
  const res = await worker.fetch(`/api/owner/products/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: admin.signed!.cookie, 'X-CSRF-Token': admin.signed!.xsrfToken, 'If-Match': `"${version}"` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('product images', () => {
  let id = '';
  let fullUrl = '';

  it('stores the images in order with their alt text, the first as the main image, and a variant image', async () => {
    const res = await admin.send('POST', '/api/owner/products', vase());
    expect(res.status).toBe(201);
    const p = res.json.product;
    id = p.id;
    fullUrl = p.fullUrl;
    expect(p.images.map((i: any) => [i.assetId, i.altText, i.url])).toEqual([
      [asset.b, 'A white bud vase on oak', `/assets/uploads/${asset.b}.jpg`],
      [asset.a, '', `/assets/uploads/${asset.a}.jpg`],
    ]);
    expect(p.variants.map((v: any) => v.imageAssetId)).toEqual([asset.b, null]);
    const row = await worker.db.prepare('SELECT main_image_id AS main FROM items WHERE id = ?').bind(id).first<{ main: string }>();
    expect(row!.main).toBe(asset.b);
  });

  it('shows the main image with the product’s alt text on the product page, its JSON and the store listing', async () => {
    const html = await (await worker.fetch(fullUrl)).text();
    expect(html).toMatch(new RegExp(`<div class="product-gallery-main"><img src="/assets/uploads/${asset.b}\\.jpg\\?format=1500w"[^>]*alt="A white bud vase on oak"`));
    // The second image has no alt text of its own: the asset's shows.
    expect(html).toMatch(new RegExp(`<img src="/assets/uploads/${asset.a}\\.jpg\\?format=300w" alt="Asset alt"`));
    const json = (await (await worker.fetch(`${fullUrl}?format=json`)).json()) as any;
    expect(json.item.mainImage).toMatchObject({ id: asset.b, altText: 'A white bud vase on oak' });
    expect(json.item.items.map((i: any) => i.id)).toEqual([asset.b, asset.a]);
    expect(json.item.structuredContent.variants[0].mainImage).toMatchObject({ id: asset.b });
    const listing = await (await worker.fetch('/image-shop')).text();
    expect(listing).toMatch(new RegExp(`<img src="/assets/uploads/${asset.b}\\.jpg\\?format=750w"[^>]*alt="A white bud vase on oak"`));
  });

  it('keeps a new order on save: the new first image becomes the main image', async () => {
    const current = (await worker.fetch(`/api/owner/products/${id}`, { headers: { Cookie: admin.signed!.cookie } }).then((r) => r.json())) as any;
    const { collectionId: _c, productType: _t, ...body } = vase({
      images: [{ assetId: asset.c, altText: 'Blue glaze close up' }, { assetId: asset.a, altText: 'Side view' }, { assetId: asset.b, altText: 'Oak' }],
    });
    const variants = current.product.variants.map((v: any, i: number) => ({ ...(body.variants as any[])[i], id: v.id, imageAssetId: i === 1 ? asset.c : asset.b }));
    const res = await put(id, current.product.version, { ...body, variants });
    expect(res.status).toBe(200);
    expect(res.json.product.images.map((i: any) => [i.assetId, i.altText])).toEqual([
      [asset.c, 'Blue glaze close up'],
      [asset.a, 'Side view'],
      [asset.b, 'Oak'],
    ]);
    expect(res.json.product.variants.map((v: any) => v.imageAssetId)).toEqual([asset.b, asset.c]);
    const html = await (await worker.fetch(fullUrl)).text();
    expect(html).toMatch(new RegExp(`<div class="product-gallery-main"><img src="/assets/uploads/${asset.c}\\.jpg[^>]*alt="Blue glaze close up"`));
  });

  it('refuses an unknown asset, a file that is not an image and another site’s asset, by field', async () => {
    for (const assetId of ['no-such-asset', asset.pdf]) {
      const res = await admin.send('POST', '/api/owner/products', vase({ title: `Bad ${assetId}`, images: [{ assetId: asset.a, altText: '' }, { assetId, altText: '' }], variants: [{ sku: `BAD-${assetId}`, price: '1' }], variantOptionOrdering: [] }));
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ 'images.1.assetId': 'Choose an image from this site’s files.' });
    }
  });

  it('refuses a variant image that is not among the product’s images, a repeated image and alt text over 250 characters', async () => {
    const res = await admin.send('POST', '/api/owner/products', vase({ title: 'Stray', images: [{ assetId: asset.a, altText: '' }] }));
    expect(res.status).toBe(400);
    expect(res.json.fields['variants.0.imageAssetId']).toBe('Choose one of this product’s images.');
    const twice = await admin.send('POST', '/api/owner/products', vase({ title: 'Twice', images: [{ assetId: asset.b, altText: '' }, { assetId: asset.b, altText: '' }] }));
    expect(twice.status).toBe(400);
    expect(twice.json.fields['images.1.assetId']).toBe('This image is already in the product’s images.');
    const long = await admin.send('POST', '/api/owner/products', vase({ title: 'Long', images: [{ assetId: asset.b, altText: 'x'.repeat(251) }] }));
    expect(long.status).toBe(400);
    expect(long.json.fields['images.0.altText']).toBe('Alt text is at most 250 characters.');
    const many = await admin.send('POST', '/api/owner/products', vase({ title: 'Many', images: Array.from({ length: 51 }, (_, i) => ({ assetId: `x${i}`, altText: '' })) }));
    expect(many.status).toBe(400);
    expect(many.json.fields.images).toBe('A product has at most 50 images.');
  });

  it('a save without `images` (another client) keeps the images and the variants’ images', async () => {
    const current = (await worker.fetch(`/api/owner/products/${id}`, { headers: { Cookie: admin.signed!.cookie } }).then((r) => r.json())) as any;
    const variants = current.product.variants.map((v: any) => ({ id: v.id, sku: v.sku, price: v.priceCents, attributes: v.attributes }));
    const res = await put(id, current.product.version, { title: 'Bud Vase', status: 'published', variantOptionOrdering: ['Glaze'], variants });
    expect(res.status).toBe(200);
    expect(res.json.product.images.map((i: any) => i.assetId)).toEqual([asset.c, asset.a, asset.b]);
    expect(res.json.product.variants.map((v: any) => v.imageAssetId)).toEqual([asset.b, asset.c]);
  });

  it('removes every image: no main image left', async () => {
    const current = (await worker.fetch(`/api/owner/products/${id}`, { headers: { Cookie: admin.signed!.cookie } }).then((r) => r.json())) as any;
    const { collectionId: _c, productType: _t, ...body } = vase({ images: [] });
    const variants = current.product.variants.map((v: any, i: number) => ({ ...(body.variants as any[])[i], id: v.id, imageAssetId: null }));
    const res = await put(id, current.product.version, { ...body, variants });
    expect(res.status).toBe(200);
    expect(res.json.product.images).toEqual([]);
    const row = await worker.db.prepare('SELECT main_image_id AS main FROM items WHERE id = ?').bind(id).first<{ main: string | null }>();
    expect(row!.main).toBeNull();
  });

  it('suggests the store’s categories and the site’s tags', async () => {
    await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products/${storeId}/categories`, { displayName: 'Vases', parentCategoryId: (await rootOf()) });
    await admin.send('POST', '/api/owner/products', vase({ title: 'Tagged', categories: ['Planters'], tags: ['ceramics'], images: [], variants: [{ sku: 'TAG-1', price: '1' }], variantOptionOrdering: [] }));
    const res = await worker.fetch(`/api/owner/products/facets?collectionId=${storeId}`, { headers: { Cookie: admin.signed!.cookie } });
    expect(res.status).toBe(200);
    const json = (await res.json()) as any;
    expect(json.categories).toEqual(['Planters', 'Vases']);
    expect(json.tags).toContain('ceramics');
    expect(json.store).toEqual({ id: storeId, title: 'Image Shop', fullUrl: '/image-shop' });
  });
});

async function rootOf(): Promise<string> {
  const row = await worker.db.prepare("SELECT id FROM categories WHERE collection_id = ? AND type = 'root'").bind(storeId).first<{ id: string }>();
  return row!.id;
}
