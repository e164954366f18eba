import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, layoutOf, pageClient, revisionCount, textLayout } from './test-pages.js';

/**
 * The page workflow on the worker: content statuses, scheduled publishing by the Cron
 * Trigger, the trash, duplicates, revision retention, the page-locked notice, list paging.
 */
let worker: RunningWorker;
let owner: ReturnType<typeof pageClient>;
let ownerSession: SignedIn;
const asRole = new Map<number, ReturnType<typeof pageClient>>();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const visit = (path: string) => worker.fetch(path);
const contentVersion = async () => (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE is_default = 1').first<{ v: number }>())!.v;

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  ownerSession = await signIn(worker, demo.email, demo.password);
  owner = pageClient(worker, ownerSession);
  for (const role of [ROLE.editor, ROLE.draftEditor, ROLE.viewer]) {
    const email = `flow-${role}@pages.test`;
    await createSiteUser(worker, { email, password: 'pages-Password-1', roles: [role] });
    asRole.set(role, pageClient(worker, await signIn(worker, email, 'pages-Password-1')));
  }
}, 120_000);
afterAll(() => worker?.dispose());

/** A page with one saved draft (version 2) saying `words`; published when asked. */
async function pageWith(slug: string, words: string, publish = false) {
  const created = await owner('POST', '', { title: `Page ${slug}`, slug });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.page.id as string;
  expect((await owner('PUT', `/${id}/draft`, { layout: textLayout(words) }, ifMatch(1))).status).toBe(200);
  if (publish) expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  return id;
}

describe('content statuses (SPEC §4)', () => {
  it('lets a draft editor mark Needs Review and take it back, but not hide, publish or schedule', async () => {
    const id = await pageWith('review-me', 'For review');
    const draftEditor = asRole.get(ROLE.draftEditor)!;
    const marked = await draftEditor('POST', `/${id}/status`, { status: 'needs-review' });
    expect(marked.status).toBe(200);
    expect(marked.json.page.status).toBe('needs-review');
    expect((await owner('GET', '?status=needs-review')).json.pages.map((p: { id: string }) => p.id)).toEqual([id]);
    for (const status of ['private', 'deprecated']) {
      const refused = await draftEditor('POST', `/${id}/status`, { status });
      expect(refused.status, status).toBe(403);
      expect(refused.json.message).toBe('Your role can mark a page Needs Review or Draft, but not publish, schedule or hide it.');
    }
    expect((await draftEditor('POST', `/${id}/schedule`, { version: 2, publishAt: Date.now() + DAY })).status).toBe(403);
    expect((await draftEditor('POST', `/${id}/status`, { status: 'draft' })).json.page.status).toBe('draft');
    expect((await owner('POST', `/${id}/status`, { status: 'published' })).json).toMatchObject({ error: 'invalid_request', fields: { status: expect.any(String) } });
    expect((await asRole.get(ROLE.viewer)!('POST', `/${id}/status`, { status: 'needs-review' })).status).toBe(403);
  });

  it('shows a Private or Deprecated page only to signed-in contributors, never cached or indexed', async () => {
    const id = await pageWith('members-notes', 'Private kiln notes', true);
    expect((await visit('/members-notes')).status).toBe(200);
    const before = await contentVersion();
    for (const status of ['private', 'deprecated'] as const) {
      expect((await owner('POST', `/${id}/status`, { status })).json.page).toMatchObject({ status, publishedVersion: 2 });
      const anonymous = await visit('/members-notes');
      expect(anonymous.status, status).toBe(404);
      expect(await anonymous.text()).not.toContain('Private kiln notes');
      expect(await (await visit('/members-notes?format=json')).text()).not.toContain('Private kiln notes');
      expect(await (await visit('/sitemap.xml')).text()).not.toContain('/members-notes</loc>');
      const contributor = await worker.fetch('/members-notes', { headers: { Cookie: ownerSession.cookie } });
      expect(contributor.status).toBe(200);
      expect(contributor.headers.get('cache-control')).toBe('no-store');
      expect(contributor.headers.get('x-robots-tag')).toContain('noindex');
      expect(await contributor.text()).toContain('Private kiln notes');
    }
    expect(await contentVersion()).toBe(before + 2);
    // A live page cannot become a Draft by status: that is unpublishing.
    expect((await owner('POST', `/${id}/status`, { status: 'draft' })).json.error).toBe('page_live');
    expect((await owner('POST', `/${id}/publish`, { version: 2 })).json.page.status).toBe('published');
    expect(await (await visit('/members-notes')).text()).toContain('Private kiln notes');
  });
});

