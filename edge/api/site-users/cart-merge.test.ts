import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, startWorker, type RunningWorker } from '../../test-support.js';
import { heldNow, setStock, variantOf } from '../commerce/test-catalog.js';
import { TestVisitor } from '../commerce/test-visitor.js';

/** SPEC §6: on sign-in an anonymous cart merges into the account's cart; sign-out with cloneCart. */
let worker: RunningWorker;
const PASSWORD = 'merge-Password-1';
const ENTRIES = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';
type Json = Record<string, any>;

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => worker?.dispose());

async function shopper(ip: string): Promise<TestVisitor> {
  const v = new TestVisitor(worker, ip);
  await v.send('GET', '/api/site-users/account');
  return v;
}

const signInAs = (v: TestVisitor, email: string) => v.send('POST', '/api/site-users/account/session', { email, password: PASSWORD, rememberMe: false });
const signOut = (v: TestVisitor, cloneCart: boolean) => v.send('DELETE', `/api/site-users/account/session?cloneCart=${cloneCart}`, undefined, xsrf(v));
const xsrf = (v: TestVisitor) => ({ headers: { 'X-CSRF-Token': (v as unknown as { xsrf?: string }).xsrf ?? v.cookie('crumb')! } });
const lines = (cart: Json) =>
  Object.fromEntries((cart.shoppingCart?.entries ?? cart.entries ?? []).map((e: Json) => [e.chosenVariant?.sku ?? e.sku, e.quantity]));

async function cartOf(v: TestVisitor): Promise<Record<string, number>> {
  const res = await v.send('GET', CART);
  expect(res.status).toBe(200);
  return lines(res.json);
}

describe('cart merge on sign-in', () => {
  it('a first sign-in adopts the anonymous cart; on a new device the account cart follows the visitor', async () => {
    const email = 'adopter@merge.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const laptop = await shopper('198.51.100.21');
    expect((await laptop.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 2 })).status).toBe(200);
    const cartCookie = laptop.cookie('CART');
    expect((await signInAs(laptop, email)).status).toBe(200);
    expect(laptop.cookie('CART')).toBe(cartCookie);
    expect(await cartOf(laptop)).toEqual({ [mug.sku]: 2 });

    const phone = await shopper('198.51.100.22');
    const signedIn = await signInAs(phone, email);
    expect(signedIn.status).toBe(200);
    expect(phone.cookie('CART')).toBeTruthy();
    expect(phone.cookie('hasCart')).toBe('true');
    expect(await cartOf(phone)).toEqual({ [mug.sku]: 2 });
  });

  it('merges an anonymous cart into the account cart: new lines join, a shared line keeps the larger quantity, holds move along', async () => {
    const email = 'merger@merge.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const tumbler = await variantOf(worker.db, 'FK-TUM-ASH');
    await setStock(worker.db, mug.sku, 100);
    await setStock(worker.db, tumbler.sku, 100);
    const heldBefore = (await heldNow(worker.db, mug.sku)) + (await heldNow(worker.db, tumbler.sku));

    // Earlier visit: the account's cart gets 3 mugs.
    const earlier = await shopper('198.51.100.23');
    await signInAs(earlier, email);
    (earlier as unknown as { xsrf?: string }).xsrf = undefined;
    expect((await earlier.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 3 })).status).toBe(200);

    // Now, anonymously elsewhere: 1 mug and 2 tumblers.
    const now = await shopper('198.51.100.24');
    await now.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 1 });
    await now.send('POST', ENTRIES, { itemId: tumbler.itemId, sku: tumbler.sku, quantity: 2 });
    expect((await signInAs(now, email)).status).toBe(200);
    expect(await cartOf(now)).toEqual({ [mug.sku]: 3, [tumbler.sku]: 2 });
    // 3 mugs + 2 tumblers held, nothing more: the replaced line's hold was released.
    const heldAfter = (await heldNow(worker.db, mug.sku)) + (await heldNow(worker.db, tumbler.sku));
    expect(heldAfter - heldBefore).toBe(5);
    // The earlier device's cart was merged away: it now has a fresh, empty cart.
    expect(await cartOf(earlier)).toEqual({});
  });

  it('sign-out keeps a copy of the cart with cloneCart=true and forgets it otherwise', async () => {
    const email = 'leaver@merge.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const v = await shopper('198.51.100.25');
    await v.send('POST', ENTRIES, { itemId: mug.itemId, sku: mug.sku, quantity: 1 });
    const signed = await signInAs(v, email);
    (v as unknown as { xsrf?: string }).xsrf = signed.json.xsrfToken;
    const accountCart = v.cookie('CART');
    const out = await signOut(v, true);
    expect(out.status).toBe(200);
    expect(v.cookie('CART')).toBeTruthy();
    expect(v.cookie('CART')).not.toBe(accountCart);
    expect(await cartOf(v)).toEqual({ [mug.sku]: 1 });

    const again = await signInAs(v, email);
    (v as unknown as { xsrf?: string }).xsrf = again.json.xsrfToken;
    expect(await cartOf(v)).toEqual({ [mug.sku]: 1 });
    const gone = await signOut(v, false);
    expect(gone.status).toBe(200);
    expect(v.cookie('CART')).toBeUndefined();
    expect(v.cookie('hasCart')).toBeUndefined();
  });
});
