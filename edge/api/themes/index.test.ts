import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ROLE } from '../../../domain/roles/roles.js';
import { layoutOf as blockLayout, paragraphDoc } from '../pages/test-pages.js';

// Theme versions and API tokens over HTTP on the real worker (docs/api/themes.md).
let worker: RunningWorker;
let owner: SignedIn;
let manager: SignedIn;
let editor: SignedIn;
let developer: SignedIn;
beforeAll(async () => {
  worker = await startWorker();
  const { email, password } = await demoOwner();
  owner = await signIn(worker, email, password);
  await createSiteUser(worker, { email: 'manager@themes.test', password: 'themes-Password-1', roles: [ROLE.websiteManager] });
  manager = await signIn(worker, 'manager@themes.test', 'themes-Password-1');
  await createSiteUser(worker, { email: 'editor@themes.test', password: 'themes-Password-1', roles: [ROLE.editor] });
  editor = await signIn(worker, 'editor@themes.test', 'themes-Password-1');
  await createSiteUser(worker, { email: 'developer@themes.test', password: 'themes-Password-1', roles: [ROLE.themeDeveloper] });
  developer = await signIn(worker, 'developer@themes.test', 'themes-Password-1');
}, 120_000);
afterAll(async () => worker?.dispose());

type Who = SignedIn | { bearer: string } | null;
function headersOf(who: Who): Record<string, string> {
  if (who === null) return {};
  return 'bearer' in who ? { Authorization: `Bearer ${who.bearer}` } : who.headers;
}

