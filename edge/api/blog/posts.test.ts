import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { catalogSessions } from '../catalog/test-catalog-owner.js';

/** The owner's blog posts over HTTP: create, publish, schedule, the version check, escaping, roles. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let blogId: string;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, manager, editor } = await catalogSessions(worker, 'blogposts'));
  blogId = (await worker.db.prepare("SELECT id FROM collections WHERE url_id = 'journal'").first<{ id: string }>())!.id;
}, 60_000);
afterAll(() => worker?.dispose());

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const post = (over: Record<string, unknown> = {}) => ({ collectionId: blogId, title: 'Spring firing', body: doc('The kiln is loaded.'), excerpt: 'Loaded and lit.', tags: ['firing'], categories: ['Kiln Notes'], publish: 'published', ...over });
const text = async (path: string) => (await worker.fetch(path)).text();

async function put(who: OwnerSession, id: string, version: number, body: unknown) {
  const res = await worker.fetch(`/api/owner/blog-posts/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken, 'If-Match': `"${version}"` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('/api/owner/blog-posts', () => {
  it('creates a published post: the blog list, its page and the RSS show it at once', async () => {
    const res = await editor.send('POST', '/api/owner/blog-posts', post());
    expect(res.status).toBe(201);
    const p = res.json.post;
    expect(p).toMatchObject({ title: 'Spring firing', urlId: 'spring-firing', fullUrl: '/journal/spring-firing', publish: 'published', tags: ['firing'], excerpt: 'Loaded and lit.' });
    expect(await text('/journal')).toContain('Spring firing');
    expect(await text('/journal/spring-firing')).toContain('The kiln is loaded.');
    expect(await text('/journal?format=rss')).toContain('Spring firing');
    const list = await admin.get(`/api/owner/blog-posts?collectionId=${blogId}`);
    expect(list.json.posts[0]).toMatchObject({ id: p.id, title: 'Spring firing' });
  });

  it('refuses a stale save with 412 and stores nothing; the current version saves', async () => {
    const created = (await admin.send('POST', '/api/owner/blog-posts', post({ title: 'Glaze notes', publish: 'draft' }))).json.post;
    const first = await put(admin, created.id, created.version, { ...post({ title: 'Glaze notes, part one' }), collectionId: undefined });
    expect(first.status).toBe(200);
    expect(first.json.post.version).toBeGreaterThan(created.version);
    const stale = await put(editor, created.id, created.version, { title: 'Overwritten', publish: 'published' });
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: first.json.post.version } });
    expect((await admin.get(`/api/owner/blog-posts/${created.id}`)).json.post.title).toBe('Glaze notes, part one');
    // 20 saves of one version at once: exactly one wins.
    const v = first.json.post.version;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => put(admin, created.id, v, { title: `Race ${i}`, publish: 'draft' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(19);
  });

  it('hides a scheduled post from the blog list and the RSS until its time', async () => {
    const at = Date.now() + 3_600_000;
    const res = await admin.send('POST', '/api/owner/blog-posts', post({ title: 'Next week at the market', publish: 'scheduled', publishOn: at }));
    expect(res.status).toBe(201);
    expect(res.json.post).toMatchObject({ publish: 'scheduled', publishOn: at });
    expect(await text('/journal')).not.toContain('Next week at the market');
    expect(await text('/journal?format=rss')).not.toContain('Next week at the market');
    expect((await worker.fetch('/journal/next-week-at-the-market')).status).toBe(404);
    const past = await admin.send('POST', '/api/owner/blog-posts', post({ title: 'Too late', publish: 'scheduled', publishOn: Date.now() - 1000 }));
    expect(past.status).toBe(400);
    expect(past.json.fields.publishOn).toBe('Choose a time to come for a scheduled post.');
  });

  it('escapes hostile text on the post page', async () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const res = await admin.send('POST', '/api/owner/blog-posts', post({ title: `Kiln ${hostile}`, slug: 'hostile', body: doc(hostile), excerpt: hostile, tags: ['<b>t</b>'] }));
    expect(res.status).toBe(201);
    const html = await text('/journal/hostile');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('checks roles, the crumb, the image and the author', async () => {
    expect((await manager.send('POST', '/api/owner/blog-posts', post())).status).toBe(403);
    expect((await admin.send('POST', '/api/owner/blog-posts', post(), null)).status).toBe(401);
    const image = await admin.send('POST', '/api/owner/blog-posts', post({ mainImageId: 'nope' }));
    expect(image.json.fields).toEqual({ mainImageId: 'That image is not in the file manager.' });
    const asset = (await worker.db.prepare('SELECT id FROM assets LIMIT 1').first<{ id: string }>())!.id;
    const author = (await worker.db.prepare('SELECT id FROM authors LIMIT 1').first<{ id: string }>())!.id;
    const authors = await admin.get('/api/owner/blog-posts/authors');
    expect(authors.json.authors.map((a: { displayName: string }) => a.displayName)).toEqual(['Maya Okafor', 'Theo Lindqvist']);
    expect((await manager.get('/api/owner/blog-posts/authors')).status).toBe(403);
    const ok = await admin.send('POST', '/api/owner/blog-posts', post({ title: 'With a picture', mainImageId: asset, authorId: author }));
    expect(ok.json.post).toMatchObject({ mainImageId: asset, authorId: author });
  });

  it('deletes a post with its version', async () => {
    const p = (await admin.send('POST', '/api/owner/blog-posts', post({ title: 'Short lived' }))).json.post;
    const headers = { Cookie: admin.signed!.cookie, 'X-CSRF-Token': admin.signed!.xsrfToken };
    expect((await worker.fetch(`/api/owner/blog-posts/${p.id}`, { method: 'DELETE', headers: { ...headers, 'If-Match': '"1"' } })).status).toBe(412);
    expect((await worker.fetch(`/api/owner/blog-posts/${p.id}`, { method: 'DELETE', headers: { ...headers, 'If-Match': `"${p.version}"` } })).status).toBe(204);
    expect((await worker.fetch('/journal/short-lived')).status).toBe(404);
  });
});
