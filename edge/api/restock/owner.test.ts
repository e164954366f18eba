import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { queuedMails } from '../forms/test-mail-log.js';
import { TestVisitor } from '../forms/test-visitor.js';
import { RESTOCK_PATH as BASE, soldOutMoonJar, type SoldOutVariant } from './test-restock.js';

let worker: RunningWorker;
let owner: SignedIn;
let moonJar: SoldOutVariant;

beforeAll(async () => {
  worker = await startWorker();
  ({ moonJar } = await soldOutMoonJar(worker));
  for (let i = 0; i < 3; i++) {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    expect((await v.req('POST', BASE, { ...moonJar, email: `waiter${i}@example.com` })).status).toBe(200);
  }
  const { email, password } = await demoOwner();
  owner = await signIn(worker, email, password);
});
afterAll(() => worker?.dispose());

const post = (path: string, body: unknown, headers = owner.headers) =>
  worker.fetch(path, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('owner side of restock sign-ups', () => {
  it('refuses anonymous visitors', async () => {
    expect((await worker.fetch(`${BASE}/groups`)).status).toBe(401);
  });

  it('lists groups and pages through the sign-ups of a variant', async () => {
    const groups = await (await worker.fetch(`${BASE}/groups`, { headers: owner.headers })).json();
    expect(groups).toMatchObject({ hasNextPage: false, nextPageCursor: null, readyToSend: 0 });
    expect(groups.signUpGroups).toEqual([expect.objectContaining({ ...moonJar, productTitle: 'Moon Jar', pendingCount: 3, inStock: false })]);
    const q = `productId=${moonJar.productId}&variantId=${moonJar.variantId}`;
    const list = await (await worker.fetch(`${BASE}?${q}`, { headers: owner.headers })).json();
    expect(list.signUps.map((s: { email: string }) => s.email).sort()).toEqual(['waiter0@example.com', 'waiter1@example.com', 'waiter2@example.com']);
    expect(list.hasNextPage).toBe(false);
  });

  it('offers the send once stock returns, and two concurrent sends mail each sign-up exactly once', async () => {
    await worker.db.prepare('UPDATE variants SET qty_in_stock = 5 WHERE id = ?').bind(moonJar.variantId).run();
    const groups = await (await worker.fetch(`${BASE}/groups`, { headers: owner.headers })).json();
    expect(groups.readyToSend).toBe(3);
    expect(groups.signUpGroups[0].inStock).toBe(true);
    const [a, b] = await Promise.all([post(`${BASE}/send`, moonJar), post(`${BASE}/send/all`, { sendRequests: [moonJar] })]);
    const sent = (await a.json()).sent + (await b.json()).sent;
    expect(sent).toBe(3);
    const mails = (await queuedMails(worker)).filter((m) => m.kind === 'restock-notice');
    expect(mails.map((m) => m.to).sort()).toEqual(['waiter0@example.com', 'waiter1@example.com', 'waiter2@example.com']);
    expect(mails[0]!.subject).toBe('Moon Jar is back in stock');
    expect((await (await worker.fetch(`${BASE}/groups`, { headers: owner.headers })).json()).signUpGroups).toEqual([]);
  });
});