async function call(method: string, path: string, body?: unknown, who: Who = owner) {
  const res = await worker.fetch(path, {
    method,
    headers: { ...headersOf(who), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function page(path: string, who: Who = null) {
  const res = await worker.fetch(path, { headers: headersOf(who) });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const MARK = (n: string) => `<p id="theme-mark">${n}</p></body>`;
async function layoutOf(version: number): Promise<string> {
  const { json } = await call('GET', `/api/owner/theme/versions/${version}`);
  return json.files.find((f: { path: string }) => f.path === 'layout.html').content;
}
async function pushMarked(mark: string, extra: Record<string, unknown> = {}, who: Who = owner) {
  const live = (await call('GET', '/api/owner/theme/versions')).json.live as number;
  const layout = (await layoutOf(live)).replace('</body>', MARK(mark));
  return call('POST', '/api/owner/theme/versions', { base: live, changes: [{ path: 'layout.html', content: layout }], note: mark, ...extra }, who);
}
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;

describe('theme versions', () => {
  it('the seed made the demo theme live version 1, with every file and its sha256', async () => {
    const list = await call('GET', '/api/owner/theme/versions');
    expect(list.status).toBe(200);
    expect(list.json.live).toBe(1);
    expect(list.json.versions).toEqual([expect.objectContaining({ number: 1, state: 'live' })]);
    const one = await call('GET', '/api/owner/theme/versions/1');
    const paths = one.json.files.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['layout.html', 'home.html', 'partials/pagination.html', 'assets/site.css']));
    expect(one.json.files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(paths.length).toBe(await count('select count(*) as n from templates'));
    expect((await call('GET', '/api/owner/theme/versions/99')).status).toBe(404);
  });

  it('a new version is a draft with a preview only its owners see; publishing shows it at once, rollback restores the old one in one step', async () => {
    const created = await pushMarked('two');
    expect(created.status).toBe(201);
    expect(created.json.version).toMatchObject({ number: 2, state: 'draft', note: 'two' });
    expect(created.json.previewUrl).toMatch(/\/\?theme_version=2$/);
    // The live site (and anonymous preview asks) still render version 1.
    expect((await page('/')).html).not.toContain('theme-mark');
    const anonymousPreview = await page('/?theme_version=2');
    expect(anonymousPreview.html).not.toContain('theme-mark');
    expect(anonymousPreview.headers.get('cache-control')).toBe('no-store');
    const preview = await page('/?theme_version=2', owner);
    expect(preview.html).toContain(MARK('two'));
    expect(preview.headers.get('x-theme-version')).toBe('2');
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');

    // Warm the page cache with version 1, then publish: the next request renders version 2.
    await page('/');
    const published = await call('POST', '/api/owner/theme/versions/2/publish', undefined, manager);
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ version: { number: 2, state: 'live' }, previous: 1 });
    expect((await page('/')).html).toContain(MARK('two'));
    expect((await call('GET', '/api/owner/theme/versions')).json.versions.map((v: { number: number; state: string }) => `${v.number}:${v.state}`)).toEqual(['2:live', '1:retired']);

    const rolled = await call('POST', '/api/owner/theme/rollback', {});
    expect(rolled.status).toBe(200);
    expect(rolled.json).toMatchObject({ version: { number: 1, state: 'live' }, previous: 2 });
    expect((await page('/')).html).not.toContain('theme-mark');
    // Roll back to a named earlier version too; a draft is not an earlier version.
    expect((await call('POST', '/api/owner/theme/rollback', { version: 2 })).json.version.number).toBe(2);
    expect((await page('/')).html).toContain(MARK('two'));
    const draft = await pushMarked('draft');
    expect((await call('POST', '/api/owner/theme/rollback', { version: draft.json.version.number })).status).toBe(409);
    expect((await call('POST', '/api/owner/theme/rollback', { version: 1 })).status).toBe(200);
  });

  it('refuses to publish a version whose templates do not compile, listing file:line:col, and the live site keeps rendering', async () => {
    const live = (await call('GET', '/api/owner/theme/versions')).json.live as number;
    const broken = await call('POST', '/api/owner/theme/versions', {
      base: live,
      changes: [
        { path: 'partials/broken.html', content: '<p>\n  {title|nosuchformatter}</p>' },
        { path: 'search.html', content: '{.section items}\n<ul>' },
      ],
    });
    expect(broken.status).toBe(201);
    const refused = await call('POST', `/api/owner/theme/versions/${broken.json.version.number}/publish`);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toBe('theme_compile_errors');
    const at = refused.json.errors.map((e: { at: string }) => e.at);
    expect(at).toContain('partials/broken.html:2:10');
    expect(at.some((a: string) => a.startsWith('search.html:'))).toBe(true);
    expect(refused.json.message).toContain('partials/broken.html:2:10');
    expect((await call('GET', '/api/owner/theme/versions')).json.live).toBe(live);
    expect((await page('/')).status).toBe(200);
  });

  it('refuses a push whose base is no longer live unless forced, and validates paths', async () => {
    const live = (await call('GET', '/api/owner/theme/versions')).json.live as number;
    const stale = await pushMarked('stale', { expectLive: live + 100 });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ error: 'theme_conflict', live });
    expect((await pushMarked('forced', { expectLive: live + 100, force: true })).status).toBe(201);
    const bad = await call('POST', '/api/owner/theme/versions', { files: [{ path: '../secret.html', content: 'x' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)[0]).toMatch(/^files\.0\.path/);
  });

  it('contributors without the themes row are refused', async () => {
    expect((await call('GET', '/api/owner/theme/versions', undefined, editor)).status).toBe(403);
    expect((await call('GET', '/api/owner/theme/versions', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/owner/api-tokens', undefined, editor)).status).toBe(403);
  });

  it('a theme developer saves and previews versions but cannot publish, roll back or make tokens', async () => {
    expect((await call('GET', '/api/owner/theme/versions', undefined, developer)).status).toBe(200);
    const made = await pushMarked('by-developer', {}, developer);
    expect(made.status).toBe(201);
    const number = made.json.version.number as number;
    const preview = await page(`/?theme_version=${number}`, developer);
    expect(preview.headers.get('x-theme-version')).toBe(String(number));
    expect(preview.html).toContain(MARK('by-developer'));
    const publish = await call('POST', `/api/owner/theme/versions/${number}/publish`, {}, developer);
    expect(publish.status).toBe(403);
    expect(publish.json.error).toBe('forbidden');
    expect((await call('POST', '/api/owner/theme/rollback', {}, developer)).status).toBe(403);
    expect((await call('GET', '/api/owner/api-tokens', undefined, developer)).status).toBe(403);
    expect((await call('POST', '/api/owner/api-tokens', { name: 'mine', scopes: ['theme:write'], expiresInDays: 5 }, developer)).status).toBe(403);
    // Still a draft: the live site never saw it.
    expect((await page('/')).html).not.toContain('by-developer');
    expect((await call('GET', `/api/owner/theme/versions/${number}`)).json.version.state).toBe('draft');
  });

  it('the owner invites a theme developer like any contributor; the mail names the role', async () => {
    const invited = await call('POST', '/api/site-users/contributors/invitations', { email: 'author@themes.test', roles: [ROLE.themeDeveloper] });
    expect(invited.status).toBe(202);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = 'author@themes.test'").first<{ text: string }>();
    expect(mail!.text).toContain('theme developer');
    expect((await call('POST', '/api/site-users/contributors/invitations', { email: 'author2@themes.test', roles: [ROLE.themeDeveloper] }, developer)).status).toBe(403);
  });

  it('compiles one file without saving: errors with file:line:col, nothing stored', async () => {
    const before = await count('select count(*) as n from theme_versions');
    const bad = await call('POST', '/api/owner/theme/compile', { path: 'partials/x.html', content: '<p>\n  {.section item}{title|nosuch}' }, developer);
    expect(bad.status).toBe(200);
    expect(bad.json.errors.length).toBeGreaterThan(0);
    expect(bad.json.errors[0]).toMatchObject({ file: 'partials/x.html', line: 2 });
    expect(bad.json.errors[0].at).toMatch(/^partials\/x\.html:2:\d+$/);
    expect((await call('POST', '/api/owner/theme/compile', { path: 'home.html', content: '{.section item}{title}{.end}' })).json).toEqual({ errors: [] });
    expect((await call('POST', '/api/owner/theme/compile', { path: 'assets/site.css', content: '{.section' })).json).toEqual({ errors: [] });
    expect((await call('POST', '/api/owner/theme/compile', { path: '../x.html', content: '' })).status).toBe(400);
    expect((await call('POST', '/api/owner/theme/compile', { path: 'a.html', content: '' }, editor)).status).toBe(403);
    expect(await count('select count(*) as n from theme_versions')).toBe(before);
  });

  it("a preview links the version's own static files, served only to those who may preview it", async () => {
    const live = (await call('GET', '/api/owner/theme/versions')).json.live as number;
    const css = 'body { --preview-mark: two; } .x { background: url(/theme/assets/preview-dot.svg); }';
    const made = await call('POST', '/api/owner/theme/versions', {
      base: live,
      changes: [{ path: 'assets/site.css', content: css }, { path: 'assets/preview-dot.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
    });
    const n = made.json.version.number as number;
    const preview = await page(`/?theme_version=${n}`, owner);
    expect(preview.html).toContain(`href="/theme/v/${n}/assets/site.css"`);
    expect(preview.html).not.toContain('href="/theme/assets/site.css"');
    // The live page keeps the live files.
    expect((await page('/')).html).toContain('href="/theme/assets/site.css"');
    expect((await page('/theme/assets/site.css')).html).not.toContain('--preview-mark');

    const file = await page(`/theme/v/${n}/assets/site.css`, developer);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/css');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.html).toBe(`body { --preview-mark: two; } .x { background: url(/theme/v/${n}/assets/preview-dot.svg); }`);
    expect((await page(`/theme/v/${n}/assets/preview-dot.svg`, owner)).headers.get('content-security-policy')).toContain('sandbox');
    for (const [path, who] of [[`/theme/v/${n}/assets/site.css`, null], [`/theme/v/${n}/assets/site.css`, editor], [`/theme/v/${n}/layout.html`, owner], [`/theme/v/${n}/assets/none.css`, owner], [`/theme/v/99/assets/site.css`, owner]] as const) {
      expect((await page(path, who)).status, `${path} ${who === null ? 'anonymous' : ''}`).toBe(404);
    }
  });

  it("?format=json with X-Theme-Render: local adds the block layouts as plans for those who may preview", async () => {
    const ask = (who: Who) => worker.fetch('/about?format=json', { headers: { ...headersOf(who), 'X-Theme-Render': 'local' } }).then((r) => r.json() as Promise<any>);
    const plain = (await (await worker.fetch('/about?format=json')).json()) as Record<string, unknown>;
    expect(plain.themeBlocks).toBeUndefined();
    expect((await ask(null)).themeBlocks).toBeUndefined();
    expect((await ask(editor)).themeBlocks).toBeUndefined();
    const local = await ask(developer);
    const { defaults, layouts } = local.themeBlocks;
    expect(defaults['section.html']).toContain('section-grid');
    const main = layouts.find((l: { target: string }) => l.target === 'collection.mainContent');
    expect(main.withPage).toBe(true);
    const block = main.sections[0].blocks[0];
    expect(block).toMatchObject({ id: expect.any(String), type: expect.any(String), props: expect.any(Object), view: expect.any(Object) });
    expect(defaults[`blocks/${block.type}.html`]).toEqual(expect.any(String));
    // The owner's header too, rendered without the page context as on the site.
    const header = blockLayout({ id: 'hdr', type: 'text', props: { text: paragraphDoc('Free shipping') } });
    const put = await worker.fetch('/api/site-header-footer', { method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json', 'If-Match': '"0"' }, body: JSON.stringify({ header, footer: null }) });
    expect(put.status).toBe(200);
    const withHeader = (await ask(developer)).themeBlocks.layouts.find((l: { target: string }) => l.target === 'siteHeader');
    expect(withHeader).toMatchObject({ withPage: false, sections: [{ blocks: [{ id: 'hdr', type: 'text' }] }] });
    expect((await ask(null)).siteHeader).toBeUndefined();
    // Everything else is the page context the same contributor gets without the header.
    const { themeBlocks: _blocks, clientAssets: _assets, siteStyles: _styles, ...rest } = local;
    expect(rest).toEqual(await (await worker.fetch('/about?format=json', { headers: headersOf(developer) })).json());
  });

  it('two versions created at once get distinct numbers; two published at once leave exactly one live, whose files the site renders', async () => {
    const [a, b] = await Promise.all([pushMarked('a'), pushMarked('b')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.version.number).not.toBe(b.json.version.number);
    const published = await Promise.all([a, b].map((v) => call('POST', `/api/owner/theme/versions/${v.json.version.number}/publish`)));
    expect(published.map((p) => p.status)).toEqual([200, 200]);
    expect(await count("select count(*) as n from theme_versions where state = 'live'")).toBe(1);
    const live = (await call('GET', '/api/owner/theme/versions')).json.live as number;
    const mark = live === a.json.version.number ? 'a' : 'b';
    expect((await page('/')).html).toContain(MARK(mark));
    expect(await count("select count(*) as n from templates t join theme_files f on f.path = t.path and f.sha256 = t.hash join theme_versions v on v.id = f.version_id and v.state = 'live'"))
      .toBe(await count('select count(*) as n from templates'));
  });
});

describe('API tokens', () => {
  const create = (body: unknown, who: Who = owner) => call('POST', '/api/owner/api-tokens', body, who);

  it('a token is shown once, stored hashed, and authenticates theme routes by scope; every use is logged', async () => {
    const reader = await create({ name: 'CI read', scopes: ['theme:read'], expiresInDays: 30 });
    expect(reader.status).toBe(201);
    expect(reader.json.secret).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(reader.json.token).toMatchObject({ name: 'CI read', scopes: ['theme:read'], state: 'active', lastUsedOn: null });
    expect(await count('select count(*) as n from api_tokens where token_hash = ?', reader.json.secret)).toBe(0);
    const list = await call('GET', '/api/owner/api-tokens');
    expect(JSON.stringify(list.json)).not.toContain(reader.json.secret);

    const bearer = { bearer: reader.json.secret as string };
    expect((await call('GET', '/api/owner/theme/versions', undefined, bearer)).status).toBe(200);
    // Read scope cannot push or publish (403), with or without a crumb.
    const push = await pushMarked('by-reader', {}, bearer);
    expect(push.status).toBe(403);
    expect((await call('POST', '/api/owner/theme/versions/1/publish', undefined, bearer)).status).toBe(403);
    // A read token previews a draft.
    expect((await page('/?theme_version=1', bearer)).headers.get('x-theme-version')).toBe('1');

    const uses = await call('GET', `/api/owner/api-tokens/${reader.json.token.id}/uses`);
    expect(uses.json.uses.length).toBeGreaterThanOrEqual(4);
    expect(uses.json.uses.map((u: { route: string }) => u.route)).toContain('/api/owner/theme/versions');
    expect((await call('GET', '/api/owner/api-tokens')).json.tokens.find((t: { id: string }) => t.id === reader.json.token.id).lastUsedOn).toEqual(expect.any(Number));

    // Bearer tokens only on the theme routes, only from the header.
    expect((await call('GET', '/api/owner/api-tokens', undefined, bearer)).status).toBe(401);
    const asCookie = await worker.fetch('/api/owner/theme/versions', { headers: { Cookie: `Authorization=Bearer ${reader.json.secret}; token=${reader.json.secret}` } });
    expect(asCookie.status).toBe(401);
  });

  it('a write token pushes and publishes without a crumb; revoked and expired tokens answer 401', async () => {
    const writer = await create({ name: 'CLI', scopes: ['theme:read', 'theme:write'], expiresInDays: 1 }, manager);
    expect(writer.status).toBe(201);
    const bearer = { bearer: writer.json.secret as string };
    const pushed = await pushMarked('by-token', {}, bearer);
    expect(pushed.status).toBe(201);
    expect(pushed.json.version.createdBy).toBe(`token:${writer.json.token.id}`);

    const expiring = await create({ name: 'Short', scopes: ['theme:read'], expiresInDays: 1 });
    await worker.db.prepare('update api_tokens set expires_on = ? where id = ?').bind(Date.now() - 1, expiring.json.token.id).run();
    const expired = await call('GET', '/api/owner/theme/versions', undefined, { bearer: expiring.json.secret });
    expect(expired.status).toBe(401);
    expect(expired.json.error).toBe('invalid_token');
    expect((await call('GET', '/api/owner/api-tokens')).json.tokens.find((t: { id: string }) => t.id === expiring.json.token.id).state).toBe('expired');

    expect((await call('DELETE', `/api/owner/api-tokens/${writer.json.token.id}`)).status).toBe(200);
    expect((await call('GET', '/api/owner/theme/versions', undefined, bearer)).status).toBe(401);
    expect((await call('DELETE', `/api/owner/api-tokens/${writer.json.token.id}`)).status).toBe(404);
    expect((await call('GET', '/api/owner/theme/versions', undefined, { bearer: 'atl_' + 'x'.repeat(43) })).status).toBe(401);
    expect((await call('GET', '/api/owner/theme/versions', undefined, { bearer: 'nonsense' })).status).toBe(401);
  });

  it('validates names, scopes and expiry', async () => {
    const bad = await create({ name: ' ', scopes: ['theme:admin'], expiresInDays: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['expiresInDays', 'name', 'scopes.0']);
  });
});
