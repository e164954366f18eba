import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { islandsHydrated, itemIdOf, useStorefront, visitorApi, type Visitor } from './harness.js';
import { demoOwnerSession } from './owner-harness.js';
import { seedGiftCard } from '../../edge/api/commerce/test-gift-cards.js';

/**
 * Issue 29, looked at as a French shopper on a 390 px phone: the checkout's gift-card row, pay
 * button and summary lines keep their shape with the longer French words; the page's own colons
 * take French's no-break space ('Taille :', 'Sous-total (1 article) :', 'Total :'); the review
 * average is '4,5'; the 404 and search pages' title and search words are French, and the 404's search
 * placeholder shows whole at 320, 390 and 1280 px (lang25). English pages stay as they were.
 */
const store = useStorefront();
const PHONE = { width: 390, height: 844 };
const NBSP = '\u00a0';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const box = async (locator: Locator) => (await locator.boundingBox())!;

async function phoneWithMug(): Promise<Visitor> {
  const visitor = await store.visitor({ viewport: PHONE });
  const itemId = await itemIdOf(store, '/shop/speckled-stoneware-mug');
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null });
  return visitor;
}

/** The element's width against the same text laid out on its own (no stretching). */
const stretch = (locator: Locator) =>
  locator.evaluate((el) => {
    const probe = document.createElement('span');
    probe.textContent = el.textContent;
    probe.style.cssText = 'position:absolute;white-space:nowrap;visibility:hidden';
    el.parentElement!.append(probe);
    const extra = el.getBoundingClientRect().width - probe.getBoundingClientRect().width;
    probe.remove();
    return extra;
  });

/**
 * Where the field's placeholder should end, from its width in its own font (px from the field's
 * left edge), and where its drawn letters do end, read from the field's pixels: a placeholder
 * does not wrap and an input's scrollWidth does not count it, and a search field's hidden clear
 * button can still take room from its text box, so only the drawn pixels tell a cut-off last letter.
 */
async function placeholderEnds(field: Locator): Promise<{ expected: number; drawn: number }> {
  const expected = await field.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el, '::placeholder');
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return el.clientLeft + parseFloat(getComputedStyle(el).paddingLeft) + canvas.measureText(el.placeholder).width;
  });
  const shot = PNG.sync.read(await field.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' }));
  const dark = (x: number, y: number) => {
    const i = (y * shot.width + x) * 4;
    return 0.3 * shot.data[i]! + 0.59 * shot.data[i + 1]! + 0.11 * shot.data[i + 2]! < 180;
  };
  // Inside the border and its rounded corners: the letters' ink only.
  let drawn = 0;
  for (let x = 4; x < shot.width - 4; x += 1) {
    for (let y = 4; y < shot.height - 4; y += 1) if (dark(x, y)) drawn = x + 1;
  }
  return { expected, drawn };
}

