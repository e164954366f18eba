import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signReviewRequest } from '../../edge/services/reviews/links.js';
import { TEST_REVIEW_LINK_SECRET } from '../../edge/test-support.js';
import { islandsHydrated, openStorefront, type Storefront } from './harness.js';

/** Every storefront page in Chromium: islands mount without console errors; reviews and page 209. */
let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
});
afterAll(async () => {
  await store?.close();
});

const PAGES = ['/', '/shop', '/shop/speckled-stoneware-mug', '/shop/intro-wheel-workshop', '/shop/moon-jar', '/shop/gift-card', '/journal', '/journal/opening-the-winter-kiln', '/about', '/contact', '/cart', '/search?q=mug', '/no-such-page'];

describe('storefront pages in Chromium', () => {
  // One test per page: each waits for the network to go quiet twice, which on a loaded
  // machine took the thirteen pages together past one test's time limit. The pages (each its
  // own visitor) load side by side, five at a time (Vitest's maxConcurrency): most of a page's
  // time is networkidle's half second of nothing, twice.
  it.concurrent.each(PAGES)('%s hydrates its islands with no console errors or failed requests', async (path) => {
    const visitor = await store.visitor();
    await visitor.page.goto(store.url(path), { waitUntil: 'networkidle' });
    // Scroll through so visible-strategy islands (quick view, reviews) mount too.
    await visitor.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await visitor.page.waitForLoadState('networkidle');
    await islandsHydrated(visitor.page, '[data-island-load="eager"]');
    expect(await visitor.page.locator('[data-island-state="hydrated"]').count(), path).toBeGreaterThan(0);
    expect(await visitor.page.locator('[data-island-state="failed"]').count(), path).toBe(0);
    expect(visitor.errors.filter((e) => !(path === '/no-such-page' && /404/.test(e))), path).toEqual([]);
    await visitor.close();
  });

  it('without JavaScript the product page still shows price, stock state and the server button', async () => {
    const visitor = await store.visitor({ javaScriptEnabled: false });
    await visitor.page.goto(store.url('/shop/speckled-stoneware-mug'));
    expect(await visitor.page.locator('.product-price').first().innerText()).toContain('$36.00');
    expect(await visitor.page.locator('.sqs-add-to-cart-button').first().innerText()).toContain('Add To Cart');
    await visitor.page.goto(store.url('/shop/moon-jar'));
    await visitor.page.getByText('Sold Out').first().waitFor();
    await visitor.close();
  });

  it('a shopper writes a review from the product page; it waits for moderation', async () => {
    const visitor = await store.visitor();
    await visitor.page.goto(store.url('/shop/ramen-bowl'));
    const reviews = visitor.page.locator('#reviews');
    await reviews.scrollIntoViewIfNeeded();
    // The form's code loads when the visitor reaches for the button (hover, focus, touch).
    await reviews.getByRole('button', { name: 'Write a review' }).hover();
    await islandsHydrated(visitor.page, '[data-island="review-form"]');
    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await reviews.getByRole('button', { name: 'Send review' }).click();
    await reviews.getByText('Choose a rating from 1 to 5 stars.').waitFor();
    await reviews.getByRole('radio', { name: '4 stars' }).check();
    await reviews.getByLabel('Your review').fill('Deep and <b>sturdy</b>.');
    await reviews.getByLabel('Your name').fill('Ada');
    await reviews.getByLabel('Email (never shown)').fill('ada@example.com');
    await reviews.getByRole('button', { name: 'Send review' }).click();
    await reviews.getByText('Thank you! Your review will appear once the shop has approved it.').waitFor();
    const row = await store.worker.db.prepare("SELECT rating, body, status FROM reviews WHERE author_name = 'Ada' ORDER BY created_on DESC").first();
    expect(row).toEqual({ rating: 4, body: 'Deep and <b>sturdy</b>.', status: 'pending' });
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });

  it('page 209: the signed link opens the review form; the review is a verified purchase', async () => {
    const json = (await (await fetch(store.url('/shop/everyday-tumbler?format=json'))).json()) as { item: { id: string }; website: { id: string } };
    const token = await signReviewRequest(TEST_REVIEW_LINK_SECRET, { websiteId: json.website.id, itemId: json.item.id, email: 'buyer@example.com', expiresAt: Date.now() + 3_600_000 });
    const visitor = await store.visitor();
    await visitor.page.goto(store.url(`/reviews/request?token=${encodeURIComponent(token)}`));
    await islandsHydrated(visitor.page, '[data-island="review-form"]');
    await visitor.page.getByRole('radio', { name: '5 stars' }).check();
    await visitor.page.getByLabel('Your review').fill('Use it every morning.');
    await visitor.page.getByLabel('Your name').fill('Bo');
    expect(await visitor.page.getByLabel('Email (never shown)').count()).toBe(0);
    await visitor.page.getByRole('button', { name: 'Send review' }).click();
    await visitor.page.getByText('Thank you! Your review will appear once the shop has approved it.').waitFor();
    const row = await store.worker.db.prepare("SELECT email, verified_buyer FROM reviews WHERE author_name = 'Bo'").first();
    expect(row).toEqual({ email: 'buyer@example.com', verified_buyer: 1 });
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });
});
