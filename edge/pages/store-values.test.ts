import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';

/**
 * Page copy that names a store setting reads it (blocks/text `{store.freeShippingOver}`): the
 * demo's About page states the free-shipping threshold the checkout applies (the US zone's
 * free-over rate), and follows the setting when it changes. Rows are edited behind the site's
 * back, so the page cache is off.
 */
let worker: RunningWorker;
let siteId: string;

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE: 'off' } });
  siteId = (await worker.db.prepare(`select id from websites where identifier = 'fern-and-kiln'`).first<{ id: string }>())!.id;
});

afterAll(async () => {
  await worker?.dispose();
});

const shippingParagraph = async () => {
  const html = await (await worker.fetch('/about')).text();
  return /<p>Orders ship within[^<]*<\/p>/.exec(html)?.[0] ?? '';
};

describe('store values in page copy', () => {
  it("the About page's free-shipping amount is the shipping zone's free-over threshold", async () => {
    const zone = await worker.db.prepare(`select rates from shipping_zones where website_id = ? and countries = '["US"]'`).bind(siteId).first<{ rates: string }>();
    const freeOver = (JSON.parse(zone!.rates) as { kind: string; freeFromCents?: number }[]).find((r) => r.kind === 'free-over')!;
    expect(freeOver.freeFromCents).toBe(7500);
    expect(await shippingParagraph()).toContain('Free US shipping on orders over $75.');
    expect(await shippingParagraph()).not.toContain('$150');
  });

  it('follows the setting when the owner changes the threshold, and leaves the sentence out when no zone ships free', async () => {
    const rates = (from: number) => JSON.stringify([{ kind: 'free-over', id: 'us-standard', name: 'Standard', amountCents: 800, freeFromCents: from }]);
    await worker.db.prepare(`update shipping_zones set rates = ? where website_id = ? and countries = '["US"]'`).bind(rates(12050), siteId).run();
    expect(await shippingParagraph()).toContain('Free US shipping on orders over $120.50.');
    await worker.db.prepare(`update shipping_zones set rates = '[]' where website_id = ? and countries = '["US"]'`).bind(siteId).run();
    // Before: 'Free US shipping on orders over .' The paragraph now reads on without the sentence.
    expect(await shippingParagraph()).toBe(
      '<p>Orders ship within five studio days in recycled packaging. If something arrives broken, send us a photo within 14 days and we will replace it or refund you.</p>',
    );
    expect(await shippingParagraph()).not.toContain('{store.');
  });

  it('the search index still holds the text block\'s own words', async () => {
    const res = await worker.fetch('/search?q=recycled%20packaging&format=json');
    const body = JSON.stringify(await res.json());
    expect(body).toContain('/about');
  });
});
