import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, type RunningWorker } from '../../test-support.js';
import { heldNow, itemIdOf, variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const ENTRIES = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';
const TEXT = {
  number: 'Quantity must be a number.',
  whole: 'Quantity must be a whole number',
  variant: 'Sorry, that item variant is unavailable. Please select another variant.',
  stock: 'Sorry, we do not have enough of that item available.',
  giftCard: 'Select a denomination for the Gift Card',
  crumb: 'Your session has expired. Please reload the page and try again.',
};

let ipCounter = 0;
/** A fresh visitor that has loaded a page (so it holds a crumb), on its own address. */
async function visitor(): Promise<TestVisitor> {
  const v = new TestVisitor(worker, `198.51.100.${++ipCounter}`);
  await v.visit('/');
  return v;
}

async function countCarts(): Promise<number> {
  return (await worker.db.prepare('SELECT COUNT(*) AS n FROM carts').first<{ n: number }>())!.n;
}

describe('POST /api/commerce/shopping-cart/entries', () => {
  it('refuses additionalFields nested thousands deep with a 400, as text or as an object (issue 33, finding 4)', async () => {
    const v = await visitor();
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    const before = await countCarts();
    const asText = await v.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 1, additionalFields: deep });
    expect(asText.status).toBe(400);
    expect(asText.json).toMatchObject({ error: 'too_deep' });
    const asObject = await v.send('POST', ENTRIES, `{"itemId":"${mug.itemId}","sku":"${mug.sku}","quantity":1,"additionalFields":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`);
    expect(asObject.status).toBe(400);
    expect(asObject.json).toMatchObject({ error: 'too_deep', message: 'The request body is nested too deeply (at most 32 levels).' });
    expect(await countCarts()).toBe(before);
  });

  it('refuses a call without the crumb with 401 crumbFail and creates nothing', async () => {
    const v = await visitor();
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const before = await countCarts();
    const r = await v.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 1, additionalFields: null }, { crumb: false });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ crumbFail: true, error: 'crumb_fail', message: TEXT.crumb });
    const wrong = await v.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 1 }, { headers: { 'X-CSRF-Token': 'A'.repeat(22) } });
    expect(wrong.status).toBe(401);
    expect(await countCarts()).toBe(before);
    expect(v.cookie('CART')).toBeUndefined();
  });

  it('answers every bad input with a 400 and its exact text, changing nothing', async () => {
    const v = await visitor();
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const giftCard = await itemIdOf(worker.db, 'gift-card');
    const tumbler = await variantOf(worker.db, 'FK-TUM-ASH');
    const before = await countCarts();
    const add = (body: unknown) => v.send('POST', ENTRIES, body);
    const cases: [unknown, string][] = [
      [{ itemId: mug.itemId, sku: mug.sku, quantity: 'abc', additionalFields: null }, TEXT.number],
      [{ itemId: mug.itemId, sku: mug.sku, quantity: '2', additionalFields: null }, TEXT.number],
      [{ itemId: mug.itemId, sku: mug.sku, quantity: 1.5, additionalFields: null }, TEXT.whole],
      [{ itemId: mug.itemId, sku: mug.sku, quantity: 0 }, 'Quantity must be between 1 and 9999.'],
      [{ itemId: mug.itemId, sku: mug.sku, quantity: 10000 }, 'Quantity must be between 1 and 9999.'],
      [{ itemId: mug.itemId, sku: mug.sku }, 'Quantity is required.'],
      [{ itemId: 'no-such-item', sku: mug.sku, quantity: 1 }, TEXT.variant],
      [{ itemId: mug.itemId, sku: tumbler.sku, quantity: 1 }, TEXT.variant],
      [{ itemId: mug.itemId, sku: null, quantity: 1 }, TEXT.variant],
      [{ itemId: giftCard, sku: null, quantity: 1 }, TEXT.giftCard],
      [{ itemId: mug.itemId, sku: mug.sku, quantity: 1, additionalFields: '{not json' }, 'additionalFields must be JSON text, an object or null.'],
    ];
    for (const [body, message] of cases) {
      const r = await add(body);
      expect({ body, status: r.status, message: r.json?.message }).toEqual({ body, status: 400, message });
    }
    const unknownField = await add({ itemId: mug.itemId, sku: mug.sku, quantity: 1, priceCents: 1 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.error).toBe('invalid_request');
    const wrongType = await add({ itemId: 42, sku: mug.sku, quantity: 1 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.fields).toHaveProperty('itemId');
    const malformed = await v.send('POST', ENTRIES, '{"itemId": ');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/malformed json/i);
    // DESIGN: oversize bodies are 413 (the shared body guard), before anything is read.
    const big = await v.send('POST', ENTRIES, JSON.stringify({ itemId: mug.itemId, sku: mug.sku, quantity: 1, additionalFields: 'x'.repeat(70_000) }));
    expect(big.status).toBe(413);
    expect(await countCarts()).toBe(before);
    expect(v.cookie('CART')).toBeUndefined();
  });

  it('adds with the D1 price, sets the cookies, and merges the same line', async () => {
    const v = await visitor();
    const bowl = await variantOf(worker.db, 'FK-NBW-S'); // on sale: 2600 instead of 3200
    const r = await v.send('POST', ENTRIES, { itemId: bowl.itemId, sku: bowl.sku, quantity: 2, additionalFields: null });
    expect(r.status).toBe(200);
    const cart = r.json.shoppingCart;
    expect(cart).toMatchObject({
      totalQuantity: 2, subtotalCents: 5200, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 5200,
      currency: 'USD', subtotalMoney: { currency: 'USD', value: '52.00' }, hasDigital: false, purelyDigital: false, requiresShipping: true,
      isPurchased: false, orderId: null, shippingOptions: [], selectedShippingOption: null, shippingLocation: null, applicableTaxRules: [],
      coupons: [], validCoupons: [], invalidCoupons: [],
    });
    expect(cart.id).toEqual(expect.any(String));
    expect(cart.entries).toHaveLength(1);
    const entry = cart.entries[0];
    expect(entry).toMatchObject({
      itemId: bowl.itemId, title: 'Nesting Bowl Set', quantity: 2, purchasePriceCents: 2600, subTotal: 5200, subTotalCents: 5200,
      chosenVariant: { sku: 'FK-NBW-S', attributes: { Size: 'Small' } }, additionalFields: null,
    });
    expect(entry.holdExpiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(entry.holdExpiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(r.json.newlyAdded).toMatchObject({ id: entry.id, quantity: 2 });

    const setCookies = v.setCookies.join('\n');
    expect(setCookies).toMatch(/CART=[A-Za-z0-9_-]{32}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookies).toMatch(/hasCart=true; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(setCookies).not.toMatch(/hasCart=true[^\n]*HttpOnly/);

    const again = await v.send('POST', ENTRIES, { itemId: bowl.itemId, sku: bowl.sku, quantity: 1, additionalFields: null });
    expect(again.json.shoppingCart.entries).toHaveLength(1);
    expect(again.json.shoppingCart.entries[0]).toMatchObject({ id: entry.id, quantity: 3 });
    expect(again.json.shoppingCart.id).toBe(cart.id);
    expect(await heldNow(worker.db, 'FK-NBW-S')).toBe(3);
  });
});

describe('stock: holds and 409', () => {
  it('refuses more than the available stock with 409 and the SPEC text, leaving the cart as it was', async () => {
    const v = await visitor();
    const jar = await variantOf(worker.db, 'FK-RIB-T'); // 1 in stock
    const ok = await v.send('POST', ENTRIES, { itemId: jar.itemId, sku: jar.sku, quantity: 1 });
    expect(ok.status).toBe(200);
    const over = await v.send('POST', ENTRIES, { itemId: jar.itemId, sku: jar.sku, quantity: 1 });
    expect(over.status).toBe(409);
    expect(over.json).toEqual({ error: 'insufficient_stock', message: TEXT.stock });
    const cart = await v.send('GET', CART);
    expect(cart.json.shoppingCart.totalQuantity).toBe(1);
    // Another visitor cannot take the held unit, and sees none available.
    const other = await visitor();
    const taken = await other.send('POST', ENTRIES, { itemId: jar.itemId, sku: jar.sku, quantity: 1 });
    expect(taken.status).toBe(409);
    expect(other.cookie('CART')).toBeUndefined();
    const seen = await other.send('GET', `/api/commerce/inventory/stock/?itemId=${jar.itemId}`);
    expect(seen.json.results.find((r: { sku: string }) => r.sku === 'FK-RIB-T')).toEqual({ sku: 'FK-RIB-T', unlimited: false, qtyInStock: 0 });
    // The holder still sees its own unit as available to it.
    const own = await v.send('GET', `/api/commerce/inventory/stock?itemId=${jar.itemId}`);
    expect(own.json.results.find((r: { sku: string }) => r.sku === 'FK-RIB-T').qtyInStock).toBe(1);
  });

  it('refuses a sold-out variant and reports unlimited stock for digital items and gift cards', async () => {
    const v = await visitor();
    const soldOut = await variantOf(worker.db, 'FK-MUG-12-CEL');
    const r = await v.send('POST', ENTRIES, { itemId: soldOut.itemId, sku: soldOut.sku, quantity: 1 });
    expect(r.status).toBe(409);
    const guide = await itemIdOf(worker.db, 'cone-6-glaze-recipe-guide');
    expect((await v.send('GET', `/api/commerce/inventory/stock/?itemId=${guide}`)).json).toEqual({ results: [{ sku: null, unlimited: true, qtyInStock: 0 }] });
    const gift = await itemIdOf(worker.db, 'gift-card');
    const giftStock = await v.send('GET', `/api/commerce/inventory/stock/?itemId=${gift}`);
    expect(giftStock.json.results.every((row: { unlimited: boolean }) => row.unlimited)).toBe(true);
    expect((await v.send('GET', '/api/commerce/inventory/stock/?itemId=nope')).status).toBe(404);
    expect((await v.send('GET', '/api/commerce/inventory/stock/')).status).toBe(400);
  });

  it('adds digital goods and gift cards without holds, and tells what the cart needs', async () => {
    const v = await visitor();
    const guide = await itemIdOf(worker.db, 'cone-6-glaze-recipe-guide');
    const gift = await variantOf(worker.db, 'FK-GC-050');
    const a = await v.send('POST', ENTRIES, { itemId: guide, sku: null, quantity: 1, additionalFields: null });
    expect(a.status).toBe(200);
    const b = await v.send('POST', ENTRIES, { itemId: gift.itemId, sku: gift.sku, quantity: 2, additionalFields: JSON.stringify({ recipient: 'Grace', message: 'Happy birthday' }) });
    expect(b.status).toBe(200);
    const cart = b.json.shoppingCart;
    expect(cart).toMatchObject({ hasDigital: true, purelyDigital: true, requiresShipping: false, totalQuantity: 3 });
    expect(cart.entries.map((e: { holdExpiresAt: unknown }) => e.holdExpiresAt)).toEqual([null, null]);
    expect(cart.entries[1].additionalFields).toEqual({ recipient: 'Grace', message: 'Happy birthday' });
    expect(cart.subtotalCents).toBe(cart.entries[0].purchasePriceCents + 2 * 5000);
  });

  it('keeps a subscribable product out of the shopping cart and gives it a cart of its own', async () => {
    const v = await visitor();
    const club = await variantOf(worker.db, 'FK-CLUB-MONTH');
    const r = await v.send('POST', ENTRIES, { itemId: club.itemId, sku: club.sku, quantity: 1 });
    expect(r.status).toBe(400);
    const sub = await v.send('POST', '/api/3/commerce/cart/subscription', { itemId: club.itemId, sku: club.sku, qty: 1, additionalFields: null });
    expect(sub.status).toBe(200);
    expect(sub.json.cartToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // A separate cart: the visitor's shopping cart is still empty and no cookie names it.
    expect(v.cookie('CART')).toBeUndefined();
    expect((await v.send('GET', CART)).json.shoppingCart.totalQuantity).toBe(0);
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const notSub = await v.send('POST', '/api/3/commerce/cart/subscription', { itemId: mug.itemId, sku: mug.sku, qty: 1 });
    expect(notSub.status).toBe(400);
    expect(notSub.json.message).toBe('This item cannot be bought as a subscription.');
    const badPlan = await v.send('POST', '/api/3/commerce/cart/subscription', { itemId: club.itemId, sku: club.sku, qty: 1, subscriptionOptionId: 'nope' });
    expect(badPlan.status).toBe(400);
    const badQty = await v.send('POST', '/api/3/commerce/cart/subscription', { itemId: club.itemId, sku: club.sku, qty: 'x' });
    expect(badQty.json.message).toBe(TEXT.number);
  });
});

describe('changing entries', () => {
  it('updates quantity (re-holding), removes with 0 or DELETE, and clears hasCart when empty', async () => {
    const v = await visitor();
    const tumbler = await variantOf(worker.db, 'FK-TUM-SEA'); // 6 in stock
    const added = await v.send('POST', ENTRIES, { itemId: tumbler.itemId, sku: tumbler.sku, quantity: 1 });
    const id = added.json.newlyAdded.id;
    const up = await v.send('PUT', `${ENTRIES}/${id}`, { quantity: 4 });
    expect(up.status).toBe(200);
    expect(up.json.shoppingCart).toMatchObject({ totalQuantity: 4, subtotalCents: 4 * tumbler.priceCents });
    expect(await heldNow(worker.db, 'FK-TUM-SEA')).toBe(4);
    const tooMany = await v.send('PUT', `${ENTRIES}/${id}`, { quantity: 7 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe(TEXT.stock);
    expect((await v.send('GET', CART)).json.shoppingCart.totalQuantity).toBe(4);
    expect((await v.send('PUT', `${ENTRIES}/${id}`, { quantity: 1.5 })).json.message).toBe(TEXT.whole);
    expect((await v.send('PUT', `${ENTRIES}/${id}`, { quantity: 2, extra: 1 })).status).toBe(400);
    const removed = await v.send('PUT', `${ENTRIES}/${id}`, { quantity: 0 });
    expect(removed.json.shoppingCart).toMatchObject({ totalQuantity: 0, entries: [] });
    expect(await heldNow(worker.db, 'FK-TUM-SEA')).toBe(0);
    expect(v.cookie('hasCart')).toBeUndefined();
    expect(v.cookie('CART')).toBeDefined();

    const again = await v.send('POST', ENTRIES, { itemId: tumbler.itemId, sku: tumbler.sku, quantity: 2 });
    expect(v.cookie('hasCart')).toBe('true');
    const gone = await v.send('DELETE', `${ENTRIES}/${again.json.newlyAdded.id}`);
    expect(gone.status).toBe(200);
    expect(gone.json.shoppingCart.totalQuantity).toBe(0);
    expect(v.cookie('hasCart')).toBeUndefined();
    expect((await v.send('DELETE', `${ENTRIES}/${again.json.newlyAdded.id}`)).status).toBe(404);
  });

  it('keeps lines apart by additional fields and edits them', async () => {
    const v = await visitor();
    const workshop = await variantOf(worker.db, 'FK-WS-INTRO-0131');
    // Answers to the workshop's form (edge/api/commerce/additional-fields.test.ts checks them).
    const answers = (first: string) => ({ 'attendee-name': [first, 'Hopper'], experience: 'Never' });
    const a = await v.send('POST', ENTRIES, { itemId: workshop.itemId, sku: workshop.sku, quantity: 1, additionalFields: JSON.stringify(answers('Ada')) });
    const b = await v.send('POST', ENTRIES, { itemId: workshop.itemId, sku: workshop.sku, quantity: 1, additionalFields: answers('Grace') });
    expect(b.json.shoppingCart.entries).toHaveLength(2);
    const id = a.json.newlyAdded.id;
    const edited = await v.send('PUT', `${ENTRIES}/${id}/additionalFields`, { itemId: workshop.itemId, sku: workshop.sku, additionalFields: JSON.stringify(answers('Ada L.')) });
    expect(edited.status).toBe(200);
    expect(edited.json.updatedEntry).toMatchObject({ id, additionalFields: answers('Ada L.'), quantity: 1 });
    const clash = await v.send('PUT', `${ENTRIES}/${id}/additionalFields`, { itemId: workshop.itemId, sku: workshop.sku, additionalFields: answers('Grace') });
    expect(clash.status).toBe(409);
    const mismatch = await v.send('PUT', `${ENTRIES}/${id}/additionalFields`, { itemId: 'other', sku: workshop.sku, additionalFields: null });
    expect(mismatch.status).toBe(400);
    // Same answers with keys in another order are the same line.
    const c = await v.send('POST', ENTRIES, { itemId: workshop.itemId, sku: workshop.sku, quantity: 1, additionalFields: { experience: 'Never', 'attendee-name': ['Grace', 'Hopper'] } });
    expect(c.json.shoppingCart.entries).toHaveLength(2);
    expect(c.json.shoppingCart.totalQuantity).toBe(3);
  });
});

describe('isolation', () => {
  it('never shows or changes another visitor\'s cart; a forged CART cookie gets an empty cart', async () => {
    const a = await visitor();
    const pitcher = await variantOf(worker.db, 'FK-PIT-01');
    const added = await a.send('POST', ENTRIES, { itemId: pitcher.itemId, sku: pitcher.sku, quantity: 1 });
    const entryId = added.json.newlyAdded.id;
    const b = await visitor();
    expect((await b.send('GET', CART)).json.shoppingCart).toMatchObject({ totalQuantity: 0, entries: [] });
    expect((await b.send('PUT', `${ENTRIES}/${entryId}`, { quantity: 2 })).status).toBe(404);
    expect((await b.send('DELETE', `${ENTRIES}/${entryId}`)).status).toBe(404);
    expect((await b.send('PUT', `${ENTRIES}/${entryId}/additionalFields`, { itemId: pitcher.itemId, sku: pitcher.sku, additionalFields: null })).status).toBe(404);
    const token = a.cookie('CART')!;
    for (const forged of [token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a'), 'x', `${token}x`]) {
      b.jar.set('CART', forged);
      const r = await b.send('GET', CART);
      expect(r.json.shoppingCart).toMatchObject({ totalQuantity: 0, entries: [] });
      expect(r.json.shoppingCart.id).toBeUndefined();
      expect(b.cookie('CART')).toBeUndefined(); // cleared
    }
    const still = await a.send('GET', CART);
    expect(still.json.shoppingCart).toMatchObject({ totalQuantity: 1 });
    expect(still.json.shoppingCart.entries[0].id).toBe(entryId);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a visitor spends its minute\'s budget of cart writes', async () => {
    const v = await visitor();
    const { granted } = await spendBudget(60, (i) => v.send('DELETE', `${ENTRIES}/none-${i}`));
    expect(granted.length).toBeGreaterThanOrEqual(60);
    expect(granted.every((res) => res.status === 404)).toBe(true);
    const last = await v.send('DELETE', `${ENTRIES}/none`);
    expect(last.status).toBe(429);
    expect(last.json).toEqual({ error: 'rate_limited', message: 'Please try again in a few seconds.' });
    expect(last.headers.get('Retry-After')).toBe('60');
    // Reads are not writes.
    expect((await v.send('GET', CART)).status).toBe(200);
  });
});

describe('/cart page', () => {
  it('renders the visitor\'s cart server-side, never cached, from the same service', async () => {
    const v = await visitor();
    const planter = await variantOf(worker.db, 'FK-PLN-4');
    await v.send('POST', ENTRIES, { itemId: planter.itemId, sku: planter.sku, quantity: 2 });
    const page = await worker.fetch('/cart', { headers: { Cookie: `CART=${v.cookie('CART')}` } });
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Planter with Saucer');
    expect(html).toContain('Qty 2');
    const json = await (await worker.fetch('/cart?format=json', { headers: { Cookie: `CART=${v.cookie('CART')}` } })).json();
    const api = await v.send('GET', CART);
    expect(json.cart).toEqual(api.json.shoppingCart);
    const empty = await (await worker.fetch('/cart?format=json')).json();
    expect(empty.cart).toMatchObject({ totalQuantity: 0, entries: [] });
    expect(await (await worker.fetch('/cart')).text()).toContain('You have nothing in your shopping cart.');
  });
});
