import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../../test-support.js';
import { startWithOwners, type OwnerCall } from '../forms/test-owners.js';
import { TestVisitor } from '../forms/test-visitor.js';
import { queuedMails } from '../forms/test-mail-log.js';

/** The promo popup over HTTP: owner draft and publish with If-Match, roles, the page marker, the sign-up, census overlay events. */
let worker: RunningWorker;
let admin: SignedIn;
let editor: SignedIn;
let campaigns: SignedIn;
let call: OwnerCall;
let listId: string;

beforeAll(async () => {
  // The local bot check: the sign-up must carry a PROMO_POPUP_SUBMISSION token.
  ({ worker, admin, editor, campaigns, call } = await startWithOwners('popups', { bindings: { CAPTCHA_PROVIDER: 'local' } }));
  listId = (await call(admin, 'GET', '/api/owner/mailing-lists')).json.lists[0].id;
}, 60_000);
afterAll(() => worker?.dispose());

const design = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  imageUrl: '',
  imageAlt: '',
  heading: 'Ten percent off your first order',
  text: 'Join Kiln Notes.',
  action: { kind: 'link', label: 'Shop', url: '/shop' },
  trigger: { kind: 'delay', seconds: 5 },
  pages: { mode: 'all' },
  frequency: { mode: 'once' },
  ...over,
});

/** The popup island's props on a page, or undefined when the page has no marker. */
async function markerProps(path: string): Promise<Record<string, any> | undefined> {
  const html = (await worker.fetch(path).then((r) => r.text())) as string;
  const m = /data-island="promo-popup"[^>]*data-props="([^"]*)"/.exec(html);
  return m ? JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) : undefined;
}