describe('the French storefront on a phone', () => {
  it('checkout: the gift-card button goes under its field, the pay button keeps its amount whole, summary amounts are not stretched', async () => {
    for (const [path, apply] of [['/fr/checkout', 'Appliquer la carte cadeau'], ['/checkout', 'Apply gift card']] as const) {
      const { page } = await phoneWithMug();
      await page.goto(store.url(path));
      await islandsHydrated(page, '[data-island="checkout"]');
      // The country select names the countries in the page's language (lang20).
      expect(await page.locator('#country option:checked').textContent()).toBe(path.startsWith('/fr') ? 'États-Unis' : 'United States');
      expect(await page.locator('#country option[value="DE"]').textContent()).toBe(path.startsWith('/fr') ? 'Allemagne' : 'Germany');
      const field = page.locator('.field:has(#giftCardCode)');
      const [label, input, button] = await Promise.all([box(field.locator('label')), box(field.locator('input')), box(field.getByRole('button', { name: apply }))]);
      // The label sits above the field on one line, the field keeps at least 8rem, the button never overlaps it.
      expect(label.y + label.height).toBeLessThanOrEqual(input.y + 1);
      expect(label.height).toBeLessThan(30);
      expect(input.width).toBeGreaterThanOrEqual(128);
      const besideOrUnder = button.x >= input.x + input.width - 1 || button.y >= input.y + input.height - 1;
      expect(besideOrUnder).toBe(true);
      // English still fits beside the field; the French button takes the next line.
      expect(button.y >= input.y + input.height - 1).toBe(path.startsWith('/fr'));

      const pay = page.locator('button.checkout-pay');
      const amount = pay.locator('.checkout-pay-amount');
      const [payBox, amountBox] = await Promise.all([box(pay), box(amount)]);
      expect(amountBox.height).toBeLessThan(30);
      expect(amountBox.x).toBeGreaterThanOrEqual(payBox.x);
      expect(amountBox.x + amountBox.width).toBeLessThanOrEqual(payBox.x + payBox.width);

      await page.locator('.order-summary-toggle').click();
      const subtotal = page.locator('[data-line="subtotal"] > :last-child');
      await subtotal.waitFor();
      expect(await stretch(subtotal)).toBeLessThan(2);
      expect(await stretch(page.locator('[data-line="shipping"] > :last-child'))).toBeLessThan(2);
      // The text still reads as one line for copy and screen readers.
      expect(await page.locator('[data-line="subtotal"]').innerText()).toMatch(path.startsWith('/fr') ? /^Sous-total: 36,00\s\$US$/ : /^Subtotal: \$36\.00$/);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });

  it("checkout: an applied gift card's lines read 'Carte cadeau (se terminant par …)' and 'À payer par carte' (lang20)", async () => {
    const card = await seedGiftCard(store.worker.db, 1000);
    const { page } = await phoneWithMug();
    await page.goto(store.url('/fr/checkout'));
    await islandsHydrated(page, '[data-island="checkout"]');
    await page.getByLabel('Code de la carte cadeau').fill(card.code);
    await page.getByRole('button', { name: 'Appliquer la carte cadeau' }).click();
    const summary = page.locator('.summary-totals');
    await expect.poll(() => summary.textContent()).toContain(`Carte cadeau (se terminant par ${card.code.slice(-4)})`);
    expect(await summary.textContent()).toContain('À payer par carte');
    expect(await summary.textContent()).not.toContain('To pay by card');
  });

  it('product page: French label colons and the review average in French numbers; English as before', async () => {
    const owner = await demoOwnerSession(store.worker);
    const moonJar = await itemIdOf(store, '/shop/moon-jar');
    const writer = await store.visitor({ viewport: PHONE });
    const ids: string[] = [];
    for (const rating of [5, 4]) {
      const written = await visitorApi(store, writer, 'POST', '/api/reviews', { itemId: moonJar, rating, body: 'Une très belle jarre.', name: `Client ${rating}`, email: `client${rating}@example.fr` });
      ids.push(written.review.id);
    }
    const published = await store.worker.fetch('/api/reviews/moderation/status', { method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ ids, status: 'published' }) });
    expect(published.status).toBe(200);

    const { page } = await store.visitor({ viewport: PHONE });
    await page.goto(store.url('/fr/shop/moon-jar'));
    expect(await page.locator('.reviews-summary strong').textContent()).toBe('4,5');
    await page.goto(store.url('/shop/moon-jar'));
    expect(await page.locator('.reviews-summary strong').textContent()).toBe('4.5');

    for (const [path, labels] of [['/fr/shop/speckled-stoneware-mug', [`Taille${NBSP}: `, `Émail${NBSP}: `, `Quantité${NBSP}:`]], ['/shop/speckled-stoneware-mug', ['Size: ', 'Glaze: ', 'Quantity:']]] as const) {
      await page.goto(store.url(path));
      await islandsHydrated(page, '[data-island="product-form"]');
      const purchase = page.locator('.product-purchase');
      expect(await purchase.locator('label.variant-option-title, label.quantity-label').allTextContents()).toEqual(labels);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });

  it("cart and order confirmation: 'Sous-total (1 article) :' and 'Total :' with the no-break space; English 'Subtotal (1 item): ', 'Total: '", async () => {
    const visitor = await phoneWithMug();
    const { page } = visitor;
    const summary = page.locator('.cart-summary > div').first();
    // The server's line (the island waits for its script) and the island's own.
    const served = await (await visitor.context.request.get(store.url('/fr/cart'))).text();
    expect(served).toContain(`Sous-total (1 article)${NBSP}: <strong>`);
    await page.goto(store.url('/fr/cart'));
    await islandsHydrated(page, '[data-island="cart"]');
    await expect.poll(() => summary.textContent()).toMatch(new RegExp(`^Sous-total \\(1 article\\)${NBSP}: 36,00\\s\\$US$`));
    await page.goto(store.url('/cart'));
    await islandsHydrated(page, '[data-island="cart"]');
    await expect.poll(() => summary.textContent()).toBe('Subtotal (1 item): $36.00');
    expect(await (await visitor.context.request.get(store.url('/cart'))).text()).toContain('Subtotal (1 item): <strong>');

    const crumb = (await visitor.context.cookies(store.url('/'))).find((c) => c.name === 'crumb')!.value;
    const placed = await visitor.context.request.post(store.url('/api/commerce/orders'), {
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb, 'Idempotency-Key': randomUUID() },
      data: JSON.stringify({
        email: 'amelie@example.fr', language: 'fr',
        shippingAddress: { firstName: 'Amélie', lastName: 'Dupont', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
        payment: { provider: 'test', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } },
      }),
    });
    expect(placed.status()).toBe(201);
    const { confirmationUrl } = (await placed.json()) as { confirmationUrl: string };
    await page.goto(store.url(confirmationUrl));
    expect(await page.locator('.order-total').textContent()).toMatch(new RegExp(`^Total${NBSP}: 36,00\\s\\$US$`));
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto(store.url(confirmationUrl.replace(/^\/fr/, '')));
    expect(await page.locator('.order-total').textContent()).toBe('Total: $36.00');
  });

  it("404 and search pages: 'Page introuvable' and French search words under /fr, English on the primary's paths", async () => {
    store.allow(/HTTP 404 \/(fr\/)?no-such-page|Failed to load resource: the server responded with a status of 404/);
    const { page } = await store.visitor({ viewport: PHONE });
    await page.goto(store.url('/fr/no-such-page'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    const search = page.locator('.not-found-search');
    expect(await search.getByRole('button').textContent()).toBe('Rechercher');
    expect(await search.getByLabel('Rechercher sur le site').count()).toBe(1);
    expect(await search.getAttribute('action')).toBe('/fr/search');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto(store.url('/no-such-page'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await search.getByRole('button').textContent()).toBe('Search');
    expect(await search.getByLabel('Search the site').count()).toBe(1);

    // lang25: the field's placeholder shows whole: its letters are drawn as far as its width in
    // its own font reaches (a cut-off last letter ends the ink short of it).
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [path, placeholder] of [['/fr/no-such-page', 'Rechercher des produits et des articles'], ['/no-such-page', 'Search products and posts']] as const) {
        await page.goto(store.url(path));
        const field = search.locator('input[type="search"]');
        expect(await field.getAttribute('placeholder')).toBe(placeholder);
        const { expected, drawn } = await placeholderEnds(field);
        expect(drawn, `${path} at ${width} px`).toBeGreaterThan(100);
        expect(drawn, `${path} at ${width} px: the placeholder's ink ends at ${drawn} px, its text at ${expected.toFixed(1)} px`).toBeGreaterThanOrEqual(expected - 2);
        expect(await noSidewaysScroll(page)).toBe(true);
      }
    }
    await page.setViewportSize(PHONE);

    // The search page itself: its heading, label and button.
    for (const [path, word] of [['/fr/search?q=tasse', 'Rechercher'], ['/search?q=mug', 'Search']] as const) {
      await page.goto(store.url(path));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(word);
      const form = page.locator('main .search-form');
      expect(await form.getByRole('button').textContent()).toBe(word);
      expect(await form.getByLabel(word, { exact: true }).count()).toBe(1);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });
});
