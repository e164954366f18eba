import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, layoutOf, pageClient, paragraphDoc, textLayout } from '../pages/test-pages.js';

/** SPEC §7 site structure on the worker: GetSiteLayout, UpdateNavigation (versioned), the header and footer. */
let worker: RunningWorker;
let ownerSession: SignedIn;
let pages: ReturnType<typeof pageClient>;
const sessions = new Map<number, SignedIn>();

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  ownerSession = await signIn(worker, demo.email, demo.password);
  pages = pageClient(worker, ownerSession);
  for (const role of [ROLE.editor, ROLE.draftEditor, ROLE.viewer]) {
    const email = `layout-${role}@pages.test`;
    await createSiteUser(worker, { email, password: 'layout-Password-1', roles: [role] });
    sessions.set(role, await signIn(worker, email, 'layout-Password-1'));
  }
}, 120_000);
afterAll(() => worker?.dispose());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, who: SignedIn = ownerSession) {
  const res = await worker.fetch(`/api${path}`, {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()), headers: res.headers };
}

const updateNavigation = (items: unknown[], version: number, fieldName = 'main-nav', who?: SignedIn) =>
  call('POST', '/widget/UpdateNavigation', { fieldName, templateId: 'fern-and-kiln', navigation: { items } }, ifMatch(version), who);

async function collectionId(urlId: string): Promise<string> {
  return (await worker.db.prepare('SELECT id FROM collections WHERE url_id = ?').bind(urlId).first<{ id: string }>())!.id;
}

const navRows = async () => (await worker.db.prepare("SELECT title FROM navigation_items WHERE menu = 'main-nav' AND parent_id IS NULL ORDER BY position").all<{ title: string }>()).results.map((r) => r.title);

/** The main navigation as a visitor's page shows it. */
async function visibleNav(path = '/'): Promise<string> {
  const html = await (await worker.fetch(path)).text();
  return /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
}

describe('GetSiteLayout and the navigation collections list', () => {
  it('lists the navigations, main first, with version 0 before any save, and what items may link', async () => {
    const layout = await call('GET', '/commondata/GetSiteLayout');
    expect(layout.status).toBe(200);
    expect(layout.json.layout.map((n: { identifier: string }) => n.identifier)).toEqual(['main-nav', 'footer-nav']);
    expect(layout.json.layout[0]).toMatchObject({ version: 0, links: expect.arrayContaining([expect.objectContaining({ title: 'Shop', url: '/shop', visible: true, children: [] })]) });
    const page = (await pages('POST', '', { title: 'Firing schedule' })).json.page;
    const targets = await call('GET', '/commondata/GetNavigationCollections', undefined, {}, sessions.get(ROLE.viewer)!);
    expect(targets.status).toBe(200);
    expect(targets.json.collections).toContainEqual(expect.objectContaining({ title: 'Shop', url: '/shop' }));
    expect(targets.json.pages).toContainEqual({ id: page.id, title: 'Firing schedule', url: '/firing-schedule', status: 'draft', visible: false });
  });
});

