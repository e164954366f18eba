import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** The page editor's pickers over HTTP: /api/owner/block-sources/products, /api/owner/block-sources/forms and /api/pages/slug-check. */
let worker: RunningWorker;
let owner: SignedIn;
const PASSWORD = 'pickers-Password-1';

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
}, 60_000);
afterAll(() => worker?.dispose());

async function get(path: string, who: SignedIn | null = owner): Promise<{ status: number; json: any }> {
  const res = await worker.fetch(path, { headers: who ? who.headers : {} });
  return { status: res.status, json: await res.json() };
}

describe('the product picker', () => {
  it('finds the site\'s products by title, any case, with % and _ taken literally', async () => {
    const { status, json } = await get('/api/owner/block-sources/products?q=MUG');
    expect(status).toBe(200);
    expect(json.products.map((p: { title: string }) => p.title)).toEqual(['Mug-Making Date Night', 'Speckled Stoneware Mug']);
    const mug = json.products[1];
    expect(mug).toMatchObject({ url: expect.stringMatching(/^\/shop\//), image: expect.stringMatching(/^\/assets\/.+\.svg$/), public: true });
    expect(mug.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await get('/api/owner/block-sources/products?q=%25')).json.products).toEqual([]);
    const all = (await get('/api/owner/block-sources/products?limit=50')).json.products.map((p: { title: string }) => p.title);
    expect(all.length).toBeGreaterThan(20);
    expect(all).toEqual([...all].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await get('/api/owner/block-sources/products?limit=2')).json.products).toHaveLength(2);
    // One product by id (the panel names the block's product), none of another site's or unknown.
    expect((await get(`/api/owner/block-sources/products?id=${mug.id}`)).json.products.map((p: { title: string }) => p.title)).toEqual(['Speckled Stoneware Mug']);
    expect((await get('/api/owner/block-sources/products?id=nope')).json.products).toEqual([]);
  });

  it('marks a draft product as not public', async () => {
    await worker.db.prepare("UPDATE items SET status = 'draft' WHERE title = 'Moon Jar'").run();
    expect((await get('/api/owner/block-sources/products?q=moon')).json.products[0]).toMatchObject({ title: 'Moon Jar', public: false });
  });

  it('refuses a bad limit, visitors and roles that do not edit pages', async () => {
    expect((await get('/api/owner/block-sources/products?limit=500')).status).toBe(400);
    expect((await get('/api/owner/block-sources/products', null)).status).toBe(401);
    await createSiteUser(worker, { email: 'viewer@pickers.test', password: PASSWORD, roles: [10] });
    expect((await get('/api/owner/block-sources/products', await signIn(worker, 'viewer@pickers.test', PASSWORD))).status).toBe(403);
  });
});

describe('the form picker', () => {
  it('lists contact and newsletter forms, never a product\'s additional fields', async () => {
    const { status, json } = await get('/api/owner/block-sources/forms');
    expect(status).toBe(200);
    expect(json.forms.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['Contact the studio', 'contact'],
      ['Kiln Notes newsletter', 'newsletter'],
    ]);
    expect(json.forms[0].fields).toBeGreaterThan(0);
    expect((await get('/api/owner/block-sources/forms', null)).status).toBe(401);
  });
});

describe('the slug check', () => {
  it('answers the slug a typed text becomes and whether a page may take it (SPEC §5 texts)', async () => {
    expect((await get('/api/pages/slug-check?slug=Spring%20Workshops!')).json).toEqual({ slug: 'spring-workshops', available: true, message: null });
    // A collection's URL and an existing page's slug are taken; the page itself may keep its own.
    expect((await get('/api/pages/slug-check?slug=shop')).json).toEqual({ slug: 'shop', available: false, message: 'shop is already used by another page.' });
    const created = await worker.fetch('/api/pages', { method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'Firing days' }) });
    const page = ((await created.json()) as { page: { id: string; slug: string } }).page;
    expect(page.slug).toBe('firing-days');
    expect((await get('/api/pages/slug-check?slug=firing-days')).json.available).toBe(false);
    expect((await get(`/api/pages/slug-check?slug=firing-days&page=${page.id}`)).json.available).toBe(true);
    expect((await get('/api/pages/slug-check?slug=%21%21')).json).toEqual({ slug: '', available: false, message: '!! is not a valid page URL' });
    expect((await get('/api/pages/slug-check?slug=config')).json).toEqual({ slug: 'config', available: false, message: 'config is reserved for the site itself; choose another page URL.' });
    expect((await get('/api/pages/slug-check')).status).toBe(400);
    expect((await get('/api/pages/slug-check?slug=a', null)).status).toBe(401);
  });
});

describe('the donation limits', () => {
  it('answers the site currency, locale and donation limits: the defaults, then what the owner set', async () => {
    const path = '/api/owner/block-sources/donation-limits';
    expect(await get(path)).toEqual({ status: 200, json: { currency: 'USD', locale: 'en-US', minCents: 100, maxCents: 1_000_000 } });
    const put = await worker.fetch('/api/v1/commerce-preferences/donations', {
      method: 'PUT',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limits: { USD: { minCents: 500, maxCents: 20_000 } } }),
    });
    expect(put.status).toBe(200);
    expect((await get(path)).json).toEqual({ currency: 'USD', locale: 'en-US', minCents: 500, maxCents: 20_000 });
    expect((await get(path, null)).status).toBe(401);
    await createSiteUser(worker, { email: 'viewer@limits.test', password: PASSWORD, roles: [10] });
    expect((await get(path, await signIn(worker, 'viewer@limits.test', PASSWORD))).status).toBe(403);
  });
});
