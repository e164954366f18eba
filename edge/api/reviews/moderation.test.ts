import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { TestVisitor } from '../commerce/test-visitor.js';

/** The owner app's moderation calls over HTTP: the list with product names, bulk status. */
let worker: RunningWorker;
let mugId: string;
let owner: SignedIn;
let reporter: SignedIn;

beforeAll(async () => {
  worker = await startWorker();
  const page = (await (await worker.fetch('/shop/speckled-stoneware-mug?format=json')).json()) as { item: { id: string } };
  mugId = page.item.id;
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  await createSiteUser(worker, { email: 'reporter@moderation.test', password: 'moderation-Password-1', roles: [3] });
  reporter = await signIn(worker, 'reporter@moderation.test', 'moderation-Password-1');
}, 60_000);
afterAll(() => worker?.dispose());

async function write(n: number): Promise<string[]> {
  const v = new TestVisitor(worker, '198.51.100.77');
  await v.visit('/about');
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await v.send('POST', '/api/reviews', { itemId: mugId, rating: 4, body: `Bulk review ${i}`, name: `Writer ${i}`, email: `w${i}@example.com` });
    expect(res.status).toBe(201);
    ids.push(res.json.review.id);
  }
  return ids;
}

const bulk = (who: SignedIn | undefined, body: unknown, crumb = true) =>
  worker.fetch('/api/reviews/moderation/status', {
    method: 'POST',
    headers: { ...(who ? (crumb ? who.headers : { Cookie: who.cookie }) : {}), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /api/reviews/moderation/status', () => {
  it('publishes several reviews in one call, which the product page then shows', async () => {
    const ids = await write(3);
    const queue = (await (await worker.fetch('/api/reviews/moderation?status=pending', { headers: owner.headers })).json()) as { reviews: { id: string; productName: string; productUrl: string }[] };
    expect(queue.reviews.find((r) => r.id === ids[0])).toMatchObject({ productName: expect.stringContaining('Mug'), productUrl: '/shop/speckled-stoneware-mug' });

    expect((await bulk(undefined, { ids, status: 'published' })).status).toBe(401);
    expect((await bulk(owner, { ids, status: 'published' }, false)).status).toBe(401);
    expect((await bulk(reporter, { ids, status: 'published' })).status).toBe(403);
    expect((await bulk(owner, { ids: [], status: 'published' })).status).toBe(400);
    expect((await bulk(owner, { ids, status: 'gone' })).status).toBe(400);

    const res = await bulk(owner, { ids: [ids[0], ids[1], 'not-a-review'], status: 'published' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; changed: string[] };
    expect(body.status).toBe('published');
    expect(body.changed.sort()).toEqual([ids[0], ids[1]].sort());

    const html = await (await worker.fetch('/shop/speckled-stoneware-mug')).text();
    expect(html).toContain('Bulk review 0');
    expect(html).toContain('Bulk review 1');
    expect(html).not.toContain('Bulk review 2');

    const rejected = await bulk(owner, { ids: [ids[2]], status: 'rejected' });
    expect(((await rejected.json()) as { changed: string[] }).changed).toEqual([ids[2]]);
    const list = (await (await worker.fetch('/api/reviews/moderation?status=rejected', { headers: owner.headers })).json()) as { reviews: { id: string }[] };
    expect(list.reviews.map((r) => r.id)).toContain(ids[2]);
  });
});

describe('/config/reviews and the navigation the app gets', () => {
  it('offers a moderator the reviews screen and nothing of the store, and refuses a reporter', async () => {
    await createSiteUser(worker, { email: 'moderator@moderation.test', password: 'moderation-Password-1', roles: [6] });
    const moderator = await signIn(worker, 'moderator@moderation.test', 'moderation-Password-1');
    const page = await worker.fetch('/config/reviews', { headers: { Cookie: moderator.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const raw = /id="owner-app" data-props="([^"]*)"/.exec(html)?.[1] ?? '';
    const props = JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')) as { screens: { path: string; area: string }[]; siteTitle: string; timeZone: string };
    expect(props.screens).toEqual([{ path: '/config/reviews', label: 'Reviews', area: 'Products' }]);
    expect(props.siteTitle).toBeTruthy();
    expect(props.timeZone).toBeTruthy();
    expect((await worker.fetch('/config/reviews', { headers: { Cookie: reporter.cookie } })).status).toBe(403);
    const anonymous = await (await worker.fetch('/config/reviews')).text();
    expect(anonymous).toContain('action="/config/sign-in"');
  });
});