describe('scheduled publishing', () => {
  it('refuses a time in the past and a version the page does not have', async () => {
    const id = await pageWith('schedule-refusals', 'x');
    const past = await owner('POST', `/${id}/schedule`, { version: 2, publishAt: Date.now() - MINUTE });
    expect(past.status).toBe(400);
    expect(past.json.fields.publishAt).toBe('Choose a publish time in the future.');
    expect((await owner('POST', `/${id}/schedule`, { version: 2, publishAt: 'tomorrow' })).json.fields.publishAt).toBeDefined();
    expect((await owner('POST', `/${id}/schedule`, { version: 9, publishAt: Date.now() + DAY })).json.error).toBe('revision_not_found');
    expect((await owner('GET', `/${id}`)).json.page).toMatchObject({ status: 'draft', publishAt: null });
  });

  it('publishes at the Cron run after its time, bumping the content version, and never before', async () => {
    const id = await pageWith('kiln-opening', 'Kiln opening day');
    const at = Date.now() + 10 * MINUTE;
    const scheduled = await owner('POST', `/${id}/schedule`, { version: 2, publishAt: new Date(at).toISOString() });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.page).toMatchObject({ status: 'scheduled', publishAt: at, scheduledVersion: 2, publishedVersion: null });
    expect((await owner('GET', '?status=scheduled')).json.pages.map((p: { id: string }) => p.id)).toContain(id);

    // A minute before its time, the every-minute run leaves it alone.
    const before = await contentVersion();
    expect((await worker.scheduled('* * * * *', at - MINUTE)).outcome).toBe('ok');
    expect((await visit('/kiln-opening')).status).toBe(404);
    expect(await contentVersion()).toBe(before);

    // The first run at or after its time makes it live, with the content version, in one batch.
    expect((await worker.scheduled('* * * * *', at + 30_000)).outcome).toBe('ok');
    expect(await contentVersion()).toBe(before + 1);
    const live = await visit('/kiln-opening');
    expect(live.status).toBe(200);
    expect(await live.text()).toContain('Kiln opening day');
    expect((await owner('GET', `/${id}`)).json.page).toMatchObject({ status: 'published', publishedVersion: 2, publishAt: null, scheduledVersion: null });
    const revisions = (await owner('GET', `/${id}/revisions`)).json.revisions;
    expect(revisions.find((r: { version: number }) => r.version === 2).publishedOn).toEqual(expect.any(Number));
    // Nothing left to do: the next run changes nothing.
    expect((await worker.scheduled('* * * * *', at + 2 * MINUTE)).outcome).toBe('ok');
    expect(await contentVersion()).toBe(before + 1);
  });

  it('publishes once when two Cron runs overlap: one content version bump', async () => {
    const id = await pageWith('overlap-run', 'Overlapping runs');
    const at = Date.now() + 3 * MINUTE;
    expect((await owner('POST', `/${id}/schedule`, { version: 2, publishAt: at })).status).toBe(200);
    const before = await contentVersion();
    const runs = await Promise.all([worker.scheduled('* * * * *', at + 1000), worker.scheduled('* * * * *', at + 2000)]);
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'ok']);
    expect(await contentVersion()).toBe(before + 1);
    expect((await owner('GET', `/${id}`)).json.page).toMatchObject({ status: 'published', publishedVersion: 2 });
  });

  it('keeps a live page on its revision until the scheduled one goes live; cancelling keeps it as it was', async () => {
    const id = await pageWith('price-list', 'Old prices', true);
    expect((await owner('PUT', `/${id}/draft`, { layout: textLayout('New prices') }, ifMatch(2))).status).toBe(200);
    const at = Date.now() + 5 * MINUTE;
    expect((await owner('POST', `/${id}/schedule`, { version: 3, publishAt: at })).json.page).toMatchObject({ status: 'scheduled', publishedVersion: 2 });
    expect(await (await visit('/price-list')).text()).toContain('Old prices');
    const cancelled = await owner('DELETE', `/${id}/schedule`);
    expect(cancelled.json.page).toMatchObject({ status: 'published', publishAt: null, scheduledVersion: null, publishedVersion: 2 });
    await worker.scheduled('* * * * *', at + MINUTE);
    const html = await (await visit('/price-list')).text();
    expect(html).toContain('Old prices');
    expect(html).not.toContain('New prices');
  });
});

