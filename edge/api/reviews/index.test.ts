import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signReviewRequest } from '../../services/reviews/links.js';
import { randomBytes } from 'node:crypto';
import { TEST_REVIEW_LINK_SECRET, createSiteUser, signIn, spendBudget, startWorker, testAddress, type RunningWorker } from '../../test-support.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { INVALID_LINK_MESSAGE, THANKS_MESSAGE } from './index.js';

/** /api/reviews and page type 209 over HTTP against the real worker and local D1. */
let worker: RunningWorker;
let mugId: string;
let siteId: string;
const OWNER = { email: 'owner@fernandkiln.test', password: process.env.ATELIER_DEMO_OWNER_PASSWORD ?? 'check-Owner-pass-7' };

beforeAll(async () => {
  worker = await startWorker();
  const page = (await (await worker.fetch('/shop/speckled-stoneware-mug?format=json')).json()) as { item: { id: string }; website: { id: string } };
  mugId = page.item.id;
  siteId = page.website.id;
});
afterAll(async () => {
  await worker?.dispose();
});

const review = (extra: Record<string, unknown> = {}) => ({ itemId: mugId, rating: 5, title: 'Lovely', body: 'Holds heat well.', name: 'Ada', email: 'ada@example.com', ...extra });

async function visitor(ip: string): Promise<TestVisitor> {
  const v = new TestVisitor(worker, ip);
  await v.visit('/about');
  return v;
}