describe('UpdateNavigation (SPEC §7)', () => {
  it('saves under If-Match, shows on the next visitor request, and links block pages only while they are live', async () => {
    expect(await visibleNav()).toContain('>Journal</a>');
    const page = (await pages('POST', '', { title: 'Workshops', slug: 'workshops' })).json.page;
    expect((await pages('PUT', `/${page.id}/draft`, { layout: textLayout('Wheel classes') }, ifMatch(1))).status).toBe(200);
    const shop = await collectionId('shop');
    const items = [
      { title: 'Store', collectionId: shop, children: [{ title: 'Gift cards', externalLink: '/shop?category=gift' }] },
      { pageId: page.id },
      { title: 'Instagram', externalLink: 'https://www.instagram.com/fernandkiln', newWindow: true },
    ];
    expect((await updateNavigation(items, 0, 'main-nav')).status).toBe(200);
    // A page link takes the page's title; children nest; the draft page is not shown to visitors.
    const layout = (await call('GET', '/commondata/GetSiteLayout')).json.layout[0];
    expect(layout).toMatchObject({ identifier: 'main-nav', version: 1 });
    expect(layout.links.map((l: { title: string }) => l.title)).toEqual(['Store', 'Workshops', 'Instagram']);
    expect(layout.links[0].children).toEqual([expect.objectContaining({ title: 'Gift cards', url: '/shop?category=gift' })]);
    expect(layout.links[1]).toMatchObject({ pageId: page.id, url: '/workshops', visible: false });
    const nav = await visibleNav();
    expect(nav).toContain('>Store</a>');
    expect(nav).not.toContain('>Journal</a>');
    // Children: a <details> disclosure beside the parent link (keyboard operable without script).
    expect(nav).toContain(
      '<li class="nav-has-children"><a href="/shop">Store</a><details class="nav-sub"><summary><span class="sr-only">More under Store</span></summary><ul><li><a href="/shop?category=gift">Gift cards</a></li></ul></details></li>',
    );
    expect(nav).toContain('<li><a href="https://www.instagram.com/fernandkiln">Instagram</a></li>');
    expect((await (await worker.fetch('/?format=json')).json()).navigation.items[0].children).toEqual([{ title: 'Gift cards', url: '/shop?category=gift', active: false }]);
    expect(nav).not.toContain('/workshops');
    // Publishing the page puts its link on the site (the publish bumps the content version).
    expect((await pages('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);
    expect(await visibleNav()).toContain('<a href="/workshops">Workshops</a>');
    expect(await visibleNav('/workshops')).toContain('<a href="/workshops" aria-current="page">Workshops</a>');
    // In the trash, the link goes; unpublished likewise.
    expect((await pages('DELETE', `/${page.id}`)).status).toBe(200);
    expect(await visibleNav()).not.toContain('/workshops');
  });

  it('shows children of a link to a page visitors cannot see nowhere, and escapes child titles', async () => {
    const current = (await call('GET', '/commondata/GetSiteLayout')).json.layout[0].version;
    const draft = (await pages('POST', '', { title: 'Hidden', slug: 'hidden-parent' })).json.page;
    const items = [
      { pageId: draft.id, children: [{ title: 'Under a draft', externalLink: '/about' }] },
      { title: 'Studio', externalLink: '/about', children: [{ title: '<img src=x onerror=alert(1)>', externalLink: '/shop' }, { title: 'Journal', externalLink: '/journal' }] },
    ];
    expect((await updateNavigation(items, current)).status).toBe(200);
    const nav = await visibleNav('/journal');
    expect(nav).not.toContain('Under a draft');
    expect(nav).toContain('<ul><li><a href="/shop">&lt;img src=x onerror=alert(1)&gt;</a></li><li><a href="/journal">Journal</a></li></ul>');
    expect(nav).not.toContain('<img');
  });

  it('answers a stale version with 412 and the current one, storing nothing; needs If-Match', async () => {
    const before = await navRows();
    const current = (await call('GET', '/commondata/GetSiteLayout')).json.layout[0].version;
    const stale = await updateNavigation([{ title: 'Lost', externalLink: '/lost' }], current - 1);
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: current, author: 'owner@fernandkiln.test' } });
    const missing = await call('POST', '/widget/UpdateNavigation', { fieldName: 'main-nav', navigation: { items: [] } });
    expect(missing.status).toBe(428);
    expect(await navRows()).toEqual(before);
  });

  it('stores exactly one of ten concurrent saves of one version', async () => {
    const version = (await call('GET', '/commondata/GetSiteLayout')).json.layout[0].version;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => updateNavigation([{ title: `Race ${i}`, externalLink: `/race-${i}` }], version)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(9);
    expect(await navRows()).toEqual([won[0]!.json.navigation.links[0].title]);
    const revisions = await worker.db.prepare("SELECT COUNT(*) AS n FROM navigation_revisions WHERE menu = 'main-nav' AND version = ?").bind(version + 1).first<{ n: number }>();
    expect(revisions!.n).toBe(1);
  });

  it.each([
    ['a javascript: link', { title: 'x', externalLink: 'javascript:alert(1)' }, 'navigation.items.0.externalLink', 'javascript:alert(1) is not a valid page URL'],
    ['a protocol-relative link', { title: 'x', externalLink: '//evil.test/' }, 'navigation.items.0.externalLink', '//evil.test/ is not a valid page URL'],
    ['an unknown collection', { collectionId: 'nope' }, 'navigation.items.0.collectionId', 'That collection does not exist on this site.'],
    ['an unknown page', { pageId: 'nope' }, 'navigation.items.0.pageId', 'That page does not exist on this site (or is in the trash).'],
    ['an unknown member area', { title: 'Members', memberAreaId: 'm1' }, 'navigation.items.0.memberAreaId', 'This member area does not exist.'],
    ['two targets', { title: 'x', externalLink: '/a', collectionId: 'c' }, 'navigation.items.0', 'Link an item to exactly one of a collection, a page or an external link.'],
    ['a grandchild', { title: 'x', externalLink: '/a', children: [{ title: 'y', externalLink: '/b', children: [] }] }, 'navigation.items.0.children.0', undefined],
  ])('refuses %s with 400 naming the field, storing nothing', async (_label, item, path, message) => {
    const before = await navRows();
    const version = (await call('GET', '/commondata/GetSiteLayout')).json.layout[0].version;
    const refused = await updateNavigation([item], version);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.fields)).toContain(path);
    if (message) expect(refused.json.fields[path]).toBe(message);
    expect(await navRows()).toEqual(before);
  });

  it('escapes hostile titles and links in the rendered navigation', async () => {
    const version = (await call('GET', '/commondata/GetSiteLayout')).json.layout[0].version;
    const hostile = [{ title: '<img src=x onerror=alert(1)>', externalLink: '/a"><script>alert(1)</script>' }];
    expect((await updateNavigation(hostile, version)).status).toBe(200);
    const nav = await visibleNav();
    expect(nav).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(nav).not.toContain('<img src=x');
    expect(nav).not.toContain('<script>');
  });

  it('refuses a navigation that is not one of the site\'s', async () => {
    const refused = await updateNavigation([], 0, 'side-nav');
    expect(refused.json).toMatchObject({ error: 'invalid_request', fields: { fieldName: 'side-nav is not one of the expected options' } });
  });

  it('answers "Unable to find site main navigation" when the site has none, until one is saved', async () => {
    await worker.db.prepare("DELETE FROM navigation_items WHERE menu = 'main-nav'").run();
    await worker.db.prepare("DELETE FROM navigation_revisions WHERE menu = 'main-nav'").run();
    const missing = await call('GET', '/commondata/GetSiteLayout');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'navigation_not_found', message: 'Unable to find site main navigation' });
    expect((await updateNavigation([{ title: 'Home', externalLink: '/' }], 0)).status).toBe(200);
    expect((await call('GET', '/commondata/GetSiteLayout')).json.layout[0]).toMatchObject({ identifier: 'main-nav', version: 1 });
  });

  it('lets editors save; draft editors and viewers only read', async () => {
    const version = (await call('GET', '/commondata/GetSiteLayout')).json.layout.find((n: { identifier: string }) => n.identifier === 'footer-nav').version;
    expect((await updateNavigation([{ title: 'Returns', externalLink: '/about' }], version, 'footer-nav', sessions.get(ROLE.editor))).status).toBe(200);
    for (const role of [ROLE.draftEditor, ROLE.viewer]) {
      expect((await updateNavigation([], version + 1, 'footer-nav', sessions.get(role))).status, String(role)).toBe(403);
      expect((await call('GET', '/commondata/GetSiteLayout', undefined, {}, sessions.get(role))).status).toBe(200);
    }
  });
});

