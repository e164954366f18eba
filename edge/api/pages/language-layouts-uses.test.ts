import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, layoutOf, pageClient, paragraphDoc, textLayout, type Answer } from './test-pages.js';

/**
 * Per-language layouts and the rest of the site (issue 29): the translations list leaves out
 * the block texts of a page whose French layout is published (its title stays, marked
 * `layout: 'own'`), duplicating a page copies its language layouts as unpublished drafts, and
 * a form only a French layout shows is in use. One worker for the file.
 */
let worker: RunningWorker;
let owner: SignedIn;
let api: ReturnType<typeof pageClient>;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await worker.fetch(path, {
    method,
    headers: { ...owner.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A new published page whose draft and live revision is `layout`; answers its id. */
async function publishedPage(title: string, slug: string, layout: unknown): Promise<string> {
  const created = await api('POST', '', { title, slug });
  expect(created.status).toBe(201);
  const id = created.json.page.id as string;
  expect((await api('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
  expect((await api('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  return id;
}

/** Gives the page a French layout `layout` (draft version 2), published when asked. */
async function frenchLayout(pageId: string, layout: unknown, publish: boolean): Promise<void> {
  expect((await api('POST', `/${pageId}/languages/fr`)).status).toBe(201);
  expect((await api('PUT', `/${pageId}/languages/fr/draft`, { layout }, ifMatch(1))).status).toBe(200);
  if (publish) expect((await api('POST', `/${pageId}/languages/fr/publish`, { version: 2 })).status).toBe(200);
}

interface Text { kind: string; entityId: string; fieldKey: string; status: string; layout?: string }

async function frenchTexts(): Promise<{ counts: Record<string, number>; texts: Text[] }> {
  const res = await call('GET', '/api/multilingual/translations?language=fr');
  expect(res.status).toBe(200);
  return res.json;
}

const pageTexts = (texts: Text[], pageId: string) => texts.filter((t) => t.kind === 'block' && t.entityId === pageId);

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  api = pageClient(worker, owner);
  expect((await call('PUT', '/api/multilingual/languages', { languages: ['en-US', 'fr'] })).status).toBe(200);
}, 120_000);
afterAll(() => worker?.dispose());

describe('the translations list and a page with its own French layout', () => {
  it('lists the shared layout\'s texts until the French copy is published, then only the page title, marked own', async () => {
    const shared = layoutOf(
      { id: 'b1', type: 'text', props: { text: paragraphDoc('Glazing evenings for beginners') } },
      { id: 'b2', type: 'button', props: { label: 'Book a seat', href: '/contact' } },
    );
    const pageId = await publishedPage('Glazing', 'glazing', shared);
    const before = await frenchTexts();
    const keys = pageTexts(before.texts, pageId).map((t) => t.fieldKey).sort();
    expect(keys).toEqual(['b1:text.content.0.content.0.text', 'b2:label', 'title'].sort());
    expect(pageTexts(before.texts, pageId).every((t) => t.layout === undefined)).toBe(true);

    // A French copy not yet published: the shared layout still shows in French, so its texts are still needed.
    await frenchLayout(pageId, textLayout('Soirées émaillage pour débutants'), false);
    const draftOnly = await frenchTexts();
    expect(pageTexts(draftOnly.texts, pageId).map((t) => t.fieldKey).sort()).toEqual(keys);
    expect(draftOnly.counts).toEqual(before.counts);

    expect((await api('POST', `/${pageId}/languages/fr/publish`, { version: 2 })).status).toBe(200);
    const own = await frenchTexts();
    expect(pageTexts(own.texts, pageId)).toEqual([expect.objectContaining({ fieldKey: 'title', layout: 'own', status: 'missing' })]);
    expect(own.counts.missing).toBe(before.counts.missing! - 2);
    const status = await call('GET', '/api/multilingual/status');
    expect(status.json.languages.find((l: { code: string }) => l.code === 'fr').counts).toEqual(own.counts);

    // The French layout holds French words: its block texts cannot be translated, the title can.
    const put = (fieldKey: string) => call('PUT', '/api/multilingual/translations', { kind: 'block', entityId: pageId, fieldKey, language: 'fr', text: 'Émaillage' });
    expect((await put('b1:text.content.0.content.0.text')).status).toBe(404);
    expect((await put('title')).status).toBe(200);

    // Back to the shared layout: its texts are listed again.
    expect((await api('DELETE', `/${pageId}/languages/fr`)).status).toBe(200);
    const back = await frenchTexts();
    expect(pageTexts(back.texts, pageId).map((t) => t.fieldKey).sort()).toEqual(keys);
    expect(pageTexts(back.texts, pageId).every((t) => t.layout === undefined)).toBe(true);
  });
});

describe('duplicating a page with a French layout', () => {
  it('copies the French layout as an unpublished draft; the original keeps its live copy', async () => {
    const pageId = await publishedPage('Kiln tours', 'kiln-tours', textLayout('Tours of the kiln'));
    const french = textLayout('Visites du four');
    await frenchLayout(pageId, french, true);
    const copy = await api('POST', `/${pageId}/duplicate`);
    expect(copy.status).toBe(201);
    const copyId = copy.json.page.id as string;
    expect(copy.json.page.languageLayouts).toEqual([{ language: 'fr', draftVersion: 1, publishedVersion: null }]);
    const fr = await api('GET', `/${copyId}/languages/fr`);
    expect(fr.status).toBe(200);
    expect(fr.json.languageLayout).toMatchObject({ language: 'fr', shared: false, publishedVersion: null, draft: { version: 1, layout: french } });
    expect((await api('GET', `/${pageId}`)).json.page.languageLayouts).toEqual([{ language: 'fr', draftVersion: 2, publishedVersion: 2 }]);

    // A page with no language layout duplicates with none.
    const plain = await publishedPage('Plain', 'plain', textLayout('Nothing French'));
    expect((await api('POST', `/${plain}/duplicate`)).json.page.languageLayouts).toEqual([]);
  });
});

describe('a form only a French layout shows', () => {
  it('is in use while the French copy (draft or published) holds it, and cannot be deleted until it does not', async () => {
    const made = await call('POST', '/api/owner/forms', {
      name: 'Atelier de printemps',
      kind: 'contact',
      build: { fields: [{ id: 'mail', type: 'email', title: 'Email', required: true }] },
      storage: { email: { enabled: false }, mailingList: { enabled: false, listId: null } },
      advanced: { submitLabel: 'Envoyer', successText: 'Merci', successUrl: '', postSubmitHtml: '' },
      captcha: { enabled: false },
      disclaimer: { text: '' },
    });
    expect(made.status).toBe(201);
    const form = made.json.form as { id: string; version: number };
    const usedBy = async () => (await call('GET', `/api/owner/forms/${form.id}`)).json.usedBy;

    const pageId = await publishedPage('Spring', 'spring', textLayout('Spring workshop'));
    expect(await usedBy()).toEqual([]);
    const withForm = layoutOf(
      { id: 'b1', type: 'text', props: { text: paragraphDoc('Atelier de printemps') } },
      { id: 'f1', type: 'form', props: { form: form.id } },
    );
    await frenchLayout(pageId, withForm, false);
    expect(await usedBy()).toEqual([{ kind: 'page', id: pageId, title: 'Spring', languages: ['fr'] }]);
    const refused = await call('DELETE', `/api/owner/forms/${form.id}`, undefined, ifMatch(form.version));
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('form_in_use');
    expect(refused.json.usedBy).toEqual([{ kind: 'page', id: pageId, title: 'Spring', languages: ['fr'] }]);

    expect((await api('POST', `/${pageId}/languages/fr/publish`, { version: 2 })).status).toBe(200);
    expect(await usedBy()).toEqual([{ kind: 'page', id: pageId, title: 'Spring', languages: ['fr'] }]);

    expect((await api('DELETE', `/${pageId}/languages/fr`)).status).toBe(200);
    expect(await usedBy()).toEqual([]);
    expect((await call('DELETE', `/api/owner/forms/${form.id}`, undefined, ifMatch(form.version))).status).toBe(204);
  });
});
