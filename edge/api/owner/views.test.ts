import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** /api/owner/views over HTTP: each contributor's saved table views per screen. */
let worker: RunningWorker;
let owner: SignedIn;
let moderator: SignedIn;
let shopper: SignedIn;

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  await createSiteUser(worker, { email: 'moderator@views.test', password: 'views-Password-1', roles: [6] });
  moderator = await signIn(worker, 'moderator@views.test', 'views-Password-1');
  await createSiteUser(worker, { email: 'shopper@views.test', password: 'views-Password-1' });
  shopper = await signIn(worker, 'shopper@views.test', 'views-Password-1');
}, 60_000);
afterAll(() => worker?.dispose());

const STATE = { sort: [{ id: 'grandTotalCents', desc: true }], search: 'mug', filters: { status: 'paid', from: '2026-01-01' }, hidden: ['email'], pageSize: 10 };

async function call(who: SignedIn | undefined, method: string, path: string, body?: unknown, crumb = true) {
  const headers: Record<string, string> = who ? (crumb ? { ...who.headers } : { Cookie: who.cookie }) : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await worker.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
}

describe('saved views', () => {
  it('saves, lists, renames, updates and deletes a view of one screen', async () => {
    const made = await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: '  Big paid orders ', state: STATE });
    expect(made.status).toBe(201);
    expect(made.json.view).toMatchObject({ name: 'Big paid orders', state: STATE });
    const id: string = made.json.view.id;

    const list = await call(owner, 'GET', '/api/owner/views?screen=orders');
    expect(list.status).toBe(200);
    expect(list.json.views.map((v: { name: string }) => v.name)).toEqual(['Big paid orders']);
    expect((await call(owner, 'GET', '/api/owner/views?screen=reviews')).json.views).toEqual([]);

    const renamed = await call(owner, 'PUT', `/api/owner/views/${id}`, { name: 'Dear orders' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.view).toMatchObject({ id, name: 'Dear orders', state: STATE });
    const changed = await call(owner, 'PUT', `/api/owner/views/${id}`, { state: { ...STATE, hidden: [] } });
    expect(changed.json.view.state.hidden).toEqual([]);

    expect((await call(owner, 'DELETE', `/api/owner/views/${id}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/api/owner/views/${id}`)).status).toBe(404);
    expect((await call(owner, 'GET', '/api/owner/views?screen=orders')).json.views).toEqual([]);
  });

  it('keeps each contributor to their own views', async () => {
    const mine = await call(moderator, 'POST', '/api/owner/views', { screen: 'reviews', name: 'Mine', state: STATE });
    expect(mine.status).toBe(201);
    expect((await call(owner, 'GET', '/api/owner/views?screen=reviews')).json.views).toEqual([]);
    expect((await call(owner, 'PUT', `/api/owner/views/${mine.json.view.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await call(owner, 'DELETE', `/api/owner/views/${mine.json.view.id}`)).status).toBe(404);
    expect((await call(moderator, 'GET', '/api/owner/views?screen=reviews')).json.views[0].name).toBe('Mine');
  });

  it('refuses anonymous visitors, shoppers, a missing crumb, bad input and a second view of one name', async () => {
    expect((await call(undefined, 'GET', '/api/owner/views?screen=orders')).status).toBe(401);
    expect((await call(shopper, 'GET', '/api/owner/views?screen=orders')).status).toBe(403);
    expect((await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'No crumb', state: STATE }, false)).status).toBe(401);
    expect((await call(owner, 'GET', '/api/owner/views?screen=../x')).status).toBe(400);

    const blank = await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: '   ', state: STATE });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ error: 'invalid_request', fields: { name: 'Please enter a name for the view.' } });
    expect((await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'x', state: { ...STATE, pageSize: 0 } })).status).toBe(400);
    expect((await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'x', state: { ...STATE, extra: 1 } })).status).toBe(400);
    expect((await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'x', state: { ...STATE, sort: [STATE.sort[0], STATE.sort[0]] } })).status).toBe(400);
    expect((await call(owner, 'PUT', '/api/owner/views/nothex', { name: 'y' })).status).toBe(404);
    expect((await call(owner, 'PUT', `/api/owner/views/${'0'.repeat(32)}`, {})).status).toBe(400);

    expect((await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'Twice', state: STATE })).status).toBe(201);
    const again = await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'Twice', state: STATE });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'name_taken', message: 'A view with that name already exists.' });
    const other = await call(owner, 'POST', '/api/owner/views', { screen: 'orders', name: 'Once', state: STATE });
    expect((await call(owner, 'PUT', `/api/owner/views/${other.json.view.id}`, { name: 'Twice' })).status).toBe(409);
  });

  it('keeps at most 50 views per screen, even when 60 are saved at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(moderator, 'POST', '/api/owner/views', { screen: 'form-submissions', name: `View ${i}`, state: STATE })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.json.error)).toEqual(Array(10).fill('too_many_views'));
    expect((await call(moderator, 'GET', '/api/owner/views?screen=form-submissions')).json.views).toHaveLength(50);
  });
});
