import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPriceWording } from '../../../domain/commerce/subscription-wording.js';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { placeGiftOrder } from '../commerce/test-gift-cards.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { catalogSessions } from './test-catalog-owner.js';

/** The product's extra settings (issue 26) over HTTP: saved, read, refused, and what the storefront does with them. */
let worker: RunningWorker;
let admin: OwnerSession;
let editor: OwnerSession;
let siteId: string;
let storeId: string;
let storeUrl: string;
let formId: string;
let contactFormId: string;
const PDF = new URL('../../../fixtures/demo/files/glaze-guide.pdf', import.meta.url);

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, editor, siteId } = await catalogSessions(worker, 'extras'));
  const store = await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Extras Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' });
  storeId = store.json.collection.id;
  storeUrl = store.json.collection.fullUrl;
  const forms = await admin.get('/api/owner/product-extras/forms');
  formId = forms.json.forms.find((f: { name: string }) => f.name === 'Workshop details').id;
  contactFormId = (await worker.db.prepare("SELECT id FROM forms WHERE kind = 'contact' LIMIT 1").first<{ id: string }>())!.id;
}, 60_000);
afterAll(() => worker?.dispose());

let n = 0;
const product = (over: Record<string, unknown> = {}) => ({
  collectionId: storeId,
  productType: 'service',
  title: `Glaze Class ${++n}`,
  status: 'published',
  variants: [{ sku: `CLASS-${n}`, price: '65.00', qtyInStock: 3 }],
  ...over,
});

