import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../engine/index.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { catalogSessions } from './test-catalog-owner.js';

// Property: any product created through the API renders on its page and in ?format=json, and
// the engine's commerce formatter over that JSON shows the price the cart then charges.
let worker: RunningWorker;
let admin: OwnerSession;
let storeId: string;
let serial = 0;

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE: 'off' } });
  let siteId: string;
  ({ admin, siteId } = await catalogSessions(worker, 'prop'));
  storeId = (await admin.send('POST', `/api/content-service/product/1.1/websites/${siteId}/products`, { storeTitle: 'Property Store', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' })).json.collection.id;
}, 60_000);
afterAll(() => worker?.dispose());

/** A price as an owner may send it: minor units, or the same amount as an en-US decimal string. */
const priceArb = fc.integer({ min: 1, max: 99_999_999 }).chain((cents) =>
  fc.constantFrom(cents, minorToDecimal(cents, 'USD'), Number(minorToDecimal(cents, 'USD')).toLocaleString('en-US', { minimumFractionDigits: 2 })).map((sent) => ({ cents, sent })),
);
const productArb = fc.record({
  type: fc.constantFrom('physical', 'service', 'digital', 'giftCard'),
  title: fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim().length > 0),
  price: priceArb,
  sale: fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
});

describe('products created through the API', () => {
  it('render on their page and in ?format=json with the same price the cart charges', async () => {
    await fc.assert(
      fc.asyncProperty(productArb, async ({ type, title, price, sale }) => {
        const sku = `PROP-${++serial}`;
        // A sale price is a percentage of the price, rounded down to a whole cent below it.
        const saleCents = sale === undefined ? undefined : Math.floor((price.cents * sale) / 100);
        const onSale = saleCents !== undefined && saleCents < price.cents && type !== 'giftCard';
        const created = await admin.send('POST', '/api/owner/products', {
          collectionId: storeId, productType: type, title, status: 'published',
          variants: [{ sku, price: price.sent, qtyInStock: 3, ...(onSale ? { salePrice: saleCents, onSale: true } : {}) }],
        });
        expect(created.status).toBe(201);
        const product = created.json.product;
        const charged = onSale ? saleCents! : price.cents;

        const page = await worker.fetch(product.fullUrl);
        expect(page.status).toBe(200);
        const html = await page.text();
        const context = (await (await worker.fetch(`${product.fullUrl}?format=json`)).json()) as any;
        const variant = context.item.structuredContent.variants[0];
        expect(variant.priceMoney.value).toBe(minorToDecimal(price.cents, 'USD'));
        if (onSale) expect(variant.salePriceMoney.value).toBe(minorToDecimal(saleCents!, 'USD'));

        // The engine's product-price formatter over the page's own JSON: its markup is on the page.
        const shown = render('{.section item}{@|product-price}{.end}', context, { locale: 'en-US', timeZone: 'UTC' });
        expect(shown.errors).toEqual([]);
        const squash = (s: string) => s.replace(/\s+/g, ' ');
        expect(squash(html)).toContain(squash(shown.output.trim()));
        const visible = shown.output.replace(/<[^>]*>/g, ' ');
        expect(visible).toContain(minorToDecimal(charged, 'USD').replace(/\B(?=(\d{3})+(?!\d))/g, ','));

        const shopper = new TestVisitor(worker, '203.0.113.60');
        await shopper.send('GET', '/api/commerce/shopping-cart');
        const add = await shopper.send('POST', '/api/commerce/shopping-cart/entries', { itemId: product.id, sku: type === 'digital' ? null : sku, quantity: 1, additionalFields: null });
        expect(add.status).toBe(200);
        expect(add.json.newlyAdded.purchasePriceCents).toBe(charged);
        expect(add.json.newlyAdded.purchasePriceMoney.value).toBe(minorToDecimal(charged, 'USD'));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
