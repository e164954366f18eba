import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, layoutOf, pageClient, paragraphDoc, revisionCount, textLayout } from './test-pages.js';

/** /api/pages on the worker: the page records, drafts under If-Match, publishing, and what visitors see. */
let worker: RunningWorker;
let owner: ReturnType<typeof pageClient>;
let anonymous: ReturnType<typeof pageClient>;
const asRole = new Map<number, ReturnType<typeof pageClient>>();
let ownerSession: SignedIn;

const visit = (path: string) => worker.fetch(path);

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  ownerSession = await signIn(worker, demo.email, demo.password);
  owner = pageClient(worker, ownerSession);
  anonymous = pageClient(worker);
  for (const role of [ROLE.editor, ROLE.draftEditor, ROLE.viewer, ROLE.websiteManager]) {
    const email = `role-${role}@pages.test`;
    await createSiteUser(worker, { email, password: 'pages-Password-1', roles: [role] });
    asRole.set(role, pageClient(worker, await signIn(worker, email, 'pages-Password-1')));
  }
}, 120_000);
afterAll(() => worker?.dispose());

async function newPage(slug: string, title = `Page ${slug}`) {
  const created = await owner('POST', '', { title, slug });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.page as { id: string; slug: string; draft: { version: number } };
}

describe('creating pages', () => {
  it('answers 201 with the page, its empty draft (version 1) and an ETag', async () => {
    const created = await owner('POST', '', { title: 'Summer Workshops', seoTitle: 'Workshops', seoDescription: 'Learn the wheel' });
    expect(created.status).toBe(201);
    expect(created.json.page).toMatchObject({ title: 'Summer Workshops', slug: 'summer-workshops', url: '/summer-workshops', status: 'draft', draftVersion: 1, publishedVersion: null, seoTitle: 'Workshops', draft: { version: 1, layout: { sections: [] } } });
    expect(created.headers.get('etag')).toBe('"1"');
    const read = await owner('GET', `/${created.json.page.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.headers.get('cache-control')).toBe('no-store');
    const list = await owner('GET', '');
    expect(list.json.pages.map((p: { slug: string }) => p.slug)).toContain('summer-workshops');
  });

  it('slugifies the typed slug and refuses reserved, empty, taken and collection paths with fields.slug', async () => {
    expect((await owner('POST', '', { title: 'x', slug: 'Café Über Uns!' })).json.page.slug).toBe('cafe-uber-uns');
    for (const slug of ['config', 'api', 'cart', 'checkout', 'search', 'account', 'assets', 'client', 'theme', '.well-known']) {
      const refused = await owner('POST', '', { title: 'x', slug });
      expect(refused.status, slug).toBe(400);
      expect(refused.json.fields.slug, slug).toMatch(/reserved/);
    }
    expect((await owner('POST', '', { title: '***' })).json).toMatchObject({ error: 'invalid_slug', fields: { slug: '*** is not a valid page URL' } });
    const taken = await owner('POST', '', { title: 'again', slug: 'cafe-uber-uns' });
    expect(taken.status).toBe(409);
    expect(taken.json.fields.slug).toMatch(/already used/);
    // The demo's /shop collection keeps its URL.
    expect((await owner('POST', '', { title: 'Shop', slug: 'shop' })).status).toBe(409);
    expect((await owner('POST', '', { slug: 'no-title' })).json).toMatchObject({ error: 'invalid_request', fields: { title: expect.any(String) } });
    const rows = await worker.db.prepare("SELECT COUNT(*) AS n FROM pages WHERE slug IN ('config', 'shop', 'no-title')").first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await owner('GET', '/nope')).json).toMatchObject({ error: 'page_not_found', message: 'Unable to locate content' });
    expect((await owner('PUT', '/nope/draft', { layout: textLayout('x') }, ifMatch(1))).status).toBe(404);
  });
});

describe('drafts', () => {
  it('saves a layout under If-Match, filling in defaults, and answers the new version', async () => {
    const page = await newPage('drafts-save');
    const saved = await owner('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'b1', type: 'button' }) }, ifMatch(1));
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(saved.json.page.draft).toMatchObject({ version: 2, author: 'owner@fernandkiln.test', layout: { sections: [{ design: { padding: 'medium' }, blocks: [{ props: { label: 'Learn more' } }] }] } });
    const revisions = await owner('GET', `/${page.id}/revisions`);
    expect(revisions.json.revisions.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    expect((await owner('GET', `/${page.id}/revisions/1`)).json.revision.layout).toEqual({ sections: [] });
  });

  it('answers a stale version with 412, the current version and its author, and stores nothing', async () => {
    const page = await newPage('drafts-stale');
    expect((await owner('PUT', `/${page.id}/draft`, { layout: textLayout('first') }, ifMatch(1))).status).toBe(200);
    const stale = await owner('PUT', `/${page.id}/draft`, { layout: textLayout('second') }, ifMatch(1));
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', message: expect.stringContaining('Someone else saved this page'), current: { version: 2, author: 'owner@fernandkiln.test', savedAt: expect.any(Number) } });
    expect(await revisionCount(worker, page.id)).toBe(2);
    expect((await owner('PUT', `/${page.id}/draft`, { layout: textLayout('x') }, ifMatch(9))).status).toBe(412);
  });

  it('needs If-Match (428) and a valid one (400)', async () => {
    const page = await newPage('drafts-if-match');
    expect((await owner('PUT', `/${page.id}/draft`, { layout: textLayout('x') })).json.error).toBe('version_required');
    expect((await owner('PUT', `/${page.id}/draft`, { layout: textLayout('x') }, { 'If-Match': 'soon' })).status).toBe(400);
    expect((await owner('PUT', `/${page.id}/draft`, { layout: textLayout('x') }, { 'If-Match': 'W/"1"' })).status).toBe(200);
  });

  it.each([
    ['an unknown block type', layoutOf({ id: 'b1', type: 'carousel' }), 'layout.sections.0.blocks.0.type', 'carousel is not a block type.'],
    ['a SPEC block type not built yet', layoutOf({ id: 'b1', type: 'tock' }), 'layout.sections.0.blocks.0.type', 'The tock block is not available yet.'],
    ['a prop of the wrong type', layoutOf({ id: 'b1', type: 'spacer', props: { height: '50px' } }), 'layout.sections.0.blocks.0.props.height', undefined],
    ['an unknown prop', layoutOf({ id: 'b1', type: 'quote', props: { cite: 'x' } }), 'layout.sections.0.blocks.0.props', undefined],
    ['rich text that is not a document', layoutOf({ id: 'b1', type: 'text', props: { text: { type: 'paragraph' } } }), 'layout.sections.0.blocks.0.props.text.type', undefined],
    ['a block inside a block', { sections: [{ id: 's', design: {}, blocks: [{ id: 'b', type: 'text', props: {}, layout: { desktop: { col: 1, row: 1, span: 1, rows: 1 } }, blocks: [] }] }] }, 'layout.sections.0.blocks.0', undefined],
    ['a section inside a block', { sections: [{ id: 's', design: {}, blocks: [{ id: 'b', type: 'text', props: {}, layout: { desktop: { col: 1, row: 1, span: 1, rows: 1 } }, sections: [] }] }] }, 'layout.sections.0.blocks.0', undefined],
    ['a placement off the grid', { sections: [{ id: 's', design: {}, blocks: [{ id: 'b', type: 'text', props: {}, layout: { desktop: { col: 13, row: 1, span: 1, rows: 1 } } }] }] }, 'layout.sections.0.blocks.0.layout.desktop.col', undefined],
    ['two blocks sharing grid cells', { sections: [{ id: 's', design: {}, blocks: [{ id: 'a', type: 'spacer', props: {}, layout: { desktop: { col: 1, row: 1, span: 8, rows: 2 } } }, { id: 'b', type: 'spacer', props: {}, layout: { desktop: { col: 5, row: 2, span: 8, rows: 1 } } }] }] }, 'layout.sections.0.blocks.1.layout.desktop', 'This block overlaps a on the desktop grid; move it to free cells.'],
    ['61 blocks', { sections: [{ id: 's', design: {}, blocks: Array.from({ length: 61 }, (_, i) => ({ id: `b${i}`, type: 'spacer', props: {}, layout: { desktop: { col: 1, row: i + 1, span: 12, rows: 1 } } })) }] }, 'layout.sections', 'Max blocks per layout is 60.'],
    ['a document over 1 MB', layoutOf({ id: 'b1', type: 'code', props: { code: 'x'.repeat(1_000_100) } }), 'layout', 'This layout is too large to save (1 MB at most).'],
    ['no layout at all', undefined, 'layout', undefined],
  ])('refuses %s with 400, fields naming the path, and stores nothing', async (_label, layout, path, message) => {
    const page = await newPage(`bad-${Math.random().toString(36).slice(2, 8)}`);
    const refused = await owner('PUT', `/${page.id}/draft`, { layout }, ifMatch(1));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_layout', message: expect.any(String) });
    expect(Object.keys(refused.json.fields)).toContain(path);
    if (message) expect(refused.json.fields[path]).toBe(message);
    expect(await revisionCount(worker, page.id)).toBe(1);
  });

  it('refuses bodies over 2 MB before reading them (413)', async () => {
    const page = await newPage('drafts-huge');
    const huge = await owner('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'b1', type: 'code', props: { code: 'x'.repeat(2_200_000) } }) }, ifMatch(1));
    expect(huge.status).toBe(413);
    expect(await revisionCount(worker, page.id)).toBe(1);
  });

  it('restores an old revision as a new one, losing nothing', async () => {
    const page = await newPage('drafts-restore');
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('one') }, ifMatch(1));
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('two') }, ifMatch(2));
    const restored = await owner('POST', `/${page.id}/revisions/2/restore`);
    expect(restored.status).toBe(200);
    expect(restored.json.page.draft).toMatchObject({ version: 4, layout: textLayout('one') });
    const revisions = (await owner('GET', `/${page.id}/revisions`)).json.revisions;
    expect(revisions.map((r: { version: number; restoredFrom: number | null }) => [r.version, r.restoredFrom])).toEqual([[4, 2], [3, null], [2, null], [1, null]]);
    expect((await owner('POST', `/${page.id}/revisions/2/restore`, undefined, ifMatch(3))).status).toBe(412);
    expect((await owner('POST', `/${page.id}/revisions/99/restore`)).json.error).toBe('revision_not_found');
    expect((await owner('POST', `/${page.id}/revisions/two/restore`)).status).toBe(404);
    expect((await owner('GET', `/${page.id}/revisions/two`)).json.error).toBe('revision_not_found');
    expect(await revisionCount(worker, page.id)).toBe(4);
  });
});

describe('publishing', () => {
  it('serves nothing before publishing, the published revision right after, and never a newer draft', async () => {
    const page = await newPage('open-studio', 'Open Studio');
    expect((await visit('/open-studio')).status).toBe(404);
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Kilns open on Sunday') }, ifMatch(1));
    expect((await visit('/open-studio')).status).toBe(404);
    expect((await visit('/open-studio?format=json')).status).toBe(404);

    const published = await owner('POST', `/${page.id}/publish`, { version: 2 });
    expect(published.status).toBe(200);
    expect(published.json.page).toMatchObject({ status: 'published', publishedVersion: 2 });
    const live = await visit('/open-studio');
    expect(live.status).toBe(200);
    const html = await live.text();
    expect(html).toContain('<p>Kilns open on Sunday</p>');
    expect(html).toContain('class="page-section');
    expect(html).toContain('<title>Open Studio');

    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Secret draft words') }, ifMatch(2));
    const after = await (await visit('/open-studio')).text();
    expect(after).toContain('Kilns open on Sunday');
    expect(after).not.toContain('Secret draft words');
    const json = await (await visit('/open-studio?format=json')).text();
    expect(json).toContain('Kilns open on Sunday');
    expect(json).not.toContain('Secret draft words');
    const sitemap = await (await visit('/sitemap.xml')).text();
    expect(sitemap).toContain('/open-studio</loc>');
    expect(sitemap).not.toContain('/drafts-save</loc>');
    expect(await (await visit('/search?q=Secret')).text()).not.toContain('Secret draft words');
    expect(await (await visit('/api/search/suggest?q=Secret')).text()).not.toContain('Secret draft words');
  });

  it('previews the draft only for a signed-in contributor (?preview): no-store, noindex', async () => {
    const page = await newPage('preview-me');
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Draft for review') }, ifMatch(1));
    const preview = await worker.fetch('/preview-me?preview', { headers: { Cookie: ownerSession.cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');
    expect(await preview.text()).toContain('Draft for review');
    const json = await worker.fetch('/preview-me?preview&format=json', { headers: { Cookie: ownerSession.cookie } });
    expect(await json.text()).toContain('Draft for review');
    // Anyone else asking for a preview gets what a visitor gets.
    for (const res of [await visit('/preview-me?preview'), await visit('/preview-me?preview&format=json')]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Draft for review');
    }
    await createSiteUser(worker, { email: 'shopper@pages.test', password: 'pages-Password-1' });
    const shopper = await signIn(worker, 'shopper@pages.test', 'pages-Password-1');
    expect((await worker.fetch('/preview-me?preview', { headers: { Cookie: shopper.cookie } })).status).toBe(404);
  });

  it('serves a draft published unchanged byte for byte as its preview showed it', async () => {
    const page = await newPage('same-bytes');
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Exactly these words') }, ifMatch(1));
    const preview = await (await worker.fetch('/same-bytes?preview', { headers: { Cookie: ownerSession.cookie } })).text();
    expect((await owner('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);
    // The same visitor (the signed-in owner: the header says 'Your account' to them) sees the live page as the preview showed it.
    const live = await (await worker.fetch('/same-bytes', { headers: { Cookie: ownerSession.cookie } })).text();
    expect(live).toContain('Exactly these words');
    expect(live).toBe(preview);
    // A visitor who is not signed in gets the same page but for the header's account link.
    const anonymous = await (await visit('/same-bytes')).text();
    expect(anonymous.replaceAll('>Sign in</a>', '>Your account</a>')).toBe(preview);
  });

  it('shows the social image as the link preview once published, and refuses another site\'s picture', async () => {
    const page = await newPage('with-picture');
    const refused = await owner('PATCH', `/${page.id}`, { socialImage: 'https://elsewhere.example/x.jpg' });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toHaveProperty('socialImage');
    const set = await owner('PATCH', `/${page.id}`, { socialImage: '/assets/demo/kiln.jpg' });
    expect(set.json.page.socialImage).toBe('/assets/demo/kiln.jpg');
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Pictured') }, ifMatch(1));
    await owner('POST', `/${page.id}/publish`, { version: 2 });
    expect(await (await visit('/with-picture')).text()).toContain('<meta property="og:image" content="http://localhost/assets/demo/kiln.jpg?format=1500w">');
    const cleared = await owner('PATCH', `/${page.id}`, { socialImage: null });
    expect(cleared.json.page.socialImage).toBeNull();
  });

  it('moves the live page to the published revision and off the site on unpublish', async () => {
    const page = await newPage('pottery-club');
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Version two') }, ifMatch(1));
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Version three') }, ifMatch(2));
    await owner('POST', `/${page.id}/publish`, { version: 3 });
    expect(await (await visit('/pottery-club')).text()).toContain('Version three');
    await owner('POST', `/${page.id}/publish`, { version: 2 });
    expect(await (await visit('/pottery-club')).text()).toContain('Version two');
    const before = await worker.db.prepare('SELECT content_version AS v FROM websites WHERE is_default = 1').first<{ v: number }>();
    const off = await owner('POST', `/${page.id}/unpublish`);
    expect(off.json.page).toMatchObject({ status: 'draft', publishedVersion: null });
    const afterOff = await worker.db.prepare('SELECT content_version AS v FROM websites WHERE is_default = 1').first<{ v: number }>();
    expect(afterOff!.v).toBe(before!.v + 1);
    expect((await visit('/pottery-club')).status).toBe(404);
    expect(await revisionCount(worker, page.id)).toBe(3);
  });

  it('changes title, slug and SEO texts; a published page moves to its new path at once', async () => {
    const page = await newPage('glaze-night', 'Glaze Night');
    await owner('PUT', `/${page.id}/draft`, { layout: textLayout('Bring a bisque pot') }, ifMatch(1));
    await owner('POST', `/${page.id}/publish`, { version: 2 });
    expect((await visit('/glaze-night')).status).toBe(200);
    const changed = await owner('PATCH', `/${page.id}`, { slug: 'Glaze Nights', title: 'Glaze Nights', seoTitle: 'Glaze nights at the studio', seoDescription: 'Thursdays' });
    expect(changed.status).toBe(200);
    expect(changed.json.page).toMatchObject({ slug: 'glaze-nights', title: 'Glaze Nights', seoTitle: 'Glaze nights at the studio', draftVersion: 2 });
    expect((await visit('/glaze-night')).status).toBe(404);
    const html = await (await visit('/glaze-nights')).text();
    expect(html).toContain('<meta property="og:title" content="Glaze nights at the studio">');
    expect(html).toContain('<meta name="description" content="Thursdays">');
    expect((await owner('PATCH', `/${page.id}`, { slug: 'shop' })).status).toBe(409);
    expect((await owner('PATCH', `/${page.id}`, { slug: 'open-studio' })).json.error).toBe('slug_taken');
    expect((await owner('PATCH', `/${page.id}`, { slug: 'checkout' })).json.error).toBe('reserved_slug');
    expect((await owner('PATCH', `/${page.id}`, { title: '' })).json.fields.title).toBe('Add a page title.');
    expect((await asRole.get(ROLE.draftEditor)!('PATCH', `/${page.id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await owner('GET', `/${page.id}`)).json.page.title).toBe('Glaze Nights');
  });

  it('unpublishing a page that is not published changes nothing', async () => {
    const page = await newPage('never-live');
    const before = await worker.db.prepare('SELECT content_version AS v FROM websites WHERE is_default = 1').first<{ v: number }>();
    expect((await owner('POST', `/${page.id}/unpublish`)).json.page.status).toBe('draft');
    const after = await worker.db.prepare('SELECT content_version AS v FROM websites WHERE is_default = 1').first<{ v: number }>();
    expect(after!.v).toBe(before!.v);
  });

  it('refuses a version that is not a revision of the page', async () => {
    const page = await newPage('publish-missing');
    expect((await owner('POST', `/${page.id}/publish`, { version: 7 })).json).toMatchObject({ error: 'revision_not_found' });
    expect((await owner('POST', `/${page.id}/publish`, { version: 'latest' })).json).toMatchObject({ error: 'invalid_request', fields: { version: expect.any(String) } });
    expect((await owner('GET', `/${page.id}`)).json.page.publishedVersion).toBeNull();
  });

  it('uses the theme\'s own block partial when it has one', async () => {
    const site = await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>();
    const page = await newPage('themed-quote');
    await owner('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'q', type: 'quote', props: { text: 'Clay remembers', source: 'A potter' } }) }, ifMatch(1));
    await owner('POST', `/${page.id}/publish`, { version: 2 });
    expect(await (await visit('/themed-quote')).text()).toContain('<figure class="block-quote"><blockquote>Clay remembers</blockquote>');
    await putThemeFile(site!.id, 'blocks/quote.html', '<q class="themed">{props.text|html} ({props.source|html})</q>');
    // Written behind the worker's back: this isolate trusts its remembered content version for up to 1 s.
    await expect.poll(async () => (await visit('/themed-quote')).text()).toContain('<q class="themed">Clay remembers (A potter)</q>');
  });
});

/** Writes a theme file as the seed does (content and its SHA-256), then bumps the content version as an owner change would. */
async function putThemeFile(websiteId: string, path: string, source: string) {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update(source).digest('hex');
  await worker.db.prepare('INSERT INTO templates (website_id, path, content, hash, updated_on) VALUES (?, ?, ?, ?, ?)').bind(websiteId, path, source, hash, Date.now()).run();
  await worker.db.prepare('UPDATE websites SET content_version = content_version + 1 WHERE id = ?').bind(websiteId).run();
}

describe('roles (SPEC §3)', () => {
  it('lets an editor and a website manager save and publish', async () => {
    for (const role of [ROLE.editor, ROLE.websiteManager]) {
      const as = asRole.get(role)!;
      const page = (await as('POST', '', { title: `by ${role}` })).json.page;
      expect((await as('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'h', type: 'html', props: { html: '<b>hi</b>' } }) }, ifMatch(1))).status).toBe(200);
      expect((await as('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);
    }
  });

  it('lets a draft editor save drafts but not publish, unpublish or add html and embed blocks (403)', async () => {
    const draftEditor = asRole.get(ROLE.draftEditor)!;
    const page = (await draftEditor('POST', '', { title: 'Drafted' })).json.page;
    expect((await draftEditor('PUT', `/${page.id}/draft`, { layout: textLayout('mine') }, ifMatch(1))).status).toBe(200);
    expect((await draftEditor('POST', `/${page.id}/publish`, { version: 2 })).json).toMatchObject({ error: 'forbidden' });
    expect((await draftEditor('POST', `/${page.id}/unpublish`)).status).toBe(403);
    for (const type of ['html', 'embed']) {
      const refused = await draftEditor('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'c', type, props: { html: '<b>x</b>' } }) }, ifMatch(2));
      expect(refused.status, type).toBe(403);
      expect(refused.json.message).toBe('Your role cannot add html or embed blocks.');
    }
    expect(await revisionCount(worker, page.id)).toBe(2);

    // An html block the owner added stays when the draft editor edits around it, but cannot change.
    const withHtml = layoutOf({ id: 'c', type: 'html', props: { html: '<b>owner</b>' } }, { id: 't', type: 'text', props: { text: paragraphDoc('a') } });
    expect((await owner('PUT', `/${page.id}/draft`, { layout: withHtml }, ifMatch(2))).status).toBe(200);
    const edited = structuredClone(withHtml);
    edited.sections[0]!.blocks[1]!.props = { text: paragraphDoc('b') };
    expect((await draftEditor('PUT', `/${page.id}/draft`, { layout: edited }, ifMatch(3))).status).toBe(200);
    edited.sections[0]!.blocks[0]!.props = { html: '<script>x</script>' };
    expect((await draftEditor('PUT', `/${page.id}/draft`, { layout: edited }, ifMatch(4))).status).toBe(403);
    // Nor can a restore bring one back that the draft no longer has.
    expect((await draftEditor('PUT', `/${page.id}/draft`, { layout: textLayout('plain') }, ifMatch(4))).status).toBe(200);
    expect((await draftEditor('POST', `/${page.id}/revisions/3/restore`)).status).toBe(403);
  });

  it('lets a viewer read but change nothing; anonymous visitors get 401', async () => {
    const viewer = asRole.get(ROLE.viewer)!;
    const page = await newPage('viewer-reads');
    expect((await viewer('GET', `/${page.id}`)).status).toBe(200);
    expect((await viewer('GET', `/${page.id}/revisions`)).status).toBe(200);
    expect((await viewer('PUT', `/${page.id}/draft`, { layout: textLayout('x') }, ifMatch(1))).status).toBe(403);
    expect((await viewer('POST', '', { title: 'nope' })).status).toBe(403);
    expect((await anonymous('GET', `/${page.id}`)).json.error).toBe('sign_in_required');
    expect((await anonymous('GET', '')).status).toBe(401);
  });

  it('needs the crumb on every state-changing call (401 crumbFail)', async () => {
    const page = await newPage('crumbless');
    const noCrumb = pageClient(worker, { ...ownerSession, headers: { Cookie: ownerSession.cookie } });
    const refused = await noCrumb('PUT', `/${page.id}/draft`, { layout: textLayout('x') }, ifMatch(1));
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ crumbFail: true, message: 'Your session has expired. Please reload the page and try again.' });
    expect((await noCrumb('POST', '', { title: 'x' })).status).toBe(401);
    expect((await noCrumb('POST', `/${page.id}/publish`, { version: 1 })).status).toBe(401);
    expect(await revisionCount(worker, page.id)).toBe(1);
  });
});

describe('site header/footer and layout reads (SPEC §7)', () => {
  it('answers the owner, refuses anonymous visitors', async () => {
    const headers = ownerSession.headers;
    const hf = await worker.fetch('/api/site-header-footer', { headers });
    expect(hf.status).toBe(200);
    expect(await hf.json()).toHaveProperty('footer');
    const layout = await worker.fetch('/api/commondata/GetSiteLayout', { headers });
    expect(((await layout.json()) as { layout: { identifier: string }[] }).layout.map((l) => l.identifier)).toContain('main-nav');
    expect((await worker.fetch('/api/site-header-footer')).status).toBe(401);
  });
});
