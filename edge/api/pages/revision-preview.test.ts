import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, pageClient, textLayout } from './test-pages.js';

/** `?preview&revision=N`: the page editor's history shows an old revision through the worker's own render. */
let worker: RunningWorker;
let session: SignedIn;
let owner: ReturnType<typeof pageClient>;

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  session = await signIn(worker, demo.email, demo.password);
  owner = pageClient(worker, session);
});
afterAll(async () => {
  await worker?.dispose();
});

describe('previewing a revision', () => {
  it('renders the named revision for a contributor, the draft without one, and nothing for anyone else', async () => {
    const { json } = await owner('POST', '', { title: 'Revisions', slug: 'revision-preview' });
    const id = json.page.id as string;
    expect((await owner('PUT', `/${id}/draft`, { layout: textLayout('First thoughts') }, ifMatch(1))).status).toBe(200);
    expect((await owner('PUT', `/${id}/draft`, { layout: textLayout('Second thoughts') }, ifMatch(2))).status).toBe(200);
    const as = (path: string, cookie?: string) => worker.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });

    const old = await as('/revision-preview?preview&revision=2', session.cookie);
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('no-store');
    const oldHtml = await old.text();
    expect(oldHtml).toContain('First thoughts');
    expect(oldHtml).not.toContain('Second thoughts');
    expect(await (await as('/revision-preview?preview', session.cookie)).text()).toContain('Second thoughts');
    // A version the page does not have, and a malformed one (the draft).
    expect((await as('/revision-preview?preview&revision=99', session.cookie)).status).toBe(404);
    expect(await (await as('/revision-preview?preview&revision=2abc', session.cookie)).text()).toContain('Second thoughts');
    // Visitors never see a draft or an old revision.
    const visitor = await as('/revision-preview?preview&revision=2');
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).not.toContain('First thoughts');
  });
});
