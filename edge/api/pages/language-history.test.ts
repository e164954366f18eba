import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { setLanguages } from '../multilingual/test-french.js';
import { ifMatch, pageClient, textLayout } from './test-pages.js';

/**
 * The history and scheduled publishing of a page's own layout in one language (issue 29) on
 * the real worker: every save is a revision, listed, shown, restored (If-Match) and previewed
 * under `/fr/`; a publisher schedules a revision and the every-minute Cron run makes it live.
 */
let worker: RunningWorker;
let owner: SignedIn;
let api: ReturnType<typeof pageClient>;
const asRole = new Map<number, ReturnType<typeof pageClient>>();
let pageId: string;
const MINUTE = 60_000;

const SHARED = 'Shared words of the studio page';
const FIRST = 'Première version française';
const SECOND = 'Deuxième version française';
const contentVersion = async () => (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE is_default = 1').first<{ v: number }>())!.v;
const rows = async (table: string, id = pageId) => (await worker.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE page_id = ?`).bind(id).first<{ n: number }>())!.n;
async function html(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { headers });
  return { status: res.status, cache: res.headers.get('cache-control'), text: await res.text() };
}

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  api = pageClient(worker, owner);
  await setLanguages(worker, owner, ['en-US', 'fr', 'de']);
  for (const role of [ROLE.draftEditor, ROLE.viewer]) {
    const email = `history-${role}@pages.test`;
    await createSiteUser(worker, { email, password: 'pages-Password-1', roles: [role] });
    asRole.set(role, pageClient(worker, await signIn(worker, email, 'pages-Password-1')));
  }
  pageId = (await api('POST', '', { title: 'Studio', slug: 'studio' })).json.page.id;
  expect((await api('PUT', `/${pageId}/draft`, { layout: textLayout(SHARED) }, ifMatch(1))).status).toBe(200);
  expect((await api('POST', `/${pageId}/publish`, { version: 2 })).status).toBe(200);
  expect((await api('POST', `/${pageId}/languages/fr`)).status).toBe(201);
  expect((await api('PUT', `/${pageId}/languages/fr/draft`, { layout: textLayout(FIRST) }, ifMatch(1))).status).toBe(200);
  expect((await api('PUT', `/${pageId}/languages/fr/draft`, { layout: textLayout(SECOND) }, ifMatch(2))).status).toBe(200);
}, 120_000);
afterAll(() => worker?.dispose());

describe('the revisions of a language layout', () => {
  it('keeps one per save, newest first, for every role that sees pages; one with its layout', async () => {
    const list = await asRole.get(ROLE.viewer)!('GET', `/${pageId}/languages/fr/revisions`);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ draftVersion: 3, publishedVersion: null, scheduledVersion: null });
    expect(list.json.revisions.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    expect(list.json.revisions[0]).toMatchObject({ author: expect.stringContaining('@'), savedAt: expect.any(Number), restoredFrom: null, publishedOn: null });
    const one = await api('GET', `/${pageId}/languages/fr/revisions/2`);
    expect(one.status).toBe(200);
    expect(one.json.revision).toMatchObject({ version: 2, layout: textLayout(FIRST) });
    for (const version of ['99', 'abc']) expect((await api('GET', `/${pageId}/languages/fr/revisions/${version}`)).json.error).toBe('revision_not_found');
    // German shares the page's layout: it has no history of its own.
    const shared = await api('GET', `/${pageId}/languages/de/revisions`);
    expect(shared.status).toBe(404);
    expect(shared.json.error).toBe('layout_shared');
  });

  it('previews a revision under the language prefix for contributors only; the shared layout keeps its own', async () => {
    const old = await html('/fr/studio?preview&revision=2', owner.headers);
    expect(old.status).toBe(200);
    expect(old.cache).toBe('no-store');
    expect(old.text).toContain(FIRST);
    expect(old.text).not.toContain(SECOND);
    expect((await html('/fr/studio?preview', owner.headers)).text).toContain(SECOND);
    expect((await html('/fr/studio?preview&revision=99', owner.headers)).status).toBe(404);
    // Without its own layout, German's revision N is the page's.
    const german = await html('/de/studio?preview&revision=1', owner.headers);
    expect(german.status).toBe(200);
    expect(german.text).not.toContain(SHARED);
    expect((await html('/studio?preview&revision=2', owner.headers)).text).toContain(SHARED);
    const visitor = await html('/fr/studio?preview&revision=2');
    expect(visitor.text).not.toContain(FIRST);
  });

  it('restores one as a new draft: If-Match required, a stale one 412, concurrent restores store one', async () => {
    expect((await api('POST', `/${pageId}/languages/fr/revisions/2/restore`)).status).toBe(428);
    const stale = await api('POST', `/${pageId}/languages/fr/revisions/2/restore`, undefined, ifMatch(2));
    expect(stale.status).toBe(412);
    expect(stale.json.current.version).toBe(3);
    expect((await api('POST', `/${pageId}/languages/fr/revisions/42/restore`, undefined, ifMatch(3))).status).toBe(404);
    expect((await asRole.get(ROLE.viewer)!('POST', `/${pageId}/languages/fr/revisions/2/restore`, undefined, ifMatch(3))).status).toBe(403);
    const both = await Promise.all([
      asRole.get(ROLE.draftEditor)!('POST', `/${pageId}/languages/fr/revisions/2/restore`, undefined, ifMatch(3)),
      api('POST', `/${pageId}/languages/fr/revisions/1/restore`, undefined, ifMatch(3)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
    const won = both.find((r) => r.status === 200)!;
    expect(won.headers.get('etag')).toBe('"4"');
    const list = (await api('GET', `/${pageId}/languages/fr/revisions`)).json;
    expect(list.revisions.map((r: { version: number }) => r.version)).toEqual([4, 3, 2, 1]);
    expect(list.revisions[0].restoredFrom).toBe(won === both[0] ? 2 : 1);
    // Nothing was overwritten; put FIRST back as the draft for what follows.
    const again = await api('POST', `/${pageId}/languages/fr/revisions/2/restore`, undefined, ifMatch(4));
    expect(again.status).toBe(200);
    expect(again.json.languageLayout.draft).toMatchObject({ version: 5, layout: textLayout(FIRST) });
    expect((await api('GET', `/${pageId}/languages/fr/revisions/3`)).json.revision).toMatchObject({ layout: textLayout(SECOND) });
  });
});

describe('a duplicate of the page', () => {
  it('starts each language copy\'s history at its version 1', async () => {
    const copy = (await api('POST', `/${pageId}/duplicate`)).json.page.id as string;
    const list = await api('GET', `/${copy}/languages/fr/revisions`);
    expect(list.json.revisions.map((r: { version: number }) => r.version)).toEqual([1]);
    expect((await api('GET', `/${copy}/languages/fr/revisions/1`)).json.revision).toMatchObject({ layout: textLayout(FIRST) });
  });
});

describe('scheduled publishing of a language layout', () => {
  it('is for publishers only, in the future, of a revision the copy has', async () => {
    const at = Date.now() + 10 * MINUTE;
    const drafter = asRole.get(ROLE.draftEditor)!;
    expect((await drafter('POST', `/${pageId}/languages/fr/schedule`, { version: 5, publishAt: at })).status).toBe(403);
    expect((await drafter('DELETE', `/${pageId}/languages/fr/schedule`)).status).toBe(403);
    const past = await api('POST', `/${pageId}/languages/fr/schedule`, { version: 5, publishAt: Date.now() - MINUTE });
    expect(past.status).toBe(400);
    expect(past.json.fields.publishAt).toBeDefined();
    expect((await api('POST', `/${pageId}/languages/fr/schedule`, { version: 77, publishAt: at })).json.error).toBe('revision_not_found');
    expect((await api('POST', `/${pageId}/languages/de/schedule`, { version: 1, publishAt: at })).json.error).toBe('layout_shared');
  });

  it('goes live at the first Cron run after its time with the content version, and never before', async () => {
    const at = Date.now() + 10 * MINUTE;
    const scheduled = await api('POST', `/${pageId}/languages/fr/schedule`, { version: 5, publishAt: new Date(at).toISOString() });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.languageLayout).toMatchObject({ publishAt: at, scheduledVersion: 5, publishedVersion: null });
    // The draft moves on; the scheduled revision is what goes live.
    expect((await api('PUT', `/${pageId}/languages/fr/draft`, { layout: textLayout('Brouillon suivant') }, ifMatch(5))).status).toBe(200);

    const before = await contentVersion();
    expect((await worker.scheduled('* * * * *', at - MINUTE)).outcome).toBe('ok');
    expect(await contentVersion()).toBe(before);
    expect((await html('/fr/studio')).text).toContain(SHARED);

    expect((await worker.scheduled('* * * * *', at + 30_000)).outcome).toBe('ok');
    expect(await contentVersion()).toBe(before + 1);
    const live = await html('/fr/studio');
    expect(live.text).toContain(FIRST);
    expect(live.text).not.toContain('Brouillon suivant');
    expect((await html('/studio')).text).toContain(SHARED);
    expect((await api('GET', `/${pageId}/languages/fr`)).json.languageLayout).toMatchObject({ publishedVersion: 5, publishAt: null, scheduledVersion: null, draft: { version: 6 } });
    const revisions = (await api('GET', `/${pageId}/languages/fr/revisions`)).json.revisions;
    expect(revisions.find((r: { version: number }) => r.version === 5).publishedOn).toBe(at + 30_000);
    expect((await worker.scheduled('* * * * *', at + 2 * MINUTE)).outcome).toBe('ok');
    expect(await contentVersion()).toBe(before + 1);
  });

  it('publishes once when two Cron runs overlap', async () => {
    const at = Date.now() + 3 * MINUTE;
    expect((await api('POST', `/${pageId}/languages/fr/schedule`, { version: 6, publishAt: at })).status).toBe(200);
    const before = await contentVersion();
    const runs = await Promise.all([worker.scheduled('* * * * *', at + 1000), worker.scheduled('* * * * *', at + 2000)]);
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'ok']);
    expect(await contentVersion()).toBe(before + 1);
    expect((await html('/fr/studio')).text).toContain('Brouillon suivant');
  });

  it('is cancelled by unscheduling: the live copy stays as it was', async () => {
    expect((await api('PUT', `/${pageId}/languages/fr/draft`, { layout: textLayout(SECOND) }, ifMatch(6))).status).toBe(200);
    const at = Date.now() + 5 * MINUTE;
    expect((await api('POST', `/${pageId}/languages/fr/schedule`, { version: 7, publishAt: at })).status).toBe(200);
    const cancelled = await api('DELETE', `/${pageId}/languages/fr/schedule`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.languageLayout).toMatchObject({ publishAt: null, scheduledVersion: null, publishedVersion: 6 });
    const before = await contentVersion();
    await worker.scheduled('* * * * *', at + MINUTE);
    expect(await contentVersion()).toBe(before);
    expect((await html('/fr/studio')).text).not.toContain(SECOND);
  });
});

describe('the end of a history', () => {
  it('goes with the copy when the language goes back to shared: a new copy starts at version 1', async () => {
    expect(await rows('page_language_revisions')).toBeGreaterThan(0);
    expect((await api('DELETE', `/${pageId}/languages/fr`)).status).toBe(200);
    expect(await rows('page_language_revisions')).toBe(0);
    expect((await api('POST', `/${pageId}/languages/fr`)).status).toBe(201);
    expect((await api('GET', `/${pageId}/languages/fr/revisions`)).json.revisions.map((r: { version: number }) => r.version)).toEqual([1]);
  });

  it('keeps the newest 100 unpublished revisions and every published one, as the page does', async () => {
    const other = (await api('POST', '', { title: 'Many saves' })).json.page.id as string;
    expect((await api('POST', `/${other}/languages/fr`)).status).toBe(201);
    // 120 revisions already, version 5 once live: written straight into the tables.
    const insert = worker.db.prepare(
      `INSERT INTO page_language_revisions (page_id, language, version, document, author_name, saved_on, published_on) VALUES (?, 'fr', ?, '{"sections":[]}', 'x', 1, ?)`,
    );
    await worker.db.batch(Array.from({ length: 119 }, (_, i) => insert.bind(other, i + 2, i + 2 === 5 ? 1 : null)));
    await worker.db.prepare("UPDATE page_language_layouts SET draft_version = 120 WHERE page_id = ? AND language = 'fr'").bind(other).run();
    expect((await api('PUT', `/${other}/languages/fr/draft`, { layout: textLayout(FIRST) }, ifMatch(120))).status).toBe(200);
    const versions = (await api('GET', `/${other}/languages/fr/revisions`)).json.revisions.map((r: { version: number }) => r.version);
    expect(versions).toHaveLength(101);
    expect(versions[0]).toBe(121);
    expect(versions.at(-2)).toBe(22);
    expect(versions.at(-1)).toBe(5);
  });

  it('goes with the page deleted for good', async () => {
    const other = (await api('POST', '', { title: 'Short lived' })).json.page.id as string;
    expect((await api('POST', `/${other}/languages/fr`)).status).toBe(201);
    expect((await api('PUT', `/${other}/languages/fr/draft`, { layout: textLayout(FIRST) }, ifMatch(1))).status).toBe(200);
    expect(await rows('page_language_revisions', other)).toBe(2);
    expect((await api('DELETE', `/${other}`)).status).toBe(200);
    expect((await api('DELETE', `/trash/${other}`)).status).toBe(200);
    expect(await rows('page_language_revisions', other)).toBe(0);
  });
});
