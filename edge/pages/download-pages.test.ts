import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPath } from '../services/downloads/index.js';
import { TEST_REVIEW_LINK_SECRET, startWorker, type RunningWorker } from '../test-support.js';
import { variantOf } from '../api/commerce/test-catalog.js';
import { placeGiftOrder } from '../api/commerce/test-gift-cards.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { contentDisposition } from './download-pages.js';

// Digital products' signed, expiring, counted download links on the real worker.
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const GUIDE = 'FK-DIG-GLAZE-GUIDE';
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
let ip = 0;

/** A purely digital order of the glaze guide: the confirmation path, the order and its grant. */
async function buyGuide(extraSku?: string) {
  const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
  await v.visit('/api/commerce/shopping-cart');
  const guide = await variantOf(worker.db, GUIDE);
  expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: guide.itemId, sku: null, quantity: 1, additionalFields: null })).status).toBe(200);
  if (extraSku) {
    const other = await variantOf(worker.db, extraSku);
    expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: other.itemId, sku: extraSku, quantity: 1, additionalFields: null })).status).toBe(200);
  }
  const res = await placeGiftOrder(v, extraSku ? {} : { address: null });
  expect(res.status).toBe(201);
  const grant = (await worker.db.prepare('SELECT id, expires_on AS expiresOn FROM download_grants WHERE order_id = ?').bind(res.json.order.id).first<{ id: string; expiresOn: number }>())!;
  return { v, order: res.json.order, confirmation: res.json.confirmationUrl as string, grant };
}

const get = (path: string) => worker.fetch(path, { headers: { 'CF-Connecting-IP': '198.51.100.9' } });
const linkOf = (html: string) => html.match(/href="(\/downloads\/[^"]+)"/)?.[1]?.replace(/&amp;/g, '&');

