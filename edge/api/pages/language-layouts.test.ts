import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, type RunningWorker, type SignedIn } from '../../test-support.js';
import { startFrenchSite } from '../multilingual/test-french.js';
import { ifMatch, layoutOf, pageClient, paragraphDoc, textLayout } from './test-pages.js';

/**
 * Per-language page layouts and the language-switcher block on the real worker (issue 29):
 * a page's layout is shared by its languages until the owner gives one its own copy, which
 * has a draft (If-Match saves) and a published version, renders under `/fr/` once published,
 * and can be dropped to go back to shared. One worker for the file.
 */
let worker: RunningWorker;
let owner: SignedIn;
let api: ReturnType<typeof pageClient>;
let pageId: string;

async function html(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { headers });
  return { res, status: res.status, text: await res.text() };
}

const SHARED = 'Shared words for every language';
const FRENCH = 'Des mots écrits en français';
const frenchLayout = layoutOf(
  { id: 'b1', type: 'text', props: { text: paragraphDoc(FRENCH) } },
  { id: 'fr2', type: 'button', props: { label: 'Réserver un atelier', href: '/contact' } },
);

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  api = pageClient(worker, owner);
  const created = await api('POST', '', { title: 'Workshops', slug: 'workshops' });
  expect(created.status).toBe(201);
  pageId = created.json.page.id;
  const saved = await api('PUT', `/${pageId}/draft`, { layout: textLayout(SHARED) }, ifMatch(1));
  expect(saved.status).toBe(200);
  expect((await api('POST', `/${pageId}/publish`, { version: 2 })).status).toBe(200);
}, 120_000);
afterAll(() => worker?.dispose());

describe('a page layout shared by default', () => {
  it('French shows the shared layout, and the API says it is shared', async () => {
    const fr = await api('GET', `/${pageId}/languages/fr`);
    expect(fr.status).toBe(200);
    expect(fr.json.languageLayout).toEqual({ language: 'fr', shared: true, draft: null, publishedVersion: null, publishAt: null, scheduledVersion: null });
    const whole = (await api('GET', `/${pageId}`)).json.page;
    expect(whole.languageLayouts).toEqual([]);
    expect(whole.addedLanguages).toEqual([{ code: 'fr', name: 'French', prefix: '/fr' }]);
    const page = await html('/fr/workshops');
    expect(page.status).toBe(200);
    expect(page.text).toContain(SHARED);
  });

  it('refuses a language the site has not added, and saves to a shared language', async () => {
    for (const language of ['de', 'en-US']) {
      const res = await api('POST', `/${pageId}/languages/${language}`);
      expect(res.status).toBe(400);
      expect(res.json.fields.language).toBe(`${language} is not one of this site's added languages.`);
    }
    const save = await api('PUT', `/${pageId}/languages/fr/draft`, { layout: frenchLayout }, ifMatch(1));
    expect(save.status).toBe(404);
    expect(save.json.error).toBe('layout_shared');
    expect((await api('DELETE', `/${pageId}/languages/fr`)).status).toBe(404);
    expect((await api('GET', `/nope/languages/fr`)).status).toBe(404);
  });
});

