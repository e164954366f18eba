import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, jsonOrUndefined, responseCookies, signIn, startWorker, testAddress, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, pageClient, paragraphDoc, textLayout } from '../pages/test-pages.js';
import { TestVisitor } from '../forms/test-visitor.js';

/**
 * Issue 30 on the worker: site and page passwords, member areas (owner API, paywall 107,
 * access denied 106, protected content 105, free join and membership confirmed 208), and
 * the sentinel walk: protected words never reach a visitor without access.
 */
let worker: RunningWorker;
let pagesApi: ReturnType<typeof pageClient>;
let ownerSession: SignedIn;
let reader: SignedIn;
let stranger: SignedIn;
const SENTINEL_MEMBER = 'zqxmembersentinel';
const SENTINEL_LOCKED = 'zqxlockedsentinel';
const SENTINEL_TEASED = 'zqxteasedsentinel';
// In a blog post of a collection in a member area: its title, excerpt and body.
const SENTINEL_POST = 'zqxcollectionsentinel';

const PASSWORD = 'members-Password-1';

async function owner(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await worker.fetch(`/api/owner/members${path}`, {
    method,
    headers: { ...ownerSession.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text), text, headers: res.headers };
}

/** Creates and publishes a block page; returns its id. */
async function publishedPage(slug: string, layout: unknown): Promise<string> {
  const created = await pagesApi('POST', '', { title: `Page ${slug}`, slug });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.page.id as string;
  expect((await pagesApi('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
  expect((await pagesApi('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  return id;
}

function twoSections(teaser: string, rest: string) {
  const at = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };
  return {
    sections: [
      { id: 's1', design: {}, blocks: [{ id: 'b1', type: 'text', props: { text: paragraphDoc(teaser) }, layout: at }] },
      { id: 's2', design: {}, blocks: [{ id: 'b2', type: 'text', props: { text: paragraphDoc(rest) }, layout: at }] },
    ],
  };
}

const visit = (path: string, who?: SignedIn | string, init: RequestInit = {}) =>
  worker.fetch(path, { ...init, headers: { ...(typeof who === 'string' ? { Cookie: who } : who ? { Cookie: who.cookie } : {}), ...(init.headers ?? {}) } });

/** A visitor's crumb cookie (any page hands one out). */
async function crumb(): Promise<string> {
  return responseCookies(await worker.fetch('/api/site-users/account')).get('crumb')!;
}

let lockedId: string;
let memberId: string;
let teasedId: string;
let areaId: string;
let diaryId: string;
let diaryAreaId: string;

/** A second blog, 'Members Journal' (the demo has one), with one post carrying SENTINEL_POST. */
async function membersJournal(): Promise<string> {
  const site = (await worker.db.prepare("SELECT website_id AS id FROM collections WHERE url_id = 'journal'").first<{ id: string }>())!.id;
  const id = 'c0ffee00000000000000000000000001';
  const now = Date.now();
  await worker.db
    .prepare("INSERT INTO collections (id, website_id, type, url_id, full_url, title, display_index, created_on, updated_on) VALUES (?, ?, 1, 'members-journal', '/members-journal', 'Members Journal', 50, ?, ?)")
    .bind(id, site, now, now)
    .run();
  const res = await worker.fetch('/api/owner/blog-posts', {
    method: 'POST',
    headers: { ...ownerSession.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      collectionId: id, title: `Studio diary ${SENTINEL_POST}`, slug: 'studio-diary', body: paragraphDoc(`Diary words ${SENTINEL_POST}`),
      excerpt: `Diary opening ${SENTINEL_POST}`, tags: ['diary'], categories: ['Studio'], publish: 'published',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return id;
}

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  ownerSession = await signIn(worker, demo.email, demo.password);
  pagesApi = pageClient(worker, ownerSession);
  await createSiteUser(worker, { email: 'reader@members.test', password: PASSWORD });
  await createSiteUser(worker, { email: 'stranger@members.test', password: PASSWORD });
  await createSiteUser(worker, { email: 'viewer@members.test', password: PASSWORD, roles: [ROLE.viewer] });
  reader = await signIn(worker, 'reader@members.test', PASSWORD);
  stranger = await signIn(worker, 'stranger@members.test', PASSWORD);
  lockedId = await publishedPage('locked-notes', textLayout(`Locked words ${SENTINEL_LOCKED}`));
  memberId = await publishedPage('member-article', textLayout(`Member words ${SENTINEL_MEMBER}`));
  teasedId = await publishedPage('teased-article', twoSections('Everyone reads this opening', `Then the rest ${SENTINEL_TEASED}`));
  diaryId = await membersJournal();
}, 120_000);
afterAll(() => worker?.dispose());

describe('the owner API (/api/owner/members)', () => {
  it('refuses visitors and contributors without the members permission', async () => {
    expect((await worker.fetch('/api/owner/members/areas')).status).toBe(401);
    const viewer = await signIn(worker, 'viewer@members.test', PASSWORD);
    const res = await worker.fetch('/api/owner/members/areas', { headers: viewer.headers });
    expect(res.status).toBe(403);
  });

  it('creates an area with its pages, validates, and versions edits with If-Match', async () => {
    const bad = await owner('POST', '/areas', { name: '', access: 'free', priceCents: 500 });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ name: 'Enter a name.', priceCents: 'A free area has no price.' });
    const home = await owner('POST', '/areas', { name: 'X', access: 'free', pages: [{ pageId: 'nope', teaserSections: null }] });
    expect(home.status).toBe(400);
    expect(home.json.fields['pages.0.pageId']).toBe('This page does not exist.');

    const created = await owner('POST', '/areas', {
      name: 'Studio Circle', access: 'free',
      pages: [{ pageId: memberId, teaserSections: null }, { pageId: teasedId, teaserSections: 1 }],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    areaId = created.json.area.id;
    expect(created.json.area.pages.map((p: { pageId: string }) => p.pageId).sort()).toEqual([memberId, teasedId].sort());

    const body = { name: 'The Studio Circle', access: 'free', pages: [{ pageId: memberId, teaserSections: null }, { pageId: teasedId, teaserSections: 1 }] };
    expect((await owner('PUT', `/areas/${areaId}`, body)).status).toBe(428);
    const saved = await owner('PUT', `/areas/${areaId}`, body, ifMatch(1));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.area).toMatchObject({ name: 'The Studio Circle', version: 2 });
    const stale = await owner('PUT', `/areas/${areaId}`, { ...body, name: 'Lost', pages: [] }, ifMatch(1));
    expect(stale.status).toBe(409);
    const kept = await owner('GET', `/areas/${areaId}`);
    expect(kept.json.area.name).toBe('The Studio Circle');
    expect(kept.json.area.pages).toHaveLength(2);

    const other = await owner('POST', '/areas', { name: 'Other', access: 'one-time', priceCents: 900, pages: [{ pageId: memberId, teaserSections: null }] });
    expect(other.status).toBe(400);
    expect(other.json.fields['pages.0.pageId']).toBe('This page is already in another member area.');
  });

  it('two saves of the same version: exactly one wins', async () => {
    const made = await owner('POST', '/areas', { name: 'Race', access: 'free' });
    const id = made.json.area.id;
    const [a, b] = await Promise.all([
      owner('PUT', `/areas/${id}`, { name: 'Race A', access: 'free' }, ifMatch(1)),
      owner('PUT', `/areas/${id}`, { name: 'Race B', access: 'free' }, ifMatch(1)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await owner('DELETE', `/areas/${id}`, undefined, ifMatch(2))).status).toBe(204);
  });

  it('sets, lists and removes passwords, never answering a hash', async () => {
    expect((await owner('PUT', '/passwords/nope', { password: 'open sesame' })).status).toBe(404);
    expect((await owner('PUT', `/passwords/${lockedId}`, { password: 'no' })).status).toBe(400);
    const set = await owner('PUT', `/passwords/${lockedId}`, { password: 'open sesame' });
    expect(set.status).toBe(200);
    expect(set.json.passwords.map((p: { scope: string }) => p.scope)).toEqual([lockedId]);
    expect(set.text).not.toContain('pbkdf2');
    const about = await worker.db.prepare("SELECT id FROM pages WHERE slug = 'about'").first<{ id: string }>();
    if (about) expect((await owner('PUT', `/passwords/${about.id}`, { password: 'open sesame' })).json.message).toBe('This page is the content of a collection and cannot be protected.');
  });
});

describe('page passwords (lock screen 103)', () => {
  it('shows the lock screen with a crumb and nothing of the page, never cached', async () => {
    const res = await visit('/locked-notes');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('data-page-type="103"');
    expect(html).toMatch(/name="crumb" value="[A-Za-z0-9_-]{22,}"/);
    expect(html).not.toContain(SENTINEL_LOCKED);
    expect((await visit('/locked-notes')).headers.get('x-page-cache')).toBe('BYPASS');
    const json = await (await visit('/locked-notes?format=json')).json();
    expect(json).toEqual({ pageType: 103, pageTypeName: 'lock-screen', lockScreen: { scope: 'page' } });
  });

  it('refuses a post without the crumb, a wrong password (401), and opens with the right one', async () => {
    const token = await crumb();
    const post = (password: string, withCrumb = true, ip = testAddress()) =>
      worker.fetch('/members/unlock', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${token}`, 'CF-Connecting-IP': ip },
        body: new URLSearchParams({ ...(withCrumb ? { crumb: token } : {}), scope: lockedId, password, return: '/locked-notes' }).toString(),
      });
    expect((await post('open sesame', false)).status).toBe(401);
    const wrong = await post('guess');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That password is not correct.');
    const right = await post('open sesame');
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/locked-notes');
    const setCookie = right.headers.getSetCookie().find((l) => l.startsWith(`unlock_${lockedId}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    const unlock = setCookie.split(';')[0]!;
    const open = await visit('/locked-notes', unlock);
    expect(await open.text()).toContain(SENTINEL_LOCKED);
    expect(open.headers.get('cache-control')).toBe('private, no-store');
    // Never kept for others: visitors without the cookie (twice: a stored copy would show) get the lock screen.
    for (let i = 0; i < 2; i++) {
      const other = await visit('/locked-notes');
      expect(other.headers.get('x-page-cache')).not.toBe('HIT');
      expect(await other.text()).not.toContain(SENTINEL_LOCKED);
    }
    // A forged cookie opens nothing.
    expect(await (await visit('/locked-notes', `unlock_${lockedId}=${'0'.repeat(64)}`)).text()).not.toContain(SENTINEL_LOCKED);
  });

  it('throttles wrong passwords per source (429 with the SPEC text)', async () => {
    // Miniflare's rate limiter counts per fixed window (floor(Date.now() / period)) and forgets
    // every count when a new window starts, so six tries that straddle a minute boundary may all
    // be allowed. The tries are timed on this process's clock (the same clock workerd reads,
    // between each request's start and its answer): a run that crossed a boundary proves
    // nothing and is run again from a fresh address, at once, in the new window.
    const WINDOW_MS = 60_000;
    const token = await crumb();
    let checked = false;
    for (let attempt = 0; attempt < 3 && !checked; attempt++) {
      const ip = testAddress();
      const statuses: number[] = [];
      let last = '';
      const started = Date.now();
      for (let i = 0; i < 6; i++) {
        const res = await worker.fetch('/members/unlock', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${token}`, 'CF-Connecting-IP': ip },
          body: new URLSearchParams({ crumb: token, scope: lockedId, password: `guess ${i}` }).toString(),
        });
        statuses.push(res.status);
        last = await res.text();
      }
      if (Math.floor(started / WINDOW_MS) !== Math.floor(Date.now() / WINDOW_MS)) continue;
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      expect(last).toContain('Please try again in a few seconds.');
      checked = true;
    }
    expect(checked, 'three runs in a row crossed a rate-limit window').toBe(true);
  });
});

describe('member areas (paywall 107, access denied 106, protected content 105, 208)', () => {
  it('shows a signed-out visitor the paywall with the sign-up link, and never caches it', async () => {
    const res = await visit('/member-article');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('class="member-paywall"');
    expect(html).toContain('href="/account/sign-up"');
    expect(html).not.toContain(SENTINEL_MEMBER);
    const json = await (await visit('/member-article?format=json')).json();
    expect(json.pageType).toBe(107);
    expect(json.memberArea).toMatchObject({ id: areaId, access: 'free' });
    expect(JSON.stringify(json)).not.toContain(SENTINEL_MEMBER);
  });

  it('renders the member-area block (67) with the area name and join and sign-in links, on a cacheable page', async () => {
    const at = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };
    await publishedPage('join-the-circle', { sections: [{ id: 's1', design: {}, blocks: [{ id: 'm1', type: 'member-area', props: { area: areaId }, layout: at }] }] });
    const res = await visit('/join-the-circle');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toContain('private');
    const html = await res.text();
    expect(html).toContain('<p class="block-member-area-name">The Studio Circle</p>');
    expect(html).toContain('href="/account/sign-up">Join</a>');
  });

  it('shows a signed-in non-member access denied (403) with the join button', async () => {
    const res = await visit('/member-article', stranger);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('Your account is not a member of this area.');
    expect(html).toContain('action="/members/join"');
    expect(html).not.toContain(SENTINEL_MEMBER);
    expect((await (await visit('/member-article?format=json', stranger)).json()).pageType).toBe(106);
  });

  it('sends the teaser of a protected page and leaves the rest out (105)', async () => {
    const html = await (await visit('/teased-article')).text();
    expect(html).toContain('Everyone reads this opening');
    expect(html).not.toContain(SENTINEL_TEASED);
    const json = await (await visit('/teased-article?format=json')).json();
    expect(json.pageType).toBe(105);
    expect(json.page.layout.sections).toHaveLength(1);
    expect(JSON.stringify(json)).not.toContain(SENTINEL_TEASED);
  });

  it('a free join grants at once, lands on membership confirmed (208), then the page reads whole', async () => {
    const noCrumb = await worker.fetch('/members/join', {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: reader.cookie },
      body: new URLSearchParams({ area: areaId }).toString(),
    });
    expect(noCrumb.status).toBe(401);
    const crumbValue = /crumb=([^;]+)/.exec(reader.cookie)![1]!;
    const joined = await worker.fetch('/members/join', {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: reader.cookie },
      body: new URLSearchParams({ crumb: crumbValue, area: areaId, return: '/member-article' }).toString(),
    });
    expect(joined.status).toBe(303);
    const location = joined.headers.get('location')!;
    expect(location).toContain('/membership-confirmed?area=');
    // Not a member: nothing to confirm.
    expect((await visit(location, stranger)).status).toBe(404);
    const confirmed = await visit(location, reader);
    expect(confirmed.status).toBe(200);
    expect((await visit(`${location}&format=json`, reader).then((r) => r.json())).pageType).toBe(208);
    const page = await visit('/member-article', reader);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain(SENTINEL_MEMBER);
    expect(await (await visit('/teased-article', reader)).text()).toContain(SENTINEL_TEASED);
  });

  it('the owner lists members, exports them, revokes by hand and grants again', async () => {
    const list = await owner('GET', `/areas/${areaId}/members`);
    const row = list.json.members.find((m: { email: string }) => m.email === 'reader@members.test');
    expect(row).toMatchObject({ state: 'active', source: 'free' });
    const csv = await owner('GET', `/areas/${areaId}/members.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('reader@members.test,The Studio Circle,free,active,free');

    expect((await owner('POST', `/areas/${areaId}/members/${row.id}/revoke`)).status).toBe(200);
    expect((await visit('/member-article', reader)).status).toBe(403);
    expect((await owner('POST', `/areas/${areaId}/members/${row.id}/revoke`)).status).toBe(404);

    expect((await owner('POST', `/areas/${areaId}/members`, { email: 'nobody@members.test' })).status).toBe(400);
    const granted = await owner('POST', `/areas/${areaId}/members`, { email: 'reader@members.test' });
    expect(granted.status).toBe(201);
    expect(granted.json.members.find((m: { email: string }) => m.email === 'reader@members.test')).toMatchObject({ state: 'active', source: 'grant', grantedBy: ownerSession && expect.any(String) });
    expect(await (await visit('/member-article', reader)).text()).toContain(SENTINEL_MEMBER);
  });

  it('the owner deletes a member: gone from the list, access ends; a wrong area or a second delete is 404', async () => {
    const row = (await owner('GET', `/areas/${areaId}/members`)).json.members.find((m: { email: string }) => m.email === 'reader@members.test');
    const other = await owner('POST', '/areas', { name: 'Other Circle', access: 'free' });
    expect(other.status).toBe(201);
    expect((await owner('DELETE', `/areas/${other.json.area.id}/members/${row.id}`)).status).toBe(404);
    expect((await owner('DELETE', `/areas/${areaId}/members/${row.id}`)).status).toBe(204);
    expect((await owner('GET', `/areas/${areaId}/members`)).json.members.some((m: { email: string }) => m.email === 'reader@members.test')).toBe(false);
    expect((await visit('/member-article', reader)).status).toBe(403);
    expect((await owner('DELETE', `/areas/${areaId}/members/${row.id}`)).status).toBe(404);
    expect((await owner('DELETE', `/areas/${other.json.area.id}`, undefined, { 'If-Match': '"1"' })).status).toBe(204);
    expect((await owner('POST', `/areas/${areaId}/members`, { email: 'reader@members.test' })).status).toBe(201);
  });

  it('a navigation item for the member area shows only to its members, and never in a page the cache shares', async () => {
    const layout = await worker.fetch('/api/commondata/GetSiteLayout', { headers: ownerSession.headers });
    const main = ((await layout.json()) as { layout: { identifier: string; version: number; links: unknown[] }[] }).layout.find((n) => n.identifier === 'main-nav')!;
    const saved = await worker.fetch('/api/widget/UpdateNavigation', {
      method: 'POST',
      headers: { ...ownerSession.headers, 'Content-Type': 'application/json', 'If-Match': `"${main.version}"` },
      body: JSON.stringify({ fieldName: 'main-nav', navigation: { items: [{ title: 'Shop', externalLink: '/shop' }, { memberAreaId: areaId }] } }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const link = '<a href="/member-article">The Studio Circle</a>';
    // Signed out (twice: the second answer may come from the page cache) and signed in without access: absent.
    for (const who of [undefined, undefined, stranger]) {
      const html = await (await visit('/', who)).text();
      expect(html).toContain('>Shop</a>');
      expect(html).not.toContain('The Studio Circle');
    }
    expect((await (await visit('/?format=json')).json()).navigation.items.map((i: { title: string }) => i.title)).toEqual(['Shop']);
    // A member's page (a session: never cached) has it.
    const member = await visit('/', reader);
    expect(member.headers.get('x-page-cache')).toBe('BYPASS');
    expect(await member.text()).toContain(link);
    // The editor reads it back with its area.
    const back = await worker.fetch('/api/commondata/GetSiteLayout', { headers: ownerSession.headers });
    const links = ((await back.json()) as { layout: { identifier: string; links: { memberAreaId: string | null; title: string }[] }[] }).layout.find((n) => n.identifier === 'main-nav')!.links;
    expect(links[1]).toMatchObject({ memberAreaId: areaId, title: 'The Studio Circle' });
  });
});

describe('collections in member areas (a blog: its list, tag and category lists, feed and posts)', () => {
  it('refuses a page collection, the home page, an unknown and a taken collection with field errors', async () => {
    const ids = await worker.db.prepare("SELECT id, url_id AS urlId FROM collections WHERE url_id IN ('home', 'about', 'journal')").all<{ id: string; urlId: string }>();
    const by = (u: string) => ids.results.find((r) => r.urlId === u)!.id;
    const site = (await worker.db.prepare('SELECT website_id AS id FROM collections WHERE id = ?').bind(diaryId).first<{ id: string }>())!.id;
    await worker.db
      .prepare("INSERT INTO collections (id, website_id, type, url_id, full_url, title, folder, created_on, updated_on) VALUES ('c0ffee00000000000000000000000002', ?, 1, 'studio-folder', '/studio-folder', 'Studio folder', 1, 0, 0)")
      .bind(site)
      .run();
    const bad = await owner('POST', '/areas', { name: 'Bad', access: 'free', collections: [by('about'), by('home'), 'nope', diaryId, diaryId, 'c0ffee00000000000000000000000002'] });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      'collections.0': 'This collection is a page: add the page instead.',
      'collections.1': 'This collection is a page: add the page instead.',
      'collections.2': 'This collection does not exist.',
      'collections.4': 'This collection is listed twice.',
      'collections.5': 'This collection is a folder: add the collections in it.',
    });
    const made = await owner('POST', '/areas', { name: 'Diary Club', access: 'free', collections: [diaryId] });
    expect(made.status, made.text).toBe(201);
    diaryAreaId = made.json.area.id;
    expect(made.json.area.collections).toEqual([{ collectionId: diaryId, title: 'Members Journal', fullUrl: '/members-journal' }]);
    const taken = await owner('POST', '/areas', { name: 'Taken', access: 'free', collections: [diaryId] });
    expect(taken.status).toBe(400);
    expect(taken.json.fields['collections.0']).toBe('This collection is already in another member area.');
    // An edit without `collections` (the teaser settings' save) keeps them; If-Match as for pages.
    const saved = await owner('PUT', `/areas/${diaryAreaId}`, { name: 'Diary Club', access: 'free' }, ifMatch(1));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.area.collections).toHaveLength(1);
    // The screen's choices: collections that are not a page nor the home page.
    const listed = await owner('GET', '/areas');
    expect(listed.json.collections.map((c: { fullUrl: string }) => c.fullUrl).sort()).toEqual(['/journal', '/members-journal', '/shop']);
  });

  it('shows visitors without access the paywall (107) or access denied (106) on the list, its tag and category lists and a post; the feed is 404; never cached', async () => {
    for (const path of ['/members-journal', '/members-journal?category=Studio', '/members-journal?tag=diary', '/members-journal/studio-diary']) {
      const res = await visit(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await res.text();
      expect(html, path).toContain('class="member-paywall"');
      expect(html, path).not.toContain(SENTINEL_POST);
      const json = await (await visit(`${path}${path.includes('?') ? '&' : '?'}format=json`)).json();
      expect(json.pageType, path).toBe(107);
      expect(json.memberArea, path).toMatchObject({ id: diaryAreaId, name: 'Diary Club' });
      const denied = await visit(path, stranger);
      expect(denied.status, path).toBe(403);
      expect(await denied.text(), path).toContain('Your account is not a member of this area.');
    }
    // A post's paywall offers the join that comes back to the post.
    expect(await (await visit('/members-journal/studio-diary', stranger)).text()).toContain('name="return" value="/members-journal/studio-diary"');
    const feed = await visit('/members-journal?format=rss');
    expect(feed.status).toBe(404);
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    // Twice signed out: the second answer is not a stored copy.
    expect((await visit('/members-journal')).headers.get('x-page-cache')).not.toBe('HIT');
  });

  it('shows a member the list, the post and the feed, never cached; the link of the area leads to the collection', async () => {
    expect((await owner('POST', `/areas/${diaryAreaId}/members`, { email: 'reader@members.test' })).status).toBe(201);
    const list = await visit('/members-journal', reader);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(await list.text()).toContain(`Studio diary ${SENTINEL_POST}`);
    expect(await (await visit('/members-journal?category=Studio', reader)).text()).toContain(SENTINEL_POST);
    const post = await visit('/members-journal/studio-diary', reader);
    expect(post.status).toBe(200);
    expect(post.headers.get('cache-control')).toBe('private, no-store');
    expect(await post.text()).toContain(`Diary words ${SENTINEL_POST}`);
    const json = await (await visit('/members-journal/studio-diary?format=json', reader)).json();
    expect(json.item.title).toBe(`Studio diary ${SENTINEL_POST}`);
    const feed = await visit('/members-journal?format=rss', reader);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    expect(await feed.text()).toContain(SENTINEL_POST);
    // An area with collections only: membership confirmed and the area's navigation item lead to its first collection.
    const confirmed = await visit(`/membership-confirmed?area=${diaryAreaId}`, reader);
    expect(await confirmed.text()).toContain('<a class="member-continue" href="/members-journal">');
    const layout = await worker.fetch('/api/commondata/GetSiteLayout', { headers: ownerSession.headers });
    const main = ((await layout.json()) as { layout: { identifier: string; version: number }[] }).layout.find((n) => n.identifier === 'main-nav')!;
    const saved = await worker.fetch('/api/widget/UpdateNavigation', {
      method: 'POST',
      headers: { ...ownerSession.headers, 'Content-Type': 'application/json', 'If-Match': `"${main.version}"` },
      body: JSON.stringify({ fieldName: 'main-nav', navigation: { items: [{ title: 'Shop', externalLink: '/shop' }, { memberAreaId: diaryAreaId }] } }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await (await visit('/', reader)).text()).toContain('<a href="/members-journal">Diary Club</a>');
    expect(await (await visit('/')).text()).not.toContain('Diary Club');
  });

  it('a form refused on a protected page or post shows the home page instead, not the protected content', async () => {
    const formId = (await (await visit('/contact?format=json')).json()).collection.form.id as string;
    const v = await TestVisitor.arrive(worker);
    for (const pagePath of ['/members-journal/studio-diary', '/members-journal', '/member-article']) {
      const res = await v.req('POST', `/forms/${formId}`, new URLSearchParams({ pagePath, email: 'bad' }).toString(), { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' });
      expect(res.status, pagePath).toBe(400);
      for (const s of [SENTINEL_POST, SENTINEL_MEMBER]) expect(res.text, pagePath).not.toContain(s);
    }
  });
});

describe('the sentinel walk: protected words never reach a visitor without access', () => {
  const PUBLIC_ANSWERS = [
    '/', '/?format=json', '/member-article', '/member-article?format=json', '/teased-article', '/teased-article?format=json',
    '/locked-notes', '/locked-notes?format=json',
    // The protected pages' other words (a search echoes its query, so never the sentinel itself).
    // A collection in a member area: its list, tag and category lists, a post, their JSON, and its feed.
    '/members-journal', '/members-journal?format=json', '/members-journal?category=Studio', '/members-journal?tag=diary&format=json',
    '/members-journal/studio-diary', '/members-journal/studio-diary?format=json', '/members-journal?format=rss', '/journal?format=json',
    '/diary-summary', '/diary-summary?format=json',
    ...['Member words', 'Locked words', 'Then the rest', 'Studio diary', 'Diary words', 'Diary opening'].flatMap((q) => [`/search?q=${encodeURIComponent(q)}`, `/search?q=${encodeURIComponent(q)}&format=json`, `/api/search/suggest?q=${encodeURIComponent(q)}`]),
    '/sitemap.xml', '/journal?format=rss',
    '/journal', '/robots.txt',
  ];

  it('finds none of the sentinels in any public answer, anonymous or signed in without access', async () => {
    // The owner's view of the same page has it (the sentinel is really there).
    expect(await (await visit('/locked-notes?preview', ownerSession)).text()).toContain(SENTINEL_LOCKED);
    // A summary block listing the protected blog on a public page, and the home page's recent posts.
    const at = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };
    await publishedPage('diary-summary', { sections: [{ id: 's1', design: {}, blocks: [{ id: 'd1', type: 'summary', props: { collection: 'members-journal', display: 'list' }, layout: at }] }] });
    // A member sees the post in the search (it is not the index that hides it from others, it is the area).
    expect(await (await visit('/members-journal/studio-diary', reader)).text()).toContain(SENTINEL_POST);
    for (const who of [undefined, stranger]) {
      for (const path of PUBLIC_ANSWERS) {
        const res = await visit(path, who);
        const body = await res.text();
        for (const s of [SENTINEL_MEMBER, SENTINEL_LOCKED, SENTINEL_TEASED, SENTINEL_POST]) expect(body, `${path} as ${who ? 'stranger' : 'anonymous'}`).not.toContain(s);
      }
    }
    // JSON-LD and feeds are part of the HTML answers above; the sitemap lists no protected page.
    const sitemap = await (await visit('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/member-article');
    expect(sitemap).not.toContain('/locked-notes');
    expect(sitemap).not.toContain('/teased-article');
    expect(sitemap).not.toContain('/members-journal');
  });
});

describe('the site password', () => {
  it('locks every page, the sitemap and the search API until unlocked; removing it opens the site', async () => {
    expect((await owner('PUT', '/passwords/site', { password: 'whole site' })).status).toBe(200);
    for (const path of ['/', '/shop', '/sitemap.xml', '/journal?format=rss', '/search?q=mug']) {
      const res = await visit(path);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(await res.text(), path).toContain('This site is password protected');
    }
    expect((await visit('/api/search/suggest?q=mug')).status).toBe(401);
    const token = await crumb();
    const right = await worker.fetch('/members/unlock', {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${token}`, 'CF-Connecting-IP': testAddress() },
      body: new URLSearchParams({ crumb: token, scope: 'site', password: 'whole site', return: '/shop' }).toString(),
    });
    expect(right.status).toBe(303);
    const unlock = right.headers.getSetCookie().find((l) => l.startsWith('unlock_site='))!.split(';')[0]!;
    const shop = await visit('/shop', unlock);
    expect(shop.status).toBe(200);
    expect(await shop.text()).not.toContain('This site is password protected');
    expect((await visit('/api/search/suggest?q=mug', unlock)).status).toBe(200);
    expect((await owner('DELETE', '/passwords/site')).status).toBe(200);
    expect(await (await visit('/shop')).text()).not.toContain('This site is password protected');
  });
});

describe('every route refuses what it must (issue 30: HTTP tests for every route)', () => {
  it('every owner route: 401 signed out, 403 for a viewer, and nothing changed', async () => {
    const viewer = await signIn(worker, 'viewer@members.test', PASSWORD);
    const members = (await owner('GET', `/areas/${areaId}/members`)).json.members as { id: string }[];
    const someone = members[0]!.id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/areas'], ['POST', '/areas', { name: 'Nope', access: 'free' }], ['GET', `/areas/${areaId}`],
      ['PUT', `/areas/${areaId}`, { name: 'Nope', access: 'free' }], ['DELETE', `/areas/${areaId}`],
      ['GET', `/areas/${areaId}/members`], ['GET', `/areas/${areaId}/members.csv`], ['POST', `/areas/${areaId}/members`, { email: 'reader@members.test' }],
      ['POST', `/areas/${areaId}/members/${someone}/revoke`, { plan: 'stop' }], ['DELETE', `/areas/${areaId}/members/${someone}`],
      ['GET', '/passwords'], ['PUT', `/passwords/${lockedId}`, { password: 'taken over' }], ['DELETE', `/passwords/${lockedId}`],
    ];
    for (const [method, path, body] of routes) {
      const init = (headers: Record<string, string>) => ({
        method, headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), 'If-Match': '"1"' }, body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect((await worker.fetch(`/api/owner/members${path}`, init({}))).status, `${method} ${path} signed out`).toBe(401);
      expect((await worker.fetch(`/api/owner/members${path}`, init(viewer.headers))).status, `${method} ${path} as a viewer`).toBe(403);
    }
    expect((await owner('GET', `/areas/${areaId}/members`)).json.members).toEqual(members);
    // The owner's own listing of passwords (never a hash), and a delete of none.
    const passwords = await owner('GET', '/passwords');
    expect(passwords.status).toBe(200);
    expect(passwords.json.passwords.map((p: { scope: string }) => p.scope)).toContain(lockedId);
    expect(passwords.text).not.toContain('pbkdf2');
    expect((await owner('DELETE', `/passwords/${teasedId}`)).status).toBe(404);
    // A membership named under another area is not found there.
    const other = await owner('POST', '/areas', { name: 'Elsewhere', access: 'free' });
    expect((await owner('POST', `/areas/${other.json.area.id}/members/${someone}/revoke`, { plan: 'stop' })).status).toBe(404);
    expect((await owner('DELETE', `/areas/${other.json.area.id}`, undefined, ifMatch(1))).status).toBe(204);
  });

  it('the visitor forms: join and buy need the crumb; join needs a free area and an account; buy needs a paid area; 208 only for a member', async () => {
    const crumbValue = /crumb=([^;]+)/.exec(stranger.cookie)![1]!;
    const post = (path: string, fields: Record<string, string>, cookie = stranger.cookie) =>
      worker.fetch(path, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie }, body: new URLSearchParams(fields).toString() });
    expect((await post('/members/buy', { area: areaId })).status).toBe(401);
    const free = await post('/members/buy', { crumb: crumbValue, area: areaId });
    expect(free.status, await free.clone().text()).toBe(404);
    expect((await post('/members/join', { crumb: crumbValue, area: '0'.repeat(32) })).status).toBe(404);
    const paid = await owner('POST', '/areas', { name: 'Paid Circle', access: 'one-time', priceCents: 700, currency: 'USD' });
    expect(paid.status, paid.text).toBe(201);
    expect((await post('/members/join', { crumb: crumbValue, area: paid.json.area.id })).status).toBe(402);
    const token = await crumb();
    const signedOut = await post('/members/join', { crumb: token, area: areaId }, `crumb=${token}`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/account');
    expect((await visit(`/membership-confirmed?area=${areaId}`)).status).toBe(404);
    expect((await visit(`/membership-confirmed?area=${areaId}`, stranger)).status).toBe(404);
    expect((await owner('DELETE', `/areas/${paid.json.area.id}`, undefined, ifMatch(1))).status).toBe(204);
  });
});