describe('a digital order', () => {
  it('skips shipping, shows the signed link on the confirmation page and in the mail, and the link streams the file once counted', async () => {
    const { order, confirmation, grant } = await buyGuide();
    expect([order.shippingTotal, order.shippingAddress]).toEqual([0, null]);
    const page = await (await get(confirmation)).text();
    const link = linkOf(page);
    expect(link).toMatch(new RegExp(`^/downloads/${grant.id}\\?expires=${grant.expiresOn}&sig=[A-Za-z0-9_-]{43}$`));
    expect(page).toContain('Cone 6 Glaze Recipe Guide');
    expect(page).toContain('(0 of 5 downloads used)');
    // The demo store: links work 72 hours.
    expect(grant.expiresOn - order.created).toBe(72 * 3600_000);
    const mail = await worker.db.prepare(`SELECT text_body AS text, html_body AS html FROM mail_outbox WHERE kind = 'order-confirmation' AND subject LIKE ?`).bind(`%#${order.orderNumber} %`).first<{ text: string; html: string }>();
    expect(mail!.text).toContain(`Cone 6 Glaze Recipe Guide: http://`);
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(link!.replace(/&/g, '&#38;'));

    const res = await get(link!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="glaze-guide.pdf"; filename*=UTF-8''glaze-guide.pdf`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes).equals(await readFile(new URL('../../fixtures/demo/files/glaze-guide.pdf', import.meta.url)))).toBe(true);
    expect(await count('SELECT downloads AS n FROM download_grants WHERE id = ?', grant.id)).toBe(1);
    expect(await (await get(confirmation)).text()).toContain('(1 of 5 downloads used)');
  });

  it('gives a mixed cart its shipping and a grant only for the digital line', async () => {
    const { order } = await buyGuide('FK-INC-01');
    expect(order.shippingTotal).toBeGreaterThanOrEqual(0);
    expect(order.shippingAddress).toMatchObject({ country: 'US' });
    expect(await count('SELECT COUNT(*) AS n FROM download_grants WHERE order_id = ?', order.id)).toBe(1);
  });
});

describe('refused links', () => {
  it('403 with a page for a tampered signature, another grant or a later expiry; nothing counted', async () => {
    const { grant } = await buyGuide();
    const good = await downloadPath(TEST_REVIEW_LINK_SECRET, grant.id, grant.expiresOn);
    const sig = new URL(good, 'http://x').searchParams.get('sig')!;
    const tampered = [
      good.replace(`sig=${sig}`, `sig=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      good.replace(`expires=${grant.expiresOn}`, `expires=${grant.expiresOn + 86_400_000}`),
      good.replace(grant.id, 'someone-elses-grant'),
      `/downloads/${grant.id}`,
      await downloadPath('a-guessed-secret', grant.id, grant.expiresOn),
    ];
    for (const path of tampered) {
      const res = await get(path);
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html).toContain('This download link is not valid. Use the link from your order confirmation.');
      expect(res.headers.get('content-disposition')).toBeNull();
    }
    expect(await count('SELECT downloads AS n FROM download_grants WHERE id = ?', grant.id)).toBe(0);
  });

  it('410 with a page once the link has expired, whether by its own date or the grant’s', async () => {
    const { grant } = await buyGuide();
    const past = await get(await downloadPath(TEST_REVIEW_LINK_SECRET, grant.id, Date.now() - 1000));
    expect(past.status).toBe(410);
    expect(await past.text()).toContain('This download link has expired. Please contact the store for a new one.');
    await worker.db.prepare('UPDATE download_grants SET expires_on = ? WHERE id = ?').bind(Date.now() - 1, grant.id).run();
    const stale = await get(await downloadPath(TEST_REVIEW_LINK_SECRET, grant.id, grant.expiresOn));
    expect(stale.status).toBe(410);
  });

  it('410 after the most downloads a link allows', async () => {
    const { grant } = await buyGuide();
    await worker.db.prepare('UPDATE download_grants SET max_downloads = 2 WHERE id = ?').bind(grant.id).run();
    const link = await downloadPath(TEST_REVIEW_LINK_SECRET, grant.id, grant.expiresOn);
    expect((await get(link)).status).toBe(200);
    expect((await get(link)).status).toBe(200);
    const third = await get(link);
    expect(third.status).toBe(410);
    expect(await third.text()).toContain('This file has been downloaded as many times as this link allows. Please contact the store.');
    expect(await count('SELECT downloads AS n FROM download_grants WHERE id = ?', grant.id)).toBe(2);
  });

  it('counts concurrent downloads atomically: 12 at once with a limit of 3 serve exactly 3', async () => {
    const { grant } = await buyGuide();
    await worker.db.prepare('UPDATE download_grants SET max_downloads = 3 WHERE id = ?').bind(grant.id).run();
    const link = await downloadPath(TEST_REVIEW_LINK_SECRET, grant.id, grant.expiresOn);
    const answers = await Promise.all(Array.from({ length: 12 }, async () => {
      const res = await get(link);
      await res.arrayBuffer();
      return res.status;
    }));
    expect(answers.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.filter((s) => s === 410)).toHaveLength(9);
    expect(await count('SELECT downloads AS n FROM download_grants WHERE id = ?', grant.id)).toBe(3);
  });

  it('410 without counting when the file is gone from storage', async () => {
    const { grant } = await buyGuide();
    const key = (await worker.db.prepare('SELECT a.r2_key AS k FROM download_grants g JOIN assets a ON a.id = g.asset_id WHERE g.id = ?').bind(grant.id).first<{ k: string }>())!.k;
    const bytes = await (await worker.files.get(key))!.arrayBuffer();
    await worker.files.delete(key);
    const res = await get(await downloadPath(TEST_REVIEW_LINK_SECRET, grant.id, grant.expiresOn));
    await worker.files.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } });
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This file is no longer available. Please contact the store.');
    expect(await count('SELECT downloads AS n FROM download_grants WHERE id = ?', grant.id)).toBe(0);
  });
});

describe('contentDisposition', () => {
  it('keeps an ASCII fallback and the exact UTF-8 name, and never lets a quote out', () => {
    expect(contentDisposition('Glasur “Seladon” 100%.pdf')).toBe(`attachment; filename="Glasur _Seladon_ 100_.pdf"; filename*=UTF-8''Glasur%20%E2%80%9CSeladon%E2%80%9D%20100%25.pdf`);
    expect(contentDisposition('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
});