describe('a separate layout for French', () => {
  it('starts as a copy of the draft, once', async () => {
    const made = await api('POST', `/${pageId}/languages/FR`);
    expect(made.status).toBe(201);
    expect(made.headers.get('etag')).toBe('"1"');
    expect(made.json.languageLayout).toMatchObject({ language: 'fr', shared: false, publishedVersion: null, draft: { version: 1, layout: textLayout(SHARED) } });
    const again = await api('POST', `/${pageId}/languages/fr`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'layout_diverged', message: 'This language already has its own layout.' });
    expect((await api('GET', `/${pageId}`)).json.page.languageLayouts).toEqual([{ language: 'fr', draftVersion: 1, publishedVersion: null }]);
  });

  it('saves drafts against the version edited: no If-Match 428, a stale one 412, concurrent saves store one', async () => {
    expect((await api('PUT', `/${pageId}/languages/fr/draft`, { layout: frenchLayout })).status).toBe(428);
    const bad = await api('PUT', `/${pageId}/languages/fr/draft`, { layout: { sections: [{ id: 's', blocks: [{ id: 'x', type: 'nope' }] }] } }, ifMatch(1));
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('invalid_layout');
    const both = await Promise.all([
      api('PUT', `/${pageId}/languages/fr/draft`, { layout: frenchLayout }, ifMatch(1)),
      api('PUT', `/${pageId}/languages/fr/draft`, { layout: textLayout('perdu') }, ifMatch(1)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
    const lost = both.find((r) => r.status === 412)!;
    expect(lost.json.current.version).toBe(2);
    const won = both.find((r) => r.status === 200)!;
    // Whichever won, save the French layout on top of it.
    const saved = await api('PUT', `/${pageId}/languages/fr/draft`, { layout: frenchLayout }, ifMatch(won.json.languageLayout.draft.version));
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"3"');
    expect(JSON.stringify(saved.json.languageLayout.draft.layout)).toContain(FRENCH);
  });

  it('is not live until published: visitors see the shared layout, a contributor\'s preview the French draft', async () => {
    const visitor = await html('/fr/workshops');
    expect(visitor.text).toContain(SHARED);
    expect(visitor.text).not.toContain(FRENCH);
    const preview = await html('/fr/workshops?preview', owner.headers);
    expect(preview.res.headers.get('cache-control')).toBe('no-store');
    expect(preview.text).toContain(FRENCH);
    expect(preview.text).not.toContain(SHARED);
  });

  it('publishes only the current draft, then /fr shows it and / does not; the cache keeps the two apart', async () => {
    const stale = await api('POST', `/${pageId}/languages/fr/publish`, { version: 2 });
    expect(stale.status).toBe(412);
    const published = await api('POST', `/${pageId}/languages/fr/publish`, { version: 3 });
    expect(published.status).toBe(200);
    expect(published.json.languageLayout.publishedVersion).toBe(3);
    const en1 = await html('/workshops');
    const fr1 = await html('/fr/workshops');
    const en2 = await html('/workshops');
    const fr2 = await html('/fr/workshops');
    expect([en1, fr1, en2, fr2].map((r) => r.res.headers.get('x-page-cache'))).toEqual(['MISS', 'MISS', 'HIT', 'HIT']);
    for (const fr of [fr1, fr2]) {
      expect(fr.text).toContain(FRENCH);
      expect(fr.text).toContain('Réserver un atelier');
      // Links of the French layout stay under /fr/.
      expect(fr.text).toContain('href="/fr/contact"');
      expect(fr.text).not.toContain(SHARED);
    }
    for (const en of [en1, en2]) {
      expect(en.text).toContain(SHARED);
      expect(en.text).not.toContain(FRENCH);
    }
    // French search finds the page by the words of its French layout; English search does not.
    expect((await html('/fr/search?q=mots')).text).toContain('href="/fr/workshops"');
    expect((await html('/search?q=mots')).text).not.toContain('href="/workshops"');
  });

  it('goes back to shared: only publishers drop a live copy, and the copy is gone', async () => {
    await createSiteUser(worker, { email: 'drafts@fernandkiln.test', password: 'a long draft password', roles: [16] });
    const drafter = pageClient(worker, await signIn(worker, 'drafts@fernandkiln.test', 'a long draft password'));
    expect((await drafter('DELETE', `/${pageId}/languages/fr`)).status).toBe(403);
    expect((await drafter('POST', `/${pageId}/languages/fr/publish`, { version: 3 })).status).toBe(403);
    const dropped = await api('DELETE', `/${pageId}/languages/fr`);
    expect(dropped.status).toBe(200);
    expect(dropped.json.languageLayout.shared).toBe(true);
    const fr = await html('/fr/workshops');
    expect(fr.text).toContain(SHARED);
    expect(fr.text).not.toContain(FRENCH);
    expect((await html('/fr/search?q=mots')).text).not.toContain('href="/fr/workshops"');
    expect((await worker.db.prepare('SELECT COUNT(*) AS n FROM page_language_layouts WHERE page_id = ?').bind(pageId).first<{ n: number }>())!.n).toBe(0);
  });
});

describe('a page deleted for good', () => {
  it('takes its language layouts with it', async () => {
    const other = (await api('POST', '', { title: 'Gone soon' })).json.page.id as string;
    expect((await api('POST', `/${other}/languages/fr`)).status).toBe(201);
    expect((await api('DELETE', `/${other}`)).status).toBe(200);
    expect((await api('DELETE', `/trash/${other}`)).status).toBe(200);
    expect((await worker.db.prepare('SELECT COUNT(*) AS n FROM page_language_layouts WHERE page_id = ?').bind(other).first<{ n: number }>())!.n).toBe(0);
  });
});

describe('the language-switcher block', () => {
  it('links the same page in each language, matching the hreflang alternates, current one marked', async () => {
    const layout = layoutOf(
      { id: 'b1', type: 'text', props: { text: paragraphDoc(SHARED) } },
      { id: 'ls', type: 'language-switcher', props: { label: 'Choose a language' } },
    );
    const draft = (await api('GET', `/${pageId}`)).json.page.draftVersion;
    expect((await api('PUT', `/${pageId}/draft`, { layout }, ifMatch(draft))).status).toBe(200);
    expect((await api('POST', `/${pageId}/publish`, { version: draft + 1 })).status).toBe(200);
    for (const [path, current] of [['/workshops', 'en-US'], ['/fr/workshops', 'fr']] as const) {
      const page = await html(path);
      const block = /<nav class="block-language-switcher block-language-switcher-row" aria-label="Choose a language"><ul>(.*?)<\/ul><\/nav>/.exec(page.text);
      expect(block, path).not.toBeNull();
      const links = [...block![1]!.matchAll(/<a href="([^"]+)" hreflang="([^"]+)" lang="[^"]+"( aria-current="true")?>/g)].map((m) => ({ url: m[1], code: m[2], current: m[3] !== undefined }));
      expect(links).toEqual([
        { url: 'http://localhost/workshops', code: 'en-US', current: current === 'en-US' },
        { url: 'http://localhost/fr/workshops', code: 'fr', current: current === 'fr' },
      ]);
      for (const link of links) expect(page.text).toContain(`<link rel="alternate" hreflang="${link.code}" href="${link.url}">`);
    }
  });

  it('renders nothing once the site has one language again', async () => {
    const off = await worker.fetch('/api/multilingual/connection', { method: 'DELETE', headers: owner.headers });
    expect(off.status).toBe(200);
    const page = await html('/workshops');
    expect(page.text).toContain(SHARED);
    expect(page.text).not.toContain('block-language-switcher');
  });
});