async function put(id: string, body: Record<string, unknown>) {
  const current = await admin.get(`/api/owner/products/${id}`);
  const p = current.json.product;
  const res = await worker.fetch(`/api/owner/products/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: admin.signed!.cookie, 'X-CSRF-Token': admin.signed!.xsrfToken, 'If-Match': `"${p.version}"` },
    body: JSON.stringify({
      title: p.title, status: p.status, variantOptionOrdering: p.variantOptionOrdering,
      variants: p.variants.map((v: any) => ({ id: v.id, sku: v.sku, price: v.priceCents, unlimited: v.unlimited })),
      ...body,
    }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const page = async (path: string) => {
  const res = await worker.fetch(path, { headers: { 'CF-Connecting-IP': '198.51.100.40' } });
  return { status: res.status, html: await res.text() };
};

async function upload(name: string, bytes: Uint8Array, who: OwnerSession = admin) {
  const res = await worker.fetch(`/api/owner/product-extras/digital-files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.byteLength), Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken },
    body: bytes as unknown as BodyInit,
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('saving and reading the extras', () => {
  it('stores every field, answers it on GET, keeps what a save leaves out and clears what it sends as null', async () => {
    const related = await admin.send('POST', '/api/owner/products', product({ title: 'Related One' }));
    const body = product({
      isSubscribable: true,
      subscriptionPlan: { billingPeriodValue: 2, billingPeriodUnit: 'WEEK', numBillingCycles: 26 },
      additionalFieldsFormId: formId,
      useCustomAddButtonText: true,
      customAddButtonText: 'Book a seat',
      merchandising: { customSoldOutText: 'Class full', scarcityEnabled: true, scarcityText: 'Only {0} seats left', scarcityShownByDefault: true, restockNotificationsEnabled: true, mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
      seoTitle: 'Glaze class in Portland',
      seoDescription: 'Learn to mix glazes.',
      publishOn: '2025-01-02T03:04:05Z',
      relatedProductIds: [related.json.product.id],
    });
    const created = await admin.send('POST', '/api/owner/products', body);
    expect(created.status).toBe(201);
    const expected = {
      isSubscribable: true,
      subscriptionPlan: { billingPeriodValue: 2, billingPeriodUnit: 'WEEK', numBillingCycles: 26 },
      additionalFieldsFormId: formId,
      useCustomAddButtonText: true,
      customAddButtonText: 'Book a seat',
      merchandising: { customSoldOutText: 'Class full', scarcityEnabled: true, scarcityText: 'Only {0} seats left', scarcityShownByDefault: true, restockNotificationsEnabled: true, mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
      seoTitle: 'Glaze class in Portland',
      seoDescription: 'Learn to mix glazes.',
      publishOn: '2025-01-02T03:04:05.000Z',
      relatedProductIds: [related.json.product.id],
      digitalFile: null,
    };
    expect(created.json.product).toMatchObject(expected);
    const id = created.json.product.id;
    expect((await admin.get(`/api/owner/products/${id}`)).json.product).toMatchObject(expected);

    // A save naming only the SEO title changes only that (the description document stays too).
    expect((await put(id, { seoTitle: 'Glaze class' })).status).toBe(200);
    expect((await admin.get(`/api/owner/products/${id}`)).json.product).toMatchObject({ ...expected, seoTitle: 'Glaze class' });

    // Null (or blank text) clears; a plan edit updates the plan in place.
    const planId = (await worker.db.prepare('SELECT id FROM subscription_plans WHERE product_id = ?').bind(id).first<{ id: string }>())!.id;
    const cleared = await put(id, {
      seoTitle: null, seoDescription: '  ', relatedProductIds: [], additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: null,
      subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 0 }, merchandising: { restockNotificationsEnabled: false, customSoldOutText: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.product).toMatchObject({
      seoTitle: null, seoDescription: null, relatedProductIds: [], additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: null,
      subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 0 },
      merchandising: { ...expected.merchandising, restockNotificationsEnabled: false, customSoldOutText: null },
    });
    expect((await worker.db.prepare('SELECT id FROM subscription_plans WHERE product_id = ?').bind(id).all()).results).toEqual([{ id: planId }]);
    const sc = await worker.db.prepare('SELECT structured_content AS sc FROM items WHERE id = ?').bind(id).first<{ sc: string }>();
    expect(Object.keys(JSON.parse(sc!.sc))).toEqual(['descriptionDoc']);

    // Not subscribable any more and no plan: the plan rows go.
    const off = await put(id, { isSubscribable: false, subscriptionPlan: null });
    expect(off.json.product).toMatchObject({ isSubscribable: false, subscriptionPlan: null });
  });

  it('answers the demo catalogue’s stored extras (seeded plan, form, button text, merchandising, file)', async () => {
    const ids = await worker.db.prepare("SELECT id, url_id AS urlId FROM items WHERE url_id IN ('monthly-clay-club', 'intro-wheel-workshop', 'moon-jar', 'cone-6-glaze-recipe-guide')").all<{ id: string; urlId: string }>();
    const of = async (urlId: string) => (await admin.get(`/api/owner/products/${ids.results.find((r) => r.urlId === urlId)!.id}`)).json.product;
    expect(await of('monthly-clay-club')).toMatchObject({ isSubscribable: true, subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 0 } });
    expect(await of('intro-wheel-workshop')).toMatchObject({ useCustomAddButtonText: true, customAddButtonText: 'Book a seat', additionalFieldsFormId: formId, merchandising: { scarcityEnabled: true, scarcityText: '{0} seats left' } });
    expect(await of('moon-jar')).toMatchObject({ merchandising: { customSoldOutText: 'Back after the winter firing', restockNotificationsEnabled: true, mailingListOptInByDefault: false } });
    expect(await of('cone-6-glaze-recipe-guide')).toMatchObject({ digitalFile: { fileName: 'glaze-guide.pdf', contentType: 'application/pdf', maxDownloads: null, linkLifetimeHours: null } });
  });

  it('refuses each field out of its limits with a message on its path, storing nothing', async () => {
    const base = await admin.send('POST', '/api/owner/products', product());
    const id = base.json.product.id;
    const own = await admin.send('POST', '/api/owner/products', product({ productType: 'giftCard', variants: [{ sku: `GC-${n}`, price: 2500 }] }));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ subscriptionPlan: { billingPeriodValue: 0, billingPeriodUnit: 'MONTH', numBillingCycles: 0 } }, 'subscriptionPlan.billingPeriodValue', 'Enter a billing period of 1 to 1000.'],
      [{ subscriptionPlan: { billingPeriodValue: 1001, billingPeriodUnit: 'MONTH', numBillingCycles: 0 } }, 'subscriptionPlan.billingPeriodValue', 'Enter a billing period of 1 to 1000.'],
      [{ subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'DAY', numBillingCycles: 0 } }, 'subscriptionPlan.billingPeriodUnit', 'Choose weeks, months or years.'],
      [{ subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: -1 } }, 'subscriptionPlan.numBillingCycles', 'Enter the number of payments as a whole number from 0 (until cancelled) to 10000.'],
      [{ isSubscribable: true }, 'subscriptionPlan', 'Choose a billing period for the subscription.'],
      [{ isSubscribable: true, subscriptionPlan: null }, 'subscriptionPlan', 'Choose a billing period for the subscription.'],
      [{ customAddButtonText: 'x'.repeat(51) }, 'customAddButtonText', 'A button text is at most 50 characters.'],
      [{ useCustomAddButtonText: true }, 'customAddButtonText', 'Enter the button text.'],
      [{ merchandising: { customSoldOutText: 'x'.repeat(51) } }, 'merchandising.customSoldOutText', 'A sold-out text is at most 50 characters.'],
      [{ merchandising: { scarcityText: 'x'.repeat(101) } }, 'merchandising.scarcityText', 'A scarcity message is at most 100 characters.'],
      [{ merchandising: { scarcityEnabled: true } }, 'merchandising.scarcityText', 'Enter the scarcity message, like "Only {0} left".'],
      [{ seoTitle: 'x'.repeat(201) }, 'seoTitle', 'An SEO title is at most 200 characters.'],
      [{ seoDescription: 'x'.repeat(501) }, 'seoDescription', 'An SEO description is at most 500 characters.'],
      [{ publishOn: 'tomorrow' }, 'publishOn', 'Enter a date and time, like 2026-12-01T09:00:00Z.'],
      [{ publishOn: '2026-12-01T09:00:00' }, 'publishOn', 'Enter a date and time, like 2026-12-01T09:00:00Z.'],
      [{ relatedProductIds: Array.from({ length: 13 }, (_, i) => `p${i}`) }, 'relatedProductIds', 'Choose at most 12 related products.'],
      [{ relatedProductIds: [own.json.product.id, own.json.product.id] }, 'relatedProductIds', 'Each related product is listed once.'],
      [{ relatedProductIds: [id] }, 'relatedProductIds.0', 'A product cannot be related to itself.'],
      [{ relatedProductIds: [own.json.product.id, 'nope'] }, 'relatedProductIds.1', 'No such product on this site.'],
      [{ additionalFieldsFormId: contactFormId }, 'additionalFieldsFormId', 'Choose one of the site’s additional-fields forms.'],
      [{ digitalFile: { assetId: 'x' } }, 'digitalFile', 'Only a digital product has a file to download.'],
    ];
    for (const [body, path, message] of cases) {
      const res = await put(id, body);
      expect([res.status, res.json.fields?.[path]], JSON.stringify(body)).toEqual([400, message]);
    }
    // Unknown keys inside a group are refused like the body's own.
    expect((await put(id, { merchandising: { colour: 'red' } })).status).toBe(400);
    // A gift card is never a subscription.
    const gift = await admin.send('POST', '/api/owner/products', product({ productType: 'giftCard', variants: [{ sku: `GC2-${n}`, price: 2500 }], isSubscribable: true, subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 0 } }));
    expect([gift.status, gift.json.fields?.isSubscribable]).toEqual([400, 'Only physical products and services can be subscriptions.']);
    // Nothing of the refused saves was stored.
    expect((await admin.get(`/api/owner/products/${id}`)).json.product).toMatchObject({ version: 1, seoTitle: null, isSubscribable: false, relatedProductIds: [] });
  });

  it('keeps the catalogue routes to the catalog roles', async () => {
    expect((await editor.get('/api/owner/product-extras/forms')).status).toBe(403);
    expect((await upload('guide.pdf', new Uint8Array(await readFile(PDF)), editor)).status).toBe(403);
    const forms = (await admin.get('/api/owner/product-extras/forms')).json.forms;
    expect(forms.map((f: { name: string }) => f.name)).toEqual(['Gift message', 'Workshop details']);
  });
});