describe('site header and footer (SPEC §3, §7)', () => {
  it('keeps the theme\'s header and footer until set, then renders the saved layouts on the next request', async () => {
    const empty = await call('GET', '/site-header-footer');
    expect(empty.json).toEqual({ version: 0, header: null, footer: null, author: null, savedAt: null });
    expect(empty.headers.get('etag')).toBe('"0"');
    const before = await (await worker.fetch('/journal')).text();
    expect(before).not.toContain('site-header-blocks');
    expect(before).toContain('<p>Fern &amp; Kiln');

    const header = layoutOf({ id: 'hb', type: 'text', props: { text: paragraphDoc('Free shipping over $80 <script>alert(1)</script>') } });
    const saved = await call('PUT', '/site-header-footer', { header, footer: null }, ifMatch(0));
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"1"');
    expect(saved.json).toMatchObject({ version: 1, header: { sections: [{ id: 's1' }] }, footer: null, author: 'owner@fernandkiln.test' });
    const withHeader = await (await worker.fetch('/journal')).text();
    expect(withHeader).toContain('<div class="site-header-blocks">');
    expect(withHeader).toContain('Free shipping over $80 &lt;script&gt;');
    expect(withHeader).not.toContain('<script>alert(1)');
    // The theme's header stays around the blocks (brand, navigation, cart).
    expect(withHeader).toContain('class="site-nav"');
    expect(withHeader).toContain('<p>Fern &amp; Kiln');

    const footer = layoutOf({ id: 'fb', type: 'text', props: { text: paragraphDoc('Studio open Thursday to Sunday') } });
    expect((await call('PUT', '/site-header-footer', { header, footer }, ifMatch(1))).status).toBe(200);
    const withFooter = await (await worker.fetch('/journal')).text();
    expect(withFooter).toContain('Studio open Thursday to Sunday');
    expect(withFooter).not.toContain('<p>Fern &amp; Kiln');
    // Back to the theme's own.
    expect((await call('PUT', '/site-header-footer', { header: null, footer: null }, ifMatch(2))).status).toBe(200);
    expect(await (await worker.fetch('/journal')).text()).not.toContain('Studio open Thursday');
    const revisions = await worker.db.prepare('SELECT COUNT(*) AS n FROM header_footer_revisions').first<{ n: number }>();
    expect(revisions!.n).toBe(3);
  });

  it('refuses stale versions (412), bad layouts (400 with the path) and code blocks from draft editors, storing nothing', async () => {
    const current = (await call('GET', '/site-header-footer')).json.version;
    const stale = await call('PUT', '/site-header-footer', { header: null, footer: null }, ifMatch(current - 1));
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: current } });
    expect((await call('PUT', '/site-header-footer', { header: null, footer: null })).status).toBe(428);
    const bad = await call('PUT', '/site-header-footer', { header: layoutOf({ id: 'x', type: 'carousel' }), footer: null }, ifMatch(current));
    expect(bad.status).toBe(400);
    expect(bad.json.fields['header.sections.0.blocks.0.type']).toBe('carousel is not a block type.');
    expect((await call('PUT', '/site-header-footer', { header: null, footer: null }, ifMatch(current), sessions.get(ROLE.draftEditor))).status).toBe(403);
    expect((await call('PUT', '/site-header-footer', { header: null, footer: null }, ifMatch(current), sessions.get(ROLE.viewer))).status).toBe(403);
    expect((await call('GET', '/site-header-footer', undefined, {}, sessions.get(ROLE.viewer))).status).toBe(200);
    expect((await call('GET', '/site-header-footer')).json.version).toBe(current);
    const withHtml = { header: layoutOf({ id: 'h', type: 'html', props: { html: '<b>promo</b>' } }), footer: null };
    expect((await call('PUT', '/site-header-footer', withHtml, ifMatch(current), sessions.get(ROLE.editor))).status).toBe(200);
  });

  it('stores exactly one of ten concurrent saves of one version', async () => {
    const current = (await call('GET', '/site-header-footer')).json.version;
    const footer = (i: number) => layoutOf({ id: 'f', type: 'text', props: { text: paragraphDoc(`Footer ${i}`) } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call('PUT', '/site-header-footer', { header: null, footer: footer(i) }, ifMatch(current))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(9);
    const stored = await worker.db.prepare('SELECT COUNT(*) AS n FROM header_footer_revisions WHERE version > ?').bind(current).first<{ n: number }>();
    expect(stored!.n).toBe(1);
  });
});
