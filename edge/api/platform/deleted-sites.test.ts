import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCookies, startWorker, testAddress, type RunningWorker } from '../../test-support.js';

/** The platform's "Deleted sites" (issue 34 part G): listed with their purge day, restored by their owner only. */
let worker: RunningWorker;
const HOST = 'app.localhost';
const CRUMB = 'crumb-for-deleted-sites-0123';
type Json = Record<string, any>;

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => worker?.dispose());

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return worker.fetch(path, {
    host: HOST,
    method,
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, 'CF-Connecting-IP': testAddress(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newOwner(email: string): Promise<Record<string, string>> {
  expect((await send('POST', '/api/platform/owners', { email, password: 'deleted-Pass-1' })).status).toBe(202);
  const mail = await worker.db.prepare('SELECT text_body AS text FROM mail_outbox WHERE to_address = ? ORDER BY created_on DESC LIMIT 1').bind(email).first<{ text: string }>();
  const verified = await send('POST', '/api/platform/owners/verify', { token: /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1] });
  return { Cookie: `crumb=${CRUMB}; PlatformSession=${responseCookies(verified).get('PlatformSession')}` };
}

describe('deleted sites on the platform', () => {
  it('lists a deleted site under Deleted sites with Restore; its owner restores it, another owner gets 404', async () => {
    const owner = await newOwner('keeper@deleted.test');
    const other = await newOwner('stranger@deleted.test');
    const created = await send('POST', '/api/platform/sites', { title: 'Gone Soon', starter: 'blank', slug: 'gone-soon' }, owner);
    expect(created.status).toBe(201);
    const id = ((await created.json()) as Json).site.id as string;
    const deletedOn = Date.UTC(2026, 10, 1);
    // Deleted as the owner's delete does it: the site's row on its shard and its directory row.
    const { shard } = (await worker.db.prepare('SELECT shard FROM websites WHERE id = ?1').bind(id).first<{ shard: number }>())!;
    for (const db of new Set([worker.db, worker.shards[shard]!])) {
      await db.prepare('UPDATE websites SET deleted_on = ?2, content_version = content_version + 1 WHERE id = ?1').bind(id, deletedOn).run();
    }
    expect((await worker.fetch('/', { host: 'gone-soon.localhost' })).status).toBe(410);

    const list = (await (await send('GET', '/api/platform/sites', undefined, owner)).json()) as Json;
    expect(list.sites).toEqual([expect.objectContaining({ id, title: 'Gone Soon', deletedOn, purgeOn: Date.UTC(2026, 11, 1) })]);
    const page = await (await worker.fetch('/', { host: HOST, headers: owner })).text();
    expect(page).toContain('<h2>Deleted sites</h2>');
    expect(page).toContain('Restore Gone Soon');
    expect(page).toContain('removed for good after 2026-12-01');

    expect((await send('POST', `/api/platform/sites/${id}/restore`, {}, other)).status).toBe(404);
    expect((await send('POST', `/api/platform/sites/${id}/restore`, {})).status).toBe(401);
    const restored = await send('POST', `/api/platform/sites/${id}/restore`, {}, owner);
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as Json).site).toMatchObject({ id, deletedOn: null, purgeOn: null });
    expect((await worker.fetch('/', { host: 'gone-soon.localhost' })).status).toBe(200);
    expect((await send('POST', `/api/platform/sites/${id}/restore`, {}, owner)).status).toBe(409);
    expect(await (await worker.fetch('/', { host: HOST, headers: owner })).text()).not.toContain('Deleted sites');
  }, 60_000);

  it("leaves a deleted site out of the owner area's site switcher; the platform still lists it under Deleted sites, and a restore brings it back", async () => {
    const owner = await newOwner('switcher@deleted.test');
    const create = async (title: string, slug: string) => {
      const res = await send('POST', '/api/platform/sites', { title, starter: 'blank', slug }, owner);
      expect(res.status).toBe(201);
      return ((await res.json()) as Json).site.id as string;
    };
    const kept = await create('Kept Site', 'kept-site');
    const gone = await create('Binned Site', 'binned-site');
    const handoff = (await (await send('POST', `/api/platform/sites/${kept}/handoff`, undefined, owner)).json()) as Json;
    const url = new URL(handoff.url as string);
    const opened = await worker.fetch(url.pathname + url.search, { host: 'kept-site.localhost', redirect: 'manual' } as never);
    const area = { Cookie: `SiteUserSession=${responseCookies(opened).get('SiteUserSession')}` };
    const switcher = async () => (await (await worker.fetch('/config/', { host: 'kept-site.localhost', headers: area })).text()).match(/<nav aria-label="Your other sites"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(await switcher()).toContain(`<a href="http://app.localhost/sites/${gone}/open">Binned Site</a>`);

    // Deleted through the owner's own API on its host (both rows stamped, whichever shard it is on).
    const goneOpened = await send('POST', `/api/platform/sites/${gone}/handoff`, undefined, owner);
    const goneUrl = new URL(((await goneOpened.json()) as Json).url as string);
    const goneArea = await worker.fetch(goneUrl.pathname + goneUrl.search, { host: 'binned-site.localhost', redirect: 'manual' } as never);
    const goneSession = responseCookies(goneArea);
    const goneCrumb = goneSession.get('crumb') ?? CRUMB;
    const del = await worker.fetch('/api/owner/site/delete', {
      host: 'binned-site.localhost',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `crumb=${goneCrumb}; SiteUserSession=${goneSession.get('SiteUserSession')}`, 'X-CSRF-Token': goneCrumb },
      body: JSON.stringify({ confirm: 'Binned Site' }),
    });
    expect(del.status).toBe(200);
    expect((await worker.fetch('/', { host: 'binned-site.localhost' })).status).toBe(410);

    expect(await switcher()).not.toContain('Binned Site');
    expect(await switcher()).not.toContain(`/sites/${gone}/`);
    const page = await (await worker.fetch('/', { host: HOST, headers: owner })).text();
    expect(page).toContain('<h2>Deleted sites</h2>');
    expect(page).toContain('Restore Binned Site');

    expect((await send('POST', `/api/platform/sites/${gone}/restore`, {}, owner)).status).toBe(200);
    expect(await switcher()).toContain(`<a href="http://app.localhost/sites/${gone}/open">Binned Site</a>`);
  }, 60_000);
});
