import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** SPEC §7 multilingual calls and the translations owner API (issue 29) on the real worker. */
let worker: RunningWorker;
let owner: SignedIn;
const sessions = new Map<number, SignedIn>();

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  for (const role of [ROLE.websiteManager, ROLE.editor]) {
    const email = `languages-${role}@lang.test`;
    await createSiteUser(worker, { email, password: 'languages-Password-1', roles: [role] });
    sessions.set(role, await signIn(worker, email, 'languages-Password-1'));
  }
}, 120_000);
afterAll(() => worker?.dispose());

async function call(method: string, path: string, body?: unknown, who: SignedIn | null = owner) {
  const res = await worker.fetch(`/api/multilingual${path}`, {
    method,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()) };
}

const mugId = async () => (await worker.db.prepare("SELECT id FROM items WHERE url_id = 'speckled-stoneware-mug'").first<{ id: string }>())!.id;

describe('settings, languages and the connection', () => {
  it('reads the seeded settings: English primary, French listed but off', async () => {
    const { status, json } = await call('GET', '/settings');
    expect(status).toBe(200);
    expect(json.enabled).toBe(false);
    expect(json.primaryLanguage).toBe('en-US');
    expect(json.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr']);
    expect(json.languages[1]).toMatchObject({ code: 'fr', prefix: '/fr', primary: false, rtl: false, published: false });
    expect((await call('GET', '/languages')).json).toEqual({ primaryLanguage: 'en-US', languages: ['en-US', 'fr'], enabled: false });
  });

  it('PUT languages validates BCP-47 tags, canonicalises them and refuses duplicates', async () => {
    const bad = await call('PUT', '/languages', { languages: ['en-US', 'french'] });
    expect(bad.status).toBe(400);
    expect(bad.json.fields['languages.1']).toBe('Enter a language as a BCP-47 tag, such as fr or pt-BR.');
    const dup = await call('PUT', '/languages', { languages: ['en-US', 'fr', 'FR'] });
    expect(dup.status).toBe(400);
    expect(dup.json.fields['languages.2']).toBe('Each language can be added once.');
    expect((await call('PUT', '/languages', { languages: [] })).status).toBe(400);
    const ok = await call('PUT', '/languages', { languages: ['en-US', 'fr', 'ar-eg'] });
    expect(ok.status).toBe(200);
    expect(ok.json.enabled).toBe(true);
    expect(ok.json.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr', 'ar-EG']);
    expect(ok.json.languages[2]).toMatchObject({ prefix: '/ar-eg', rtl: true, published: true });
  });

  it('the header option hides the switcher and keeps the hreflang alternates', async () => {
    const off = await call('PUT', '/languages', { languages: ['en-US', 'fr', 'ar-EG'], showSwitcher: false });
    expect(off.json.showSwitcher).toBe(false);
    let html = await (await worker.fetch('/about')).text();
    expect(html).not.toContain('class="language-switcher"');
    expect(html).toContain('hreflang="fr"');
    expect((await call('GET', '/settings')).json.showSwitcher).toBe(false);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr', 'ar-EG'], showSwitcher: true })).json.showSwitcher).toBe(true);
    html = await (await worker.fetch('/about')).text();
    expect(html).toContain('class="language-switcher"');
  });

  it('a right-to-left language renders with dir="rtl"', async () => {
    const html = await (await worker.fetch('/ar-eg/about')).text();
    expect(html).toMatch(/<html lang="ar-EG" dir="rtl"/);
  });

  it('status counts missing, draft and done texts per added language', async () => {
    const { status, json } = await call('GET', '/status');
    expect(status).toBe(200);
    const fr = json.languages.find((l: { code: string }) => l.code === 'fr');
    const ar = json.languages.find((l: { code: string }) => l.code === 'ar-EG');
    expect(fr.counts.done).toBeGreaterThan(30);
    expect(fr.counts.missing).toBeGreaterThan(0);
    expect(ar.counts.done).toBe(0);
    expect(ar.counts.missing).toBe(fr.counts.missing + fr.counts.done + fr.counts.draft);
  });

  it('removing a language unpublishes it and keeps its translations stored', async () => {
    const before = (await worker.db.prepare("SELECT count(*) AS n FROM translations WHERE language = 'fr'").first<{ n: number }>())!.n;
    expect((await call('PUT', '/languages', { languages: ['en-US', 'ar-EG'] })).status).toBe(200);
    expect((await worker.fetch('/fr/about')).status).toBe(404);
    expect((await worker.db.prepare("SELECT count(*) AS n FROM translations WHERE language = 'fr'").first<{ n: number }>())!.n).toBe(before);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr'] })).status).toBe(200);
    expect(await (await worker.fetch('/fr/about')).text()).toContain('Livraison et retours');
  });

  it('DELETE connection turns multilingual off and keeps the list; PUT languages turns it on again', async () => {
    const off = await call('DELETE', '/connection');
    expect(off.status).toBe(200);
    expect(off.json.enabled).toBe(false);
    expect(off.json.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr']);
    expect((await worker.fetch('/fr/')).status).toBe(404);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr'] })).json.enabled).toBe(true);
    expect((await worker.fetch('/fr/')).status).toBe(200);
  });
});

describe('translations', () => {
  it('lists missing, draft and done texts of a language, with their source', async () => {
    const { status, json } = await call('GET', '/translations?language=fr&status=missing');
    expect(status).toBe(200);
    expect(json.texts.length).toBe(json.counts.missing);
    expect(json.texts.every((t: { status: string; text: unknown }) => t.status === 'missing' && t.text === null)).toBe(true);
    const all = (await call('GET', '/translations?language=fr')).json;
    const mug = all.texts.find((t: { kind: string; fieldKey: string; source: string }) => t.kind === 'product' && t.fieldKey === 'title' && t.source === 'Speckled Stoneware Mug');
    expect(mug).toMatchObject({ text: 'Tasse en grès moucheté', status: 'done' });
    expect((await call('GET', '/translations?language=de')).status).toBe(422);
  });

  it('PUT one text: a draft is stored but not shown, done shows on the French page at once', async () => {
    const entityId = await mugId();
    const draft = await call('PUT', '/translations', { kind: 'product', entityId, fieldKey: 'title', language: 'fr', text: 'Mug moucheté', status: 'draft' });
    expect(draft.status).toBe(200);
    expect(draft.json).toMatchObject({ status: 'draft', text: 'Mug moucheté' });
    let html = await (await worker.fetch('/fr/shop/speckled-stoneware-mug')).text();
    expect(html).not.toContain('Mug moucheté');
    expect(html).toContain('Speckled Stoneware Mug');
    expect((await call('PUT', '/translations', { kind: 'product', entityId, fieldKey: 'title', language: 'fr', text: 'Mug moucheté', status: 'done' })).status).toBe(200);
    html = await (await worker.fetch('/fr/shop/speckled-stoneware-mug')).text();
    expect(html).toContain('Mug moucheté');
    // The translated search index follows.
    expect(await (await worker.fetch('/fr/search?q=moucheté')).text()).toContain('Mug moucheté');
  });

  it('refuses a text the site does not have, a language not added and a bad body', async () => {
    expect((await call('PUT', '/translations', { kind: 'product', entityId: 'nope', fieldKey: 'title', language: 'fr', text: 'x' })).status).toBe(404);
    expect((await call('PUT', '/translations', { kind: 'system', entityId: 'strings', fieldKey: 'productAddToCartText', language: 'de', text: 'x' })).status).toBe(422);
    expect((await call('PUT', '/translations', { kind: 'weird', entityId: 'strings', fieldKey: 'x', language: 'fr', text: 'x' })).status).toBe(400);
  });
});

describe('roles and crumbs', () => {
  it('admin and website manager may; an editor may not; anonymous visitors must sign in', async () => {
    expect((await call('GET', '/settings', undefined, sessions.get(ROLE.websiteManager)!)).status).toBe(200);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr'] }, sessions.get(ROLE.websiteManager)!)).status).toBe(200);
    expect((await call('GET', '/settings', undefined, sessions.get(ROLE.editor)!)).status).toBe(403);
    expect((await call('PUT', '/translations', {}, sessions.get(ROLE.editor)!)).status).toBe(403);
    expect((await call('GET', '/status', undefined, null)).status).toBe(401);
  });

  it('a state-changing call without the crumb is refused', async () => {
    const cookieOnly = { Cookie: owner.cookie };
    const res = await worker.fetch('/api/multilingual/connection', { method: 'DELETE', headers: cookieOnly });
    expect(res.status).toBe(401);
  });
});
