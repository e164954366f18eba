import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { layoutOf } from '../pages/test-pages.js';
import { paddedPng, pngOf, SCRIPTED_SVG, windowsProgram } from './test-files.js';

/** The file manager's API on the real worker: uploads by content, limits, SPEC texts, paging, usage. */
let worker: RunningWorker;
let owner: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  await createSiteUser(worker, { email: 'viewer@files.test', password: 'files-Password-1', roles: [10] });
  viewer = await signIn(worker, 'viewer@files.test', 'files-Password-1');
}, 60_000);
afterAll(() => worker?.dispose());

interface Answer {
  status: number;
  json: any;
}

async function call(method: string, path: string, body?: unknown, who: SignedIn = owner): Promise<Answer> {
  const res = await worker.fetch(`/api/files${path}`, {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()) };
}

async function upload(name: string, bytes: Uint8Array | string, who: SignedIn = owner, type = 'application/octet-stream'): Promise<Answer> {
  const res = await worker.fetch(`/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    // Browsers send a file's Content-Length; Node's fetch leaves it out of some bodies.
    headers: { ...who.headers, 'Content-Type': type, 'Content-Length': String(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength) },
    body: bytes as BodyInit,
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()) };
}

const assetCount = async () => (await worker.db.prepare('SELECT COUNT(*) AS n FROM assets').first<{ n: number }>())!.n;
const objectCount = async () => (await worker.files.list({ prefix: 'fern-and-kiln/uploads/' })).objects.length;

describe('uploads', () => {
  it('stores a PNG by its content, with its size, and serves it and its ?format=Nw preview from /assets/', async () => {
    const png = pngOf(640, 400);
    const res = await upload('Kiln at dusk.png', png);
    expect(res.status).toBe(201);
    const file = res.json.file;
    expect(file).toMatchObject({ kind: 'image', fileName: 'Kiln at dusk.png', contentType: 'image/png', size: png.length, width: 640, height: 400, altText: '' });
    expect(file.url).toMatch(/^\/assets\/fern-and-kiln\/uploads\/[0-9a-f]{32}\.png$/);
    expect(file.previewUrl).toBe(`${file.url}?format=300w`);

    const served = await worker.fetch(file.url);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(png));
    const preview = await worker.fetch(file.previewUrl, { headers: { Accept: 'image/png' } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('Content-Type')).toBe('image/png');
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('refuses a Windows program named photo.png with the SPEC text, storing nothing', async () => {
    const [assets, objects] = [await assetCount(), await objectCount()];
    const res = await upload('photo.png', windowsProgram());
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'unsupported_file', message: 'The file photo.png does not appear to be a supported file.' });
    expect([await assetCount(), await objectCount()]).toEqual([assets, objects]);
  });

  it('refuses text and unknown bytes, whatever their name', async () => {
    expect((await upload('notes.svg', 'just some text, not a picture')).json.message).toBe('The file notes.svg does not appear to be a supported file.');
    expect((await upload('page.html', '<html><script>alert(1)</script></html>')).status).toBe(400);
  });

  it('refuses a 30 MB image with the SPEC text naming the 20 MB limit (SPEC §9: 1e6 bytes per MB), storing nothing', async () => {
    const [assets, objects] = [await assetCount(), await objectCount()];
    const res = await upload('big.png', paddedPng(30_000_000));
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'file_too_large', message: 'The file big.png is too large. The maximum allowed file size is 20 MB.' });
    expect([await assetCount(), await objectCount()]).toEqual([assets, objects]);
  });

  it('takes an image of exactly 20 MB', async () => {
    const res = await upload('exactly.png', paddedPng(20_000_000));
    expect(res.status).toBe(201);
    expect(res.json.file.size).toBe(20_000_000);
  });

  it('limits SVG to 512 KB (1,024 bytes per KB)', async () => {
    const big = SCRIPTED_SVG.replace('</svg>', `<!--${'x'.repeat(512 * 1024)}--></svg>`);
    const res = await upload('huge.svg', big);
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('The file huge.svg is too large. The maximum allowed file size is 512 KB.');
  });

  it('stores an SVG with script and serves it sandboxed', async () => {
    const res = await upload('badge.svg', SCRIPTED_SVG);
    expect(res.status).toBe(201);
    expect(res.json.file).toMatchObject({ kind: 'image', contentType: 'image/svg+xml' });
    expect(res.json.file.url).toMatch(/\.svg$/);
    const served = await worker.fetch(res.json.file.url);
    expect(served.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(served.headers.get('Content-Security-Policy')).toMatch(/sandbox/);
    expect(served.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'/);
  });

  it('keeps the name a PDF is sent with, but its type comes from its bytes', async () => {
    const res = await upload('price-list.exe', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(res.status).toBe(201);
    expect(res.json.file).toMatchObject({ kind: 'file', fileName: 'price-list.exe', contentType: 'application/pdf', previewUrl: null });
    expect(res.json.file.url).toMatch(/\.pdf$/);
  });

  it('takes only the raw bytes, with the crumb, from roles that may edit files', async () => {
    expect((await upload('a.png', pngOf(4, 4), owner, 'application/json')).status).toBe(415);
    const noCrumb = await worker.fetch('/api/files?name=a.png', { method: 'POST', headers: { Cookie: owner.cookie, 'Content-Type': 'application/octet-stream' }, body: pngOf(4, 4) as BodyInit });
    expect(noCrumb.status).toBe(401);
    expect(await noCrumb.json()).toMatchObject({ error: 'crumb_fail' });
    expect((await upload('a.png', pngOf(4, 4), viewer)).status).toBe(403);
    expect((await call('GET', '', undefined, viewer)).status).toBe(200);
  });
});

describe('the list', () => {
  it('searches names and alt text, sorts, and pages by cursor without gaps or repeats', async () => {
    for (const name of ['Zebra glaze.png', 'apple bowl.png', 'Mango plate.png']) expect((await upload(name, pngOf(20, 20))).status).toBe(201);
    const found = await call('GET', '?q=zebra');
    expect(found.json.files.map((f: { fileName: string }) => f.fileName)).toEqual(['Zebra glaze.png']);
    expect((await call('GET', `?q=${encodeURIComponent('100%_')}`)).json.files).toEqual([]);

    const all = (await call('GET', '?sort=name&limit=100')).json.files.map((f: { fileName: string }) => f.fileName);
    expect(all).toEqual([...all].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const page: Answer = await call('GET', `?sort=name&limit=2${after ? `&after=${after}` : ''}`);
      expect(page.json.files.length).toBeLessThanOrEqual(2);
      paged.push(...page.json.files.map((f: { fileName: string }) => f.fileName));
      after = page.json.next;
    } while (after);
    expect(paged).toEqual(all);

    const bySize = (await call('GET', '?sort=size&dir=desc&limit=100')).json.files.map((f: { size: number }) => f.size);
    expect(bySize).toEqual([...bySize].sort((a: number, b: number) => b - a));
    const images = (await call('GET', '?kind=image&limit=100')).json.files;
    expect(images.every((f: { kind: string }) => f.kind === 'image')).toBe(true);
    expect((await call('GET', '?sort=colour')).status).toBe(400);
  });
});

describe('rename and image details', () => {
  it('renames, refusing a blank name with the SPEC text', async () => {
    const { file } = (await upload('before.png', pngOf(10, 10))).json;
    const blank = await call('PATCH', `/${file.id}`, { fileName: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ error: 'invalid_request', message: 'Please enter a file name', fields: { fileName: 'Please enter a file name' } });
    const renamed = await call('PATCH', `/${file.id}`, { fileName: ' after.png ' });
    expect(renamed.json.file).toMatchObject({ fileName: 'after.png', url: file.url });
    expect((await call('PATCH', '/nope', { fileName: 'x' })).status).toBe(404);
  });

  it('sets alt text and a focal point on images only', async () => {
    const { file } = (await upload('focus.png', pngOf(10, 10))).json;
    const set = await call('PUT', `/${file.id}/details`, { altText: 'A tall vase', focalPoint: { x: 0.25, y: 0.75 } });
    expect(set.json.file).toMatchObject({ altText: 'A tall vase', focalPoint: { x: 0.25, y: 0.75 } });
    expect((await call('PUT', `/${file.id}/details`, { focalPoint: { x: 1.5, y: 0 } })).status).toBe(400);
    expect((await call('PUT', `/${file.id}/details`, { altText: 'x'.repeat(251) })).status).toBe(400);
    const row = await worker.db.prepare('SELECT alt_text AS alt, focal_point_x AS x FROM assets WHERE id = ?').bind(file.id).first<{ alt: string; x: number }>();
    expect(row).toEqual({ alt: 'A tall vase', x: 0.25 });
  });
});

describe('delete', () => {
  async function publishPageWith(src: string, title: string): Promise<string> {
    const send = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
      worker.fetch(`/api/pages${path}`, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body) });
    const created = (await (await send('POST', '', { title })).json()) as { page: { id: string } };
    const id = created.page.id;
    const saved = await send('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'b1', type: 'image', props: { src, alt: 'Kiln' } }) }, { 'If-Match': '"1"' });
    expect(saved.status).toBe(200);
    expect((await send('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    return id;
  }

  it('is refused while only a page\'s published French layout shows the file (issue 29)', async () => {
    const { file } = (await upload('in-french.png', pngOf(30, 30))).json;
    const send = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
      worker.fetch(`/api/pages${path}`, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body) });
    const id = ((await (await send('POST', '', { title: 'Four à bois' })).json()) as { page: { id: string; slug: string } }).page.id;
    expect((await send('POST', `/${id}/publish`, { version: 1 })).status).toBe(200);
    expect((await send('POST', `/${id}/languages/fr`, {})).status).toBe(201);
    expect((await send('PUT', `/${id}/languages/fr/draft`, { layout: layoutOf({ id: 'b1', type: 'image', props: { src: file.url, alt: 'Four' } }) }, { 'If-Match': '"1"' })).status).toBe(200);
    expect((await call('DELETE', `/${file.id}`)).status).not.toBe(409);
    const second = (await upload('in-french-2.png', pngOf(30, 30))).json.file;
    expect((await send('PUT', `/${id}/languages/fr/draft`, { layout: layoutOf({ id: 'b1', type: 'image', props: { src: second.url, alt: 'Four' } }) }, { 'If-Match': '"2"' })).status).toBe(200);
    expect((await send('POST', `/${id}/languages/fr/publish`, { version: 3 })).status).toBe(200);
    const refused = await call('DELETE', `/${second.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.usedBy).toEqual([{ type: 'page', id, title: 'Four à bois', url: '/fr/four-a-bois' }]);
  });

  it('is refused while a published page shows the file, naming the page; allowed once it is unpublished', async () => {
    const { file } = (await upload('on-a-page.png', pngOf(30, 30))).json;
    await worker.fetch(file.previewUrl.replace('300w', '100w'));
    const pageId = await publishPageWith(file.url, 'Kiln notes');
    const refused = await call('DELETE', `/${file.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'file_in_use', message: 'The file on-a-page.png is in use and cannot be deleted.' });
    expect(refused.json.usedBy).toEqual([{ type: 'page', id: pageId, title: 'Kiln notes', url: '/kiln-notes' }]);
    expect((await worker.fetch(file.url)).status).toBe(200);

    const unpublish = await worker.fetch(`/api/pages/${pageId}/unpublish`, { method: 'POST', headers: owner.headers });
    expect(unpublish.status).toBe(200);
    expect((await call('DELETE', `/${file.id}`)).status).toBe(200);
    expect((await worker.fetch(file.url)).status).toBe(404);
    expect((await worker.files.list({ prefix: file.url.slice('/assets/'.length) })).objects).toEqual([]);
    expect((await call('DELETE', `/${file.id}`)).status).toBe(404);
  });

  it('is refused while a product shows the file', async () => {
    const row = await worker.db
      .prepare('SELECT a.id AS id, i.title AS title FROM assets a JOIN items i ON i.main_image_id = a.id JOIN products p ON p.item_id = i.id LIMIT 1')
      .first<{ id: string; title: string }>();
    const refused = await call('DELETE', `/${row!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.usedBy).toContainEqual(expect.objectContaining({ type: 'product', title: row!.title }));
  });

  it('deletes once when asked many times at once (one conditional DELETE), and parallel uploads get their own keys', async () => {
    const uploads = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(`parallel-${i}.png`, pngOf(12 + i, 12))));
    expect(uploads.map((u) => u.status)).toEqual(Array(6).fill(201));
    expect(new Set(uploads.map((u) => u.json.file.url)).size).toBe(6);
    const target = uploads[0]!.json.file;
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('DELETE', `/${target.id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(404)]);
  });

  it('needs a role that may delete files', async () => {
    const { file } = (await upload('keep.png', pngOf(10, 10))).json;
    expect((await call('DELETE', `/${file.id}`, undefined, viewer)).status).toBe(403);
    expect((await call('DELETE', `/${file.id}`)).status).toBe(200);
  });
});