describe('what the storefront does with them', () => {
  it('shows the custom button text, the scarcity message, the subscription wording, the SEO title and description', async () => {
    const created = await admin.send('POST', '/api/owner/products', product({
      title: 'Clay Club Plus',
      isSubscribable: true,
      subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 6 },
      useCustomAddButtonText: true, customAddButtonText: 'Join the <club>',
      merchandising: { scarcityEnabled: true, scarcityText: 'Only {0} seats left' },
      seoTitle: 'Clay club & more', seoDescription: 'Six months of clay.',
    }));
    const html = (await page(created.json.product.fullUrl)).html;
    expect(html).toContain('<div class="sqs-add-to-cart-button-inner">Join the &lt;club&gt;</div>');
    expect(html).toMatch(/<div class="product-scarcity">\s*Only 3 seats left\s*<\/div>/);
    expect(html).toContain(subscriptionPriceWording('$65.00', { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 }));
    expect(html).toContain('<title>Clay club &amp; more</title>');
    expect(html).toMatch(/<meta name="description" content="Six months of clay\.">/);
    // Turned off, they are gone.
    await put(created.json.product.id, { useCustomAddButtonText: false, merchandising: { scarcityEnabled: false }, seoTitle: null });
    const after = (await page(created.json.product.fullUrl)).html;
    expect(after).not.toContain('<div class="sqs-add-to-cart-button-inner">Join the &lt;club&gt;</div>');
    expect(after).not.toContain('class="product-scarcity"');
    expect(after).toContain('<title>Clay Club Plus · ');
  });

  it('shows the sold-out text and the restock form only while restock notices are on', async () => {
    const created = await admin.send('POST', '/api/owner/products', product({
      productType: 'physical', title: 'Kiln Shelf', variants: [{ sku: `SHELF-${n}`, price: '40.00', qtyInStock: 0 }],
      merchandising: { customSoldOutText: 'Next firing in May', restockNotificationsEnabled: true },
    }));
    const url = created.json.product.fullUrl;
    let html = (await page(url)).html;
    expect(html).toContain('Next firing in May');
    expect(html).toContain('class="product-restock-notification"');
    await put(created.json.product.id, { merchandising: { restockNotificationsEnabled: false } });
    html = (await page(url)).html;
    expect(html).not.toContain('class="product-restock-notification"');
    expect(html).toContain('Next firing in May');
  });

  it('lists the chosen related products in their order instead of the automatic ones', async () => {
    const a = await admin.send('POST', '/api/owner/products', product({ title: 'Related Alpha' }));
    const b = await admin.send('POST', '/api/owner/products', product({ title: 'Related Beta' }));
    const hidden = await admin.send('POST', '/api/owner/products', product({ title: 'Related Hidden', visible: false }));
    const main = await admin.send('POST', '/api/owner/products', product({ title: 'Main Piece', relatedProductIds: [b.json.product.id, hidden.json.product.id, a.json.product.id] }));
    const ctx = JSON.parse((await page(`${main.json.product.fullUrl}?format=json`)).html);
    expect(ctx.relatedItems.map((i: { title: string }) => i.title)).toEqual(['Related Beta', 'Related Alpha']);
  });

  it('hides a product with a future publish time from the store list and its page until then', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const created = await admin.send('POST', '/api/owner/products', product({ title: 'Spring Collection Vase', publishOn: future }));
    expect(created.json.product.publishOn).toBe(future);
    const url = created.json.product.fullUrl;
    expect((await page(url)).status).toBe(404);
    expect((await page(storeUrl)).html).not.toContain('Spring Collection Vase');
    // A draft published later keeps its future time.
    expect((await put(created.json.product.id, { status: 'draft' })).status).toBe(200);
    expect((await put(created.json.product.id, { status: 'published' })).json.product.publishOn).toBe(created.json.product.publishOn);
    expect((await page(url)).status).toBe(404);
    // Once the time has come (here: moved to now), it is on sale.
    const now = await put(created.json.product.id, { publishOn: null });
    expect(Date.parse(now.json.product.publishOn)).toBeLessThanOrEqual(Date.now());
    expect((await page(url)).status).toBe(200);
    expect((await page(storeUrl)).html).toContain('Spring Collection Vase');
  });
});