describe('the trash', () => {
  it('takes a deleted page off the site, keeps its slug, lists it, and restores it as a draft', async () => {
    const id = await pageWith('old-workshop', 'Retired workshop', true);
    const before = await contentVersion();
    const trashed = await owner('DELETE', `/${id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.json.page).toMatchObject({ id, trashedOn: expect.any(Number), publishedVersion: null });
    expect(await contentVersion()).toBe(before + 1);
    expect((await visit('/old-workshop')).status).toBe(404);
    expect((await owner('GET', `/${id}`)).status).toBe(404);
    expect((await owner('GET', '')).json.pages.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await owner('GET', '/trash')).json.pages.map((p: { id: string }) => p.id)).toContain(id);
    // The slug stays taken while the page is in the trash, so a restore never clashes.
    expect((await owner('POST', '', { title: 'x', slug: 'old-workshop' })).status).toBe(409);
    expect((await owner('PUT', `/${id}/draft`, { layout: textLayout('x') }, ifMatch(2))).status).toBe(404);

    expect((await asRole.get(ROLE.viewer)!('POST', `/trash/${id}/restore`)).status).toBe(403);
    const restored = await owner('POST', `/trash/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.json.page).toMatchObject({ id, status: 'draft', trashedOn: null, draftVersion: 2 });
    expect(await revisionCount(worker, id)).toBe(2);
    expect((await owner('POST', `/trash/${id}/restore`)).status).toBe(404);
  });

  it('deletes for good from the trash (publishers only) and purges pages trashed over 30 days ago', async () => {
    const gone = await pageWith('delete-me', 'x');
    const old = await pageWith('thirty-days', 'x');
    const recent = await pageWith('twenty-days', 'x');
    expect((await owner('DELETE', `/trash/${gone}`)).status).toBe(404);
    for (const id of [gone, old, recent]) expect((await owner('DELETE', `/${id}`)).status).toBe(200);
    expect((await asRole.get(ROLE.draftEditor)!('DELETE', `/trash/${gone}`)).status).toBe(403);
    expect((await asRole.get(ROLE.draftEditor)!('DELETE', `/${old}`)).status).toBe(403);
    expect((await owner('DELETE', `/trash/${gone}`)).json).toEqual({ deleted: gone });
    expect(await revisionCount(worker, gone)).toBe(0);
    const now = Date.now();
    await worker.db.prepare('UPDATE pages SET trashed_on = ? WHERE id = ?').bind(now - 31 * DAY, old).run();
    await worker.db.prepare('UPDATE pages SET trashed_on = ? WHERE id = ?').bind(now - 20 * DAY, recent).run();
    expect((await worker.scheduled('17 3 * * *', now)).outcome).toBe('ok');
    const left = (await owner('GET', '/trash')).json.pages.map((p: { id: string }) => p.id);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
    expect(await revisionCount(worker, old)).toBe(0);
    // The purged page's slug is free again.
    expect((await owner('POST', '', { title: 'again', slug: 'thirty-days' })).status).toBe(201);
  });
});

