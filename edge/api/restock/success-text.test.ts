import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** PUT .../restock/success-text: the owner's restock success text per product or site (SPEC §4), behind the restock role. */
let worker: RunningWorker;
let owner: SignedIn;
let moonJarId: string;
const PATH = '/api/site-users/account/notifications/restock/success-text';

const context = async () => (await (await worker.fetch('/shop/moon-jar?format=json')).json()) as {
  item: { id: string };
  productMerchandisingContext: Record<string, { restockNotificationMessages: Record<string, string> }>;
  websiteSettings: { storeSettings: Record<string, unknown> };
};

beforeAll(async () => {
  worker = await startWorker();
  moonJarId = (await context()).item.id;
  const { email, password } = await demoOwner();
  owner = await signIn(worker, email, password);
});
afterAll(() => worker?.dispose());

const put = (body: unknown, headers = owner.headers) =>
  worker.fetch(PATH, { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the restock success text', () => {
  it("is set per product and shows in the product page's merchandising context, keeping the other texts", async () => {
    const res = await put({ productId: moonJarId, text: '  We will write the day it is back.  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ productId: moonJarId, successText: 'We will write the day it is back.' });
    const messages = (await context()).productMerchandisingContext[moonJarId]!.restockNotificationMessages;
    expect(messages.successText).toBe('We will write the day it is back.');
    expect(messages.buttonText).toBeTruthy();
    expect((await put({ productId: moonJarId, text: null })).status).toBe(200);
    expect((await context()).productMerchandisingContext[moonJarId]!.restockNotificationMessages.successText).toBeUndefined();
  });

  it('is set for the whole site without a productId, and cleared by an empty text', async () => {
    expect((await put({ text: 'Thanks! You are on the list.' })).status).toBe(200);
    expect((await context()).websiteSettings.storeSettings.restockSuccessText).toBe('Thanks! You are on the list.');
    expect((await put({ text: '' })).status).toBe(200);
    expect((await context()).websiteSettings.storeSettings.restockSuccessText).toBeUndefined();
  });

  it('refuses anonymous visitors (401), shoppers (403), other products (404) and bad bodies (400)', async () => {
    expect((await worker.fetch(PATH, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"text":"x"}' })).status).toBe(401);
    await createSiteUser(worker, { email: 'restock-shopper@example.com', password: 'shopper-pass-123' });
    const shopper = await signIn(worker, 'restock-shopper@example.com', 'shopper-pass-123');
    expect((await put({ productId: moonJarId, text: 'x' }, shopper.headers)).status).toBe(403);
    expect((await put({ productId: 'no-such-product', text: 'x' })).status).toBe(404);
    expect((await put({ productId: moonJarId, text: 'x'.repeat(201) })).status).toBe(400);
    expect((await put({ productId: moonJarId })).status).toBe(400);
    expect((await put({ productId: moonJarId, text: 'x', extra: 1 })).status).toBe(400);
  });
});