describe('a digital product’s file', () => {
  it('is uploaded privately, sold with its own download limit and link lifetime, and can be replaced', async () => {
    const bytes = new Uint8Array(await readFile(PDF));
    const up = await upload('Glaze Handbook.pdf', bytes);
    expect(up.status).toBe(201);
    expect(up.json.file).toMatchObject({ fileName: 'Glaze Handbook.pdf', url: null, contentType: 'application/pdf' });
    const key = (await worker.db.prepare('SELECT r2_key AS k FROM assets WHERE id = ?').bind(up.json.file.id).first<{ k: string }>())!.k;
    expect(key).toMatch(/^[^/]+\/files\/[0-9a-f]{32}\.pdf$/);
    expect((await page(`/assets/${key}`)).status).toBe(404);

    // A public upload of the file manager cannot be sold.
    const pub = await worker.fetch('/api/files?name=public.pdf', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.byteLength), Cookie: admin.signed!.cookie, 'X-CSRF-Token': admin.signed!.xsrfToken },
      body: bytes as unknown as BodyInit,
    });
    const publicId = ((await pub.json()) as any).file.id;
    const digital = (over: Record<string, unknown>) => product({ productType: 'digital', title: 'Glaze Handbook', variants: [{ sku: `HB-${n}`, price: '12.00' }], ...over });
    const refused = await admin.send('POST', '/api/owner/products', digital({ digitalFile: { assetId: publicId } }));
    expect([refused.status, refused.json.fields?.['digitalFile.assetId']]).toEqual([400, 'Upload the file for this product here; files from the file manager are public.']);
    for (const [field, value, message] of [
      ['maxDownloads', 0, 'Enter a download limit of 1 to 1000, or none for the store’s setting.'],
      ['linkLifetimeHours', 8761, 'Enter a link lifetime of 1 to 8760 hours, or none for the store’s setting.'],
    ] as const) {
      const res = await admin.send('POST', '/api/owner/products', digital({ digitalFile: { assetId: up.json.file.id, [field]: value } }));
      expect([res.status, res.json.fields?.[`digitalFile.${field}`]]).toEqual([400, message]);
    }

    const created = await admin.send('POST', '/api/owner/products', digital({ digitalFile: { assetId: up.json.file.id, maxDownloads: 2, linkLifetimeHours: 24 } }));
    expect(created.status).toBe(201);
    expect(created.json.product.digitalFile).toEqual({ assetId: up.json.file.id, fileName: 'Glaze Handbook.pdf', size: bytes.byteLength, contentType: 'application/pdf', maxDownloads: 2, linkLifetimeHours: 24 });
    const itemId = created.json.product.id;

    const buy = async () => {
      const v = new TestVisitor(worker, `198.51.100.${60 + n++}`);
      await v.visit('/api/commerce/shopping-cart');
      expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId, sku: null, quantity: 1, additionalFields: null })).json).toMatchObject({ newlyAdded: expect.anything() });
      const res = await placeGiftOrder(v, { address: null });
      expect(res.status).toBe(201);
      return (await worker.db
        .prepare('SELECT asset_id AS assetId, max_downloads AS maxDownloads, expires_on - created_on AS lifetime FROM download_grants WHERE order_id = ?')
        .bind(res.json.order.id)
        .first<{ assetId: string; maxDownloads: number; lifetime: number }>())!;
    };
    expect(await buy()).toEqual({ assetId: up.json.file.id, maxDownloads: 2, lifetime: 24 * 3600_000 });

    // Replaced (the GET answer's object sent back with a new asset): the next buyer gets the new file, the first keeps theirs.
    const second = await upload('Glaze Handbook v2.pdf', bytes);
    const replaced = await put(itemId, { digitalFile: { ...created.json.product.digitalFile, assetId: second.json.file.id, maxDownloads: null } });
    expect(replaced.status).toBe(200);
    expect(replaced.json.product.digitalFile).toMatchObject({ assetId: second.json.file.id, fileName: 'Glaze Handbook v2.pdf', maxDownloads: null, linkLifetimeHours: 24 });
    // No limit of its own: the demo store's setting (5 downloads) applies.
    expect(await buy()).toEqual({ assetId: second.json.file.id, maxDownloads: 5, lifetime: 24 * 3600_000 });
    expect((await worker.db.prepare('SELECT COUNT(*) AS n FROM download_grants WHERE asset_id = ?').bind(up.json.file.id).first<{ n: number }>())!.n).toBe(1);
  });
});