describe('duplicate', () => {
  it('copies the draft into a new Draft page at version 1 with a unique -copy slug', async () => {
    const id = await pageWith('studio-tour', 'Tour the studio', true);
    const first = await owner('POST', `/${id}/duplicate`);
    expect(first.status).toBe(201);
    expect(first.json.page).toMatchObject({ slug: 'studio-tour-copy', title: 'Page studio-tour (copy)', status: 'draft', draftVersion: 1, publishedVersion: null, draft: { version: 1, layout: textLayout('Tour the studio') } });
    expect(first.json.page.id).not.toBe(id);
    expect((await owner('POST', `/${id}/duplicate`)).json.page.slug).toBe('studio-tour-copy-2');
    expect((await visit('/studio-tour-copy')).status).toBe(404);
    // Html blocks come along only for roles that may add them.
    expect((await owner('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'h', type: 'html', props: { html: '<b>x</b>' } }) }, ifMatch(2))).status).toBe(200);
    expect((await asRole.get(ROLE.draftEditor)!('POST', `/${id}/duplicate`)).status).toBe(403);
    expect((await asRole.get(ROLE.editor)!('POST', `/${id}/duplicate`)).status).toBe(201);
  });

  it('gives concurrent duplicates of one page distinct slugs', async () => {
    const id = await pageWith('glaze-day', 'Glaze day');
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner('POST', `/${id}/duplicate`)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((a) => a.json.page.slug).sort()).toEqual(['glaze-day-copy', 'glaze-day-copy-2', 'glaze-day-copy-3', 'glaze-day-copy-4', 'glaze-day-copy-5']);
  });
});

describe('retention', () => {
  it('keeps every published revision and the newest 100 drafts, pruning older drafts at a save', async () => {
    const id = await pageWith('many-saves', 'save 2', true);
    // Versions 3 … 120 by the owner's saves; 2 is published, 60 is published on the way.
    for (let v = 2; v < 120; v++) {
      const saved = await owner('PUT', `/${id}/draft`, { layout: textLayout(`save ${v + 1}`) }, ifMatch(v));
      expect(saved.status).toBe(200);
      if (v + 1 === 60) expect((await owner('POST', `/${id}/publish`, { version: 60 })).status).toBe(200);
    }
    const versions = (await owner('GET', `/${id}/revisions`)).json.revisions.map((r: { version: number }) => r.version) as number[];
    const drafts = versions.filter((v) => v !== 2 && v !== 60);
    expect(drafts).toHaveLength(100);
    expect(Math.min(...drafts)).toBe(20);
    expect(versions).toContain(2);
    expect(versions).toContain(60);
    expect(versions[0]).toBe(120);
    expect(await revisionCount(worker, id)).toBe(102);
    expect(await (await visit('/many-saves')).text()).toContain('save 60');
  }, 120_000);
});

describe('the page-locked notice (SPEC §2)', () => {
  it('tells others who is editing and since when, while the heartbeat is fresh', async () => {
    const id = await pageWith('locked-page', 'x');
    const editor = asRole.get(ROLE.editor)!;
    expect((await owner('POST', `/${id}/lock`)).json).toEqual({ lock: null });
    const seen = await editor('GET', `/${id}`);
    expect(seen.json.page.lock).toEqual({ by: 'owner@fernandkiln.test', since: expect.any(Number) });
    const since = seen.json.page.lock.since;
    // The other editor's heartbeat does not take a fresh lock; it learns who holds it.
    expect((await editor('POST', `/${id}/lock`)).json.lock).toEqual({ by: 'owner@fernandkiln.test', since });
    expect((await owner('GET', `/${id}`)).json.page.lock).toBeNull();
    // A new heartbeat keeps `since`.
    await owner('POST', `/${id}/lock`);
    expect((await editor('GET', `/${id}`)).json.page.lock.since).toBe(since);
    // Stale after a minute without a heartbeat: no notice, and the next editor takes it.
    await worker.db.prepare('UPDATE pages SET lock_seen = lock_seen - 61000 WHERE id = ?').bind(id).run();
    expect((await editor('GET', `/${id}`)).json.page.lock).toBeNull();
    expect((await editor('POST', `/${id}/lock`)).json.lock).toBeNull();
    expect((await owner('GET', `/${id}`)).json.page.lock).toMatchObject({ by: 'flow-4@pages.test' });
    expect((await editor('DELETE', `/${id}/lock`)).json).toEqual({ lock: null });
    expect((await owner('GET', `/${id}`)).json.page.lock).toBeNull();
    // Advice only: a save goes through while someone else holds the lock.
    await editor('POST', `/${id}/lock`);
    expect((await owner('PUT', `/${id}/draft`, { layout: textLayout('y') }, ifMatch(2))).status).toBe(200);
    expect((await asRole.get(ROLE.viewer)!('POST', `/${id}/lock`)).status).toBe(403);
  });
});

describe('list paging', () => {
  it('walks the list with a cursor, filters by words and status, refuses a bad cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await owner('POST', '', { title: `Glaze recipe ${i}` })).json.page.id);
    const seen: string[] = [];
    let after: string | null = null;
    let calls = 0;
    do {
      const query: string = `?q=glaze%20recipe&limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page = await owner('GET', query);
      expect(page.status).toBe(200);
      expect(page.json.pages.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.pages.map((p: { id: string }) => p.id));
      after = page.json.next;
      calls++;
    } while (after && calls < 10);
    expect(calls).toBe(3);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect((await owner('GET', '?q=recipe%204')).json.pages.map((p: { title: string }) => p.title)).toEqual(['Glaze recipe 4']);
    expect((await owner('GET', '?q=%25')).json.pages).toEqual([]);
    expect((await owner('GET', '?after=nonsense')).json).toMatchObject({ error: 'invalid_request', fields: { after: expect.any(String) } });
    expect((await owner('GET', '?limit=500')).status).toBe(400);
    expect((await owner('GET', '?status=gone')).status).toBe(400);
  });
});