describe('/api/owner/popup', () => {
  it('saves drafts with If-Match (one of racing saves wins), publishes with a new version each time, and leaves editors out', async () => {
    const first = await call(campaigns, 'GET', '/api/owner/popup');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ revision: 0, published: null, design: { enabled: false } });
    expect(first.etag).toBe('"0"');
    expect((await call(editor, 'GET', '/api/owner/popup')).status).toBe(403);
    expect((await call(admin, 'PUT', '/api/owner/popup', { design: design() })).status).toBe(428);
    const bad = await call(admin, 'PUT', '/api/owner/popup', { design: design({ heading: ' ' }) }, { 'If-Match': '"0"' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields['design.heading']).toBe('Add a heading.');
    const noList = await call(admin, 'PUT', '/api/owner/popup', { design: design({ action: { kind: 'newsletter', listId: 'nope', buttonLabel: 'Join' } }) }, { 'If-Match': '"0"' });
    expect(noList.status).toBe(400);
    expect(noList.json.fields['design.action.listId']).toBe('A List must be selected');

    const saved = await call(campaigns, 'PUT', '/api/owner/popup', { design: design() }, { 'If-Match': '"0"' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ revision: 1, published: null, unpublishedChanges: true });
    expect((await call(admin, 'PUT', '/api/owner/popup', { design: design() }, { 'If-Match': '"0"' })).status).toBe(412);
    // Nothing on the site before the first publish.
    expect(await markerProps('/')).toBeUndefined();

    const racers = await Promise.all(Array.from({ length: 5 }, (_, i) => call(admin, 'PUT', '/api/owner/popup', { design: design({ heading: `Racer ${i}` }) }, { 'If-Match': '"1"' })));
    expect(racers.map((r) => r.status).sort()).toEqual([200, 412, 412, 412, 412]);
    expect((await call(admin, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': '"1"' })).status).toBe(412);
    const published = await call(admin, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': '"2"' });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ revision: 2, unpublishedChanges: false, published: { version: 1 } });
    expect((await call(editor, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': '"2"' })).status).toBe(403);

    const props = await markerProps('/');
    expect(props).toMatchObject({ version: 1, trigger: { kind: 'delay', seconds: 5 }, action: { kind: 'link', url: '/shop' } });
    expect(props!.heading).toMatch(/^Racer \d$/);
    // Publishing again (no change) still raises the version: visitors who closed version 1 see it again.
    expect((await call(admin, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': '"2"' })).json.published.version).toBe(2);
    expect((await markerProps('/'))!.version).toBe(2);
  });

  it('shows only on the chosen pages, never on checkout, and not when switched off', async () => {
    let revision = (await call(admin, 'GET', '/api/owner/popup')).json.revision as number;
    const publish = async (d: Record<string, unknown>) => {
      revision = (await call(admin, 'PUT', '/api/owner/popup', { design: d }, { 'If-Match': `"${revision}"` })).json.revision;
      expect((await call(admin, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${revision}"` })).status).toBe(200);
    };
    await publish(design({ pages: { mode: 'chosen', paths: ['/shop'] } }));
    expect(await markerProps('/shop')).toBeDefined();
    expect(await markerProps('/')).toBeUndefined();
    await publish(design());
    expect(await markerProps('/checkout')).toBeUndefined();
    await publish(design({ enabled: false }));
    expect(await markerProps('/')).toBeUndefined();
  });
});

describe('POST /api/popup/subscribe', () => {
  it('signs a visitor up to the chosen list with the PROMO_POPUP_SUBMISSION bot check, never naming the list to the page', async () => {
    const current = (await call(admin, 'GET', '/api/owner/popup')).json.revision as number;
    const saved = await call(admin, 'PUT', '/api/owner/popup', { design: design({ action: { kind: 'newsletter', listId, buttonLabel: 'Join' } }) }, { 'If-Match': `"${current}"` });
    await call(admin, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.json.revision}"` });
    const props = await markerProps('/');
    expect(props!.action).toEqual({ kind: 'newsletter', buttonLabel: 'Join' });
    expect(JSON.stringify(props)).not.toContain(listId);
    expect(props!.captcha).toMatchObject({ provider: 'local' });

    const v = await TestVisitor.arrive(worker, '/');
    expect((await v.req('POST', '/api/popup/subscribe', { email: 'popup@example.com' })).json.message).toBe('Complete CAPTCHA before submitting.');
    // A token minted for another action is refused.
    expect((await v.req('POST', '/api/popup/subscribe', { email: 'popup@example.com', recaptchaEnterpriseV3Token: 'local-pass:NEWSLETTER_BLOCK_SUBMISSION' })).status).toBe(400);
    const blank = await v.req('POST', '/api/popup/subscribe', { email: ' ', recaptchaEnterpriseV3Token: 'local-pass:PROMO_POPUP_SUBMISSION' });
    expect(blank.json.fields.email).toBe('Enter your email address.');
    const ok = await v.req('POST', '/api/popup/subscribe', { email: 'popup@example.com', recaptchaEnterpriseV3Token: 'local-pass:PROMO_POPUP_SUBMISSION' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ success: true });
    const subs = await call(admin, 'GET', `/api/owner/mailing-lists/${listId}/subscribers?q=popup%40example.com`);
    expect(subs.json.subscribers).toMatchObject([{ email: 'popup@example.com', status: 'pending' }]);
    expect((await queuedMails(worker)).filter((m) => m.to === 'popup@example.com' && m.kind === 'newsletter-confirmation')).toHaveLength(1);
    // Without the crumb the call is refused like every state-changing call.
    expect((await v.req('POST', '/api/popup/subscribe', { email: 'x@example.com' }, { 'x-csrf-token': 'forged' })).status).toBe(401);
  });

  it('refuses a sign-up when the published popup offers a link', async () => {
    const current = (await call(admin, 'GET', '/api/owner/popup')).json.revision as number;
    const saved = await call(admin, 'PUT', '/api/owner/popup', { design: design() }, { 'If-Match': `"${current}"` });
    await call(admin, 'POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.json.revision}"` });
    const v = await TestVisitor.arrive(worker, '/');
    expect((await v.req('POST', '/api/popup/subscribe', { email: 'late@example.com', recaptchaEnterpriseV3Token: 'local-pass:PROMO_POPUP_SUBMISSION' })).status).toBe(404);
  });
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('POST /api/census/overlay from the popup', () => {
  it('records shown, dismissed and submitted as overlay events of page type 104', async () => {
    const v = await TestVisitor.arrive(worker, '/');
    for (const action of ['render', 'close', 'submit']) {
      const res = await v.req('POST', '/api/census/overlay', new URLSearchParams({ pagePath: '/', pageType: '104', overlayId: 'promo-popup', action, data: JSON.stringify({ version: 3 }) }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': BROWSER,
      });
      expect(res.json).toEqual({ recorded: true });
    }
    const rows = await worker.db.prepare("SELECT kind, data FROM census_events WHERE kind LIKE 'overlay-%' ORDER BY ts, rowid").all<{ kind: string; data: string }>();
    expect(rows.results.map((r) => r.kind)).toEqual(['overlay-render', 'overlay-close', 'overlay-submit']);
    expect(JSON.parse(rows.results[0]!.data)).toEqual({ overlayId: 'promo-popup', version: 3 });
    const refused = await v.req('POST', '/api/census/overlay', 'pagePath=%2F&overlayId=promo-popup&action=shown', { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER });
    expect(refused.status).toBe(400);
  });
});

describe('GET /api/owner/page-links (the campaign link picker and the popup\'s chosen pages)', () => {
  it('lists the site\'s published pages and collections to campaigns editors, never a draft or another site\'s page, and refuses other roles', async () => {
    const site = (await worker.db.prepare('SELECT website_id AS id FROM collections WHERE is_homepage = 1 LIMIT 1').first<{ id: string }>())!.id;
    // A draft page of this site, and a published page of another site.
    await worker.db.prepare(`INSERT INTO pages (id, website_id, title, slug, status, draft_version, created_on, updated_on) VALUES ('links-draft', ?1, 'Secret draft', 'secret-draft', 'draft', 1, 1, 1)`).bind(site).run();
    await worker.db
      .prepare(`INSERT INTO websites (id, identifier, primary_host, title, site_settings, store_settings, localized_strings, created_on, updated_on) VALUES ('links-other', 'links-other', 'links-other.example', 'Other', '{}', '{}', '{}', 0, 0)`)
      .run();
    await worker.db
      .prepare(`INSERT INTO pages (id, website_id, title, slug, status, draft_version, published_version, published_on, created_on, updated_on) VALUES ('links-foreign', 'links-other', 'Foreign page', 'foreign', 'published', 1, 1, 1, 1, 1)`)
      .run();

    const listed = await call(campaigns, 'GET', '/api/owner/page-links');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    const pages = listed.json.pages as { id: string; title: string; path: string; kind: string }[];
    expect(pages[0]).toMatchObject({ path: '/', kind: 'collection' });
    expect(pages.map((p) => p.path)).toContain('/shop');
    for (const p of pages) {
      expect(Object.keys(p).sort()).toEqual(['id', 'kind', 'path', 'title']);
      expect(p.path).toMatch(/^\//);
    }
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    expect(pages.map((p) => p.title)).not.toContain('Secret draft');
    expect(pages.map((p) => p.title)).not.toContain('Foreign page');
    expect(listed.text).not.toContain('foreign');
    // The admin reads the same list; a role that edits neither campaigns nor popups, and a visitor, do not.
    expect((await call(admin, 'GET', '/api/owner/page-links')).json.pages).toEqual(pages);
    expect((await call(editor, 'GET', '/api/owner/page-links')).status).toBe(403);
    expect((await call(undefined, 'GET', '/api/owner/page-links')).status).toBe(401);
    // Once published, the page is listed.
    await worker.db.prepare("UPDATE pages SET published_version = 1, status = 'published' WHERE id = 'links-draft'").run();
    expect((await call(campaigns, 'GET', '/api/owner/page-links')).json.pages).toContainEqual({ id: 'links-draft', title: 'Secret draft', path: '/secret-draft', kind: 'page' });
  });
});
