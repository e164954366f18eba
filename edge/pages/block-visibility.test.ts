import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatch, layoutOf, paragraphDoc, startWithOwner, textLayout } from '../api/pages/test-pages.js';
import type { RunningWorker } from '../test-support.js';

/**
 * Published block pages are in the sitemap, the site search and `?format=json`; drafts
 * never are (nor in RSS or JSON-LD), whoever asks without a contributor's session.
 */
let worker: RunningWorker;
let owner: Awaited<ReturnType<typeof startWithOwner>>['owner'];

beforeAll(async () => {
  ({ worker, owner } = await startWithOwner());
}, 120_000);
afterAll(() => worker?.dispose());

const text = async (path: string) => (await worker.fetch(path)).text();
const sitemap = () => text('/sitemap.xml');
const search = (q: string) => text(`/search?q=${encodeURIComponent(q)}`);

async function newPage(slug: string, words: string): Promise<string> {
  const created = await owner('POST', '', { title: `Visible ${slug}`, slug });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.page.id;
  expect((await owner('PUT', `/${id}/draft`, { layout: textLayout(words) }, ifMatch(1))).status).toBe(200);
  return id;
}

/** Everywhere a crawler or visitor could read a page's words without a session. */
async function everywhere(): Promise<string> {
  const paths = ['/sitemap.xml', '/journal?format=rss', '/?format=json', '/', '/about?format=json'];
  return (await Promise.all(paths.map(text))).join('\n');
}

describe('a draft', () => {
  it('is in no sitemap, search, RSS, JSON-LD or JSON answer', async () => {
    await newPage('hidden-draft', 'zanzibar quokka draftword');
    expect(await sitemap()).not.toContain('/hidden-draft');
    expect(await search('quokka')).not.toContain('zanzibar');
    expect(await search('quokka')).toContain('Nothing matched');
    const page = await worker.fetch('/hidden-draft');
    expect(page.status).toBe(404);
    const body = await page.text();
    expect(body).not.toContain('quokka');
    expect(body).not.toContain('application/ld+json">{"@context":"https://schema.org","@type":"WebPage"');
    const json = await worker.fetch('/hidden-draft?format=json');
    expect(json.status).toBe(404);
    expect(await json.text()).not.toContain('quokka');
    expect(await everywhere()).not.toContain('quokka');
  });
});

describe('a published page', () => {
  it('is in the sitemap, found by its words in search and shown by ?format=json; a newer draft is not', async () => {
    const id = await newPage('visible-page', 'the marmalade kiln opens at dawn');
    expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    expect(await sitemap()).toContain('<loc>http://localhost/visible-page</loc>');
    const found = await search('marmalade');
    expect(found).toContain('<h2><a href="/visible-page">Visible visible-page</a></h2>');
    expect(found).toContain('<mark>marmalade</mark>');
    expect(found).toMatch(/1 result\b/);
    const json = await (await worker.fetch('/visible-page?format=json')).json();
    expect(json.page.layout.sections[0].blocks[0].props.text).toEqual(paragraphDoc('the marmalade kiln opens at dawn'));

    // A newer draft changes none of it.
    expect((await owner('PUT', `/${id}/draft`, { layout: textLayout('a pelican draft') }, ifMatch(2))).status).toBe(200);
    expect(await search('pelican')).toContain('Nothing matched');
    expect(await search('marmalade')).toContain('/visible-page');
    expect(await text('/visible-page?format=json')).not.toContain('pelican');
    expect(await everywhere()).not.toContain('pelican');

    // Publishing the draft swaps the indexed words.
    expect((await owner('POST', `/${id}/publish`, { version: 3 })).status).toBe(200);
    expect(await search('pelican')).toContain('/visible-page');
    expect(await search('marmalade')).toContain('Nothing matched');
  });

  it('leaves the sitemap and the search on unpublish', async () => {
    const id = await newPage('short-lived', 'a flamingo glaze');
    expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    expect(await search('flamingo')).toContain('/short-lived');
    expect((await owner('POST', `/${id}/unpublish`)).status).toBe(200);
    expect(await sitemap()).not.toContain('/short-lived');
    expect(await search('flamingo')).toContain('Nothing matched');
    expect((await worker.fetch('/short-lived?format=json')).status).toBe(404);
  });

  it('indexes its own words, not loaded data or sandboxed markup', async () => {
    const created = await owner('POST', '', { title: 'Mixed', slug: 'mixed' });
    const layout = layoutOf(
      { id: 't', type: 'text', props: { text: paragraphDoc('a walrus teapot') } },
      { id: 's', type: 'summary', props: { collection: 'shop' } },
      { id: 'h', type: 'html', props: { html: '<p>narwhal</p>' } },
    );
    expect((await owner('PUT', `/${created.json.page.id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
    expect((await owner('POST', `/${created.json.page.id}/publish`, { version: 2 })).status).toBe(200);
    expect(await search('walrus')).toContain('/mixed');
    expect(await search('narwhal')).not.toContain('/mixed');
    // The summary lists the shop's products; they are found as products, not as this page.
    expect(await search('speckled')).not.toContain('href="/mixed"');
  });

  it("the demo's seeded pages are found at their collection's URL", async () => {
    const found = await search('Mill Street');
    expect(found).toContain('<h2><a href="/about">About</a></h2>');
    expect(found).toContain('<h2><a href="/contact">Contact</a></h2>');
    expect(await search('Made slowly')).toContain('<h2><a href="/">Home</a></h2>');
    // A page must have every word: 'mug' alone matches the home page's 'mugs', 'speckled mug' does not.
    expect(await search('mug')).toContain('<h2><a href="/">Home</a></h2>');
    expect(await search('speckled mug')).not.toContain('<h2><a href="/">Home</a></h2>');
  });

  it('leaves the search while Private, Deprecated or in the trash, and joins it when its schedule runs', async () => {
    const id = await newPage('workflow-words', 'an ocelot kiln');
    expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    expect(await search('ocelot')).toContain('/workflow-words');
    for (const status of ['private', 'deprecated'] as const) {
      expect((await owner('POST', `/${id}/status`, { status })).status).toBe(200);
      expect(await search('ocelot'), status).toContain('Nothing matched');
      expect((await owner('POST', `/${id}/status`, { status: 'published' })).status).toBe(400);
      expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
      expect(await search('ocelot'), status).toContain('/workflow-words');
    }
    // A renamed live page is found by its new title.
    expect((await owner('PATCH', `/${id}`, { title: 'Okapi notes' })).status).toBe(200);
    expect(await search('okapi')).toContain('/workflow-words');
    expect((await owner('DELETE', `/${id}`)).status).toBe(200);
    expect(await search('ocelot')).toContain('Nothing matched');

    const later = await newPage('scheduled-words', 'a pangolin vase');
    const at = Date.now() + 10 * 60_000;
    expect((await owner('POST', `/${later}/schedule`, { version: 2, publishAt: at })).status).toBe(200);
    expect(await search('pangolin')).toContain('Nothing matched');
    expect((await worker.scheduled('* * * * *', at + 1_000)).outcome).toBe('ok');
    expect(await search('pangolin')).toContain('/scheduled-words');
  });
});