describe('POST /api/reviews', () => {
  it('stores a pending review that does not show until the owner publishes it', async () => {
    const v = await visitor('198.51.100.21');
    const res = await v.send('POST', '/api/reviews', review({ body: 'Perfect <script>alert(1)</script> mug' }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ review: { id: expect.any(String), status: 'pending', verifiedBuyer: false }, message: THANKS_MESSAGE });
    const listed = await v.send('GET', `/api/reviews?itemId=${mugId}`);
    expect(listed.json.reviews.map((r: { id: string }) => r.id)).not.toContain(res.json.review.id);

    // Moderation is the owner's: anonymous 401, a shopper 403, the owner publishes.
    expect((await v.send('PUT', `/api/reviews/${res.json.review.id}/status`, { status: 'published' })).status).toBe(401);
    await createSiteUser(worker, { email: 'shopper-r@example.com', password: 'shopper-pass-123' });
    const shopper = await signIn(worker, 'shopper-r@example.com', 'shopper-pass-123');
    const refused = await worker.fetch(`/api/reviews/${res.json.review.id}/status`, { method: 'PUT', headers: { ...shopper.headers, 'Content-Type': 'application/json' }, body: '{"status":"published"}' });
    expect(refused.status).toBe(403);
    const owner = await signIn(worker, OWNER.email, OWNER.password);
    const queue = await (await worker.fetch('/api/reviews/moderation?status=pending', { headers: owner.headers })).json() as { reviews: { id: string; email: string }[] };
    expect(queue.reviews.find((r) => r.id === res.json.review.id)?.email).toBe('ada@example.com');
    const published = await worker.fetch(`/api/reviews/${res.json.review.id}/status`, { method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: '{"status":"published"}' });
    expect(published.status).toBe(200);

    const after = await v.send('GET', `/api/reviews?itemId=${mugId}`);
    const shown = after.json.reviews.find((r: { id: string }) => r.id === res.json.review.id);
    expect(shown).toMatchObject({ rating: 5, authorName: 'Ada', verifiedBuyer: false });
    expect(shown.email).toBeUndefined();
    expect(after.json.summary.count).toBeGreaterThanOrEqual(1);

    // Server-rendered on the product page, escaped (the cache moved to a new content version).
    const html = await (await worker.fetch('/shop/speckled-stoneware-mug')).text();
    expect(html).toContain('Perfect &lt;script&gt;alert(1)&lt;/script&gt; mug');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('ada@example.com');

    // Rejected again: it leaves the page.
    await worker.fetch(`/api/reviews/${res.json.review.id}/status`, { method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: '{"status":"rejected"}' });
    expect(await (await worker.fetch('/shop/speckled-stoneware-mug')).text()).not.toContain('Perfect &lt;script&gt;');
  });

  it('validates with clear messages and changes nothing on bad input', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [review({ rating: 6 }), 'rating', 'Choose a rating from 1 to 5 stars.'],
      [review({ rating: 2.5 }), 'rating', 'Choose a rating from 1 to 5 stars.'],
      [review({ body: '   ' }), 'body', 'Please write a few words about the product.'],
      [review({ email: 'not-an-email' }), 'email', 'Email is not valid.'],
      [review({ itemId: 'no-such-item' }), 'itemId', 'That product does not exist.'],
      [review({ extra: 1 }), '_', ''],
    ];
    const before = await worker.db.prepare('SELECT count(*) AS n FROM reviews').first<{ n: number }>();
    // Each case from its own visitor: attempts spend the review budget too.
    let n = 30;
    for (const [body, field, message] of cases) {
      const v = await visitor(`198.51.100.${n++}`);
      const res = await v.send('POST', '/api/reviews', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json.fields[field]).toBe(message);
    }
    const v = await visitor('198.51.100.22');
    const noCrumb = await v.send('POST', '/api/reviews', review(), { crumb: false });
    expect(noCrumb.status).toBe(401);
    expect(noCrumb.json.crumbFail).toBe(true);
    const after = await worker.db.prepare('SELECT count(*) AS n FROM reviews').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it('allows 5 reviews a minute per visitor, then 429', async () => {
    const v = await visitor('198.51.100.23');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await v.send('POST', '/api/reviews', review({ body: `Review ${i}` }))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

/** A review posted the way the flood did it: a crumb invented for this one request. */
function inventedCrumbReview(ip: string) {
  const crumb = randomBytes(16).toString('hex');
  return worker.fetch('/api/reviews', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb, 'CF-Connecting-IP': ip },
    body: JSON.stringify(review({ body: 'Flood' })),
  });
}

describe('review-request links (page type 209)', () => {
  it('a signed link opens the form and its review counts as a verified purchase', async () => {
    const token = await signReviewRequest(TEST_REVIEW_LINK_SECRET, { websiteId: siteId, itemId: mugId, email: 'buyer@example.com', orderId: '1001', expiresAt: Date.now() + 60_000 });
    const page = await worker.fetch(`/reviews/request?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('data-island="review-form"');
    expect(html).toContain('Speckled Stoneware Mug');
    expect(html).toContain('b••••@example.com');
    const v = await visitor('198.51.100.24');
    const res = await v.send('POST', '/api/reviews', { itemId: mugId, rating: 4, body: 'Verified!', name: 'Bo', token });
    expect(res.status).toBe(201);
    expect(res.json.review.verifiedBuyer).toBe(true);
    const row = await worker.db.prepare('SELECT email, verified_buyer FROM reviews WHERE id = ?').bind(res.json.review.id).first<{ email: string; verified_buyer: number }>();
    expect(row).toEqual({ email: 'buyer@example.com', verified_buyer: 1 });
  });

  it('a review-request link makes one verified review per order line (issue 33, finding 10)', async () => {
    const token = await signReviewRequest(TEST_REVIEW_LINK_SECRET, { websiteId: siteId, itemId: mugId, email: 'once@example.com', orderId: '1002', expiresAt: Date.now() + 60_000 });
    const first = await (await visitor('198.51.100.25')).send('POST', '/api/reviews', { itemId: mugId, rating: 5, body: 'First', name: 'Cy', token });
    expect(first.status).toBe(201);
    const again = await (await visitor('198.51.100.26')).send('POST', '/api/reviews', { itemId: mugId, rating: 1, body: 'Second', name: 'Cy', token });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'review_link_used' });
    const n = await worker.db.prepare("SELECT count(*) AS n FROM reviews WHERE email = 'once@example.com'").first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it('a retry of a stored review answers that review again and stores nothing twice, with a link or without (issue 35)', async () => {
    const plain = review({ email: 'retry@example.com', body: 'Sent twice: the first answer was lost.' });
    const first = await (await visitor('198.51.100.27')).send('POST', '/api/reviews', plain);
    const retry = await (await visitor('198.51.100.28')).send('POST', '/api/reviews', plain);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    // A different review from the same author is a new one.
    const other = await (await visitor('198.51.100.29')).send('POST', '/api/reviews', { ...plain, rating: 3 });
    expect(other.status).toBe(201);
    expect(other.json.review.id).not.toBe(first.json.review.id);
    const n = await worker.db.prepare("SELECT count(*) AS n FROM reviews WHERE email = 'retry@example.com'").first<{ n: number }>();
    expect(n?.n).toBe(2);

    const token = await signReviewRequest(TEST_REVIEW_LINK_SECRET, { websiteId: siteId, itemId: mugId, email: 'retry-link@example.com', orderId: '1003', expiresAt: Date.now() + 60_000 });
    const linked = { itemId: mugId, rating: 5, body: 'Through the link', name: 'Di', token };
    const a = await (await visitor('198.51.100.30')).send('POST', '/api/reviews', linked);
    const b = await (await visitor('198.51.100.31')).send('POST', '/api/reviews', linked);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json).toEqual(a.json);
    expect(b.json.review.verifiedBuyer).toBe(true);
    // The link still makes one review only: a different text is refused.
    expect((await (await visitor('198.51.100.32')).send('POST', '/api/reviews', { ...linked, body: 'Changed my mind' })).status).toBe(409);
  });

  it('a forged, expired or foreign token is refused', async () => {
    const good = await signReviewRequest(TEST_REVIEW_LINK_SECRET, { websiteId: siteId, itemId: mugId, email: 'b@example.com', expiresAt: Date.now() + 60_000 });
    const expired = await signReviewRequest(TEST_REVIEW_LINK_SECRET, { websiteId: siteId, itemId: mugId, email: 'b@example.com', expiresAt: Date.now() - 1 });
    const forged = await signReviewRequest('someone-else', { websiteId: siteId, itemId: mugId, email: 'b@example.com', expiresAt: Date.now() + 60_000 });
    for (const token of [expired, forged, `${good}x`, 'junk']) {
      const page = await worker.fetch(`/reviews/request?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain(INVALID_LINK_MESSAGE);
    }
    const v = await visitor('198.51.100.25');
    const res = await v.send('POST', '/api/reviews', { itemId: mugId, rating: 4, body: 'x', name: 'Bo', token: forged });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(INVALID_LINK_MESSAGE);
    // A good token for another product does not transfer.
    const other = await v.send('POST', '/api/reviews', { itemId: 'other', rating: 4, body: 'x', name: 'Bo', token: good });
    expect(other.status).toBe(400);
  });
});

// Last in the file: it spends the site's review budget for the rest of the minute.
describe('review flood (issue 33, finding 3)', () => {
  it('budgets reviews per client address, whatever crumb each brings', async () => {
    const ip = testAddress();
    const { granted, refused } = await spendBudget(20, () => inventedCrumbReview(ip));
    expect(granted.length).toBeGreaterThanOrEqual(20);
    expect(granted.length).toBeLessThanOrEqual(40);
    expect(granted.every((res) => res.status === 201)).toBe(true);
    expect(refused?.status).toBe(429);
    expect((await inventedCrumbReview(testAddress())).status).toBe(201);
  });

  it('budgets reviews per site, whatever address and crumb each brings', async () => {
    const { granted, refused } = await spendBudget(100, () => inventedCrumbReview(testAddress()));
    // Earlier tests of this file spent some of the site's budget (this describe runs last).
    expect(granted.length).toBeGreaterThanOrEqual(40);
    expect(granted.length).toBeLessThanOrEqual(200);
    expect(refused?.status).toBe(429);
  });
});
