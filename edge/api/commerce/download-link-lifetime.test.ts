/**
 * fix4: the download link an order's confirmation mails is signed with its grant's own expiry, so
 * a product whose link lifetime is longer than the site's (issue 26) mails a link that works as
 * long as the grant does, and no longer. The worker's clock is the wall clock; the link's expiry is
 * checked against the grant row, and the signed link at fixed instants around the two lifetimes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, TEST_REVIEW_LINK_SECRET, type RunningWorker } from '../../test-support.js';
import { checkDownloadLink } from '../../services/downloads/index.js';
import { TestVisitor } from './test-visitor.js';
import { variantOf } from './test-catalog.js';
import { placeGiftOrder } from './test-gift-cards.js';

let worker: RunningWorker;
const GUIDE = 'FK-DIG-GLAZE-GUIDE';
const HOUR = 3600_000;
// The demo store's digitalDownloads.linkLifetimeHours, and the guide's own (ten days).
const SITE_HOURS = 72;
const PRODUCT_HOURS = 240;

beforeAll(async () => {
  worker = await startWorker();
}, 120_000);
afterAll(() => worker?.dispose());

async function buyGuide(email: string, ip: string) {
  const v = new TestVisitor(worker, ip);
  await v.visit('/');
  const guide = await variantOf(worker.db, GUIDE);
  expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: guide.itemId, sku: null, quantity: 1, additionalFields: null })).status).toBe(200);
  const res = await placeGiftOrder(v, { address: null, extra: { email } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const grant = (await worker.db.prepare('SELECT id, expires_on AS expiresOn, created_on AS createdOn FROM download_grants WHERE order_id = ?').bind(res.json.order.id).first<{ id: string; expiresOn: number; createdOn: number }>())!;
  const mail = (await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind = 'order-confirmation' AND to_address = ?").bind(email).first<{ text: string }>())!;
  const link = new RegExp(`http://localhost(/downloads/${grant.id}\\?expires=(\\d+)&sig=([A-Za-z0-9_-]{43}))`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { grant, path: link![1]!, expires: link![2]!, sig: link![3]! };
}

describe("the mailed download link's expiry", () => {
  it("is the grant's when the product has its own longer lifetime: the link works past the site's lifetime, until the grant ends", async () => {
    await worker.db.prepare('UPDATE products SET download_link_hours = ? WHERE item_id = (SELECT product_id FROM variants WHERE sku = ?)').bind(PRODUCT_HOURS, GUIDE).run();
    const { grant, path, expires, sig } = await buyGuide('long.link@example.com', '198.51.100.211');
    expect(grant.expiresOn - grant.createdOn).toBe(PRODUCT_HOURS * HOUR);
    expect(Number(expires)).toBe(grant.expiresOn);
    const check = (at: number) => checkDownloadLink(TEST_REVIEW_LINK_SECRET, grant.id, expires, sig, at);
    // An hour after the site's lifetime the grant still runs, and so does the link.
    expect(await check(grant.createdOn + (SITE_HOURS + 1) * HOUR)).toEqual({ ok: true, grantId: grant.id, expiresOn: grant.expiresOn });
    expect(await check(grant.expiresOn - 1)).toMatchObject({ ok: true });
    expect(await check(grant.expiresOn)).toEqual({ ok: false, reason: 'expired' });
    // And it downloads now.
    const file = await worker.fetch(path);
    expect(file.status).toBe(200);
    await file.arrayBuffer();
  });

  it("is the site's lifetime for a product without its own", async () => {
    await worker.db.prepare('UPDATE products SET download_link_hours = NULL WHERE item_id = (SELECT product_id FROM variants WHERE sku = ?)').bind(GUIDE).run();
    const { grant, expires, sig } = await buyGuide('site.link@example.com', '198.51.100.212');
    expect(grant.expiresOn - grant.createdOn).toBe(SITE_HOURS * HOUR);
    expect(Number(expires)).toBe(grant.expiresOn);
    expect(await checkDownloadLink(TEST_REVIEW_LINK_SECRET, grant.id, expires, sig, grant.expiresOn)).toEqual({ ok: false, reason: 'expired' });
  });
});
