import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from './test-support.js';

/**
 * Failure handling of the real worker: each case breaks the seeded demo database in
 * its own way (a bad template, a missing template, a corrupt row, no database).
 */
let worker: RunningWorker;

beforeAll(async () => {
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.dispose();
});

// What a leaked stack trace or error detail would look like in a page.
const LEAK = /\bat \S+ \(|script-\d+:\d+|\.ts:\d+|TemplateMissingError|SyntaxError|D1_ERROR|SQLITE/;

async function setTemplate(path: string, content: string | null): Promise<void> {
  const site = await worker.db.prepare(`select id from websites where identifier = 'fern-and-kiln'`).first<{ id: string }>();
  if (content === null) {
    await worker.db.prepare('delete from templates where website_id = ? and path = ?').bind(site!.id, path).run();
    return;
  }
  // A new content hash, as the seed and the editor write it, invalidates the compiled cache entry.
  const hash = `test-${path}-${content.length}-${Date.now()}`;
  await worker.db
    .prepare('update templates set content = ?, hash = ? where website_id = ? and path = ?')
    .bind(content, hash, site!.id, path)
    .run();
}

describe('template runtime errors', () => {
  it('still render the page and are logged with console.warn', async () => {
    await setTemplate('page.html', '<article class="marker">{collection.title}</article>{@|apply no-such-partial}');
    const res = await worker.fetch('/about');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<article class="marker">About');
    await expect.poll(() => worker.logs.filter((l) => l.level === 'warn' && l.message.includes('page.html')).length).toBeGreaterThan(0);
  });
});

describe('error page (type 101)', () => {
  it('a missing page template gives the themed error page, status 500, no details', async () => {
    await setTemplate('cart.html', null);
    const res = await worker.fetch('/cart');
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).not.toMatch(LEAK);
    const json = await worker.fetch('/cart?format=json');
    expect(json.status).toBe(200);
    expect(((await json.json()) as { pageType: number }).pageType).toBe(200);
  });

  it('an exception while building a page gives status 500 and page type 101', async () => {
    await worker.db.prepare(`update items set tags = '{not json' where url_id = 'moon-jar'`).run();
    const res = await worker.fetch('/shop/moon-jar');
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).not.toMatch(LEAK);
    const json = await worker.fetch('/shop/moon-jar?format=json');
    expect(json.status).toBe(500);
    const body = await json.text();
    expect(body).not.toMatch(LEAK);
    expect(JSON.parse(body).pageType).toBe(101);
  });

  it('without an error template the plain error page is served', async () => {
    await setTemplate('error.html', null);
    const res = await worker.fetch('/shop/moon-jar');
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).toContain('Something went wrong');
    expect(html).not.toMatch(LEAK);
  });

  it('without a not-found template a missing page is still a 404', async () => {
    await setTemplate('not-found.html', null);
    const res = await worker.fetch('/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });
});

describe('D1 failure', () => {
  let empty: RunningWorker;

  beforeAll(async () => {
    // A database without its tables fails every query, as an unreachable D1 would.
    empty = await startWorker({ seed: false });
  });

  afterAll(async () => {
    await empty?.dispose();
  });

  it('answers a clean 503 page', async () => {
    const res = await empty.fetch('/shop');
    const html = await res.text();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(html).toContain('Temporarily unavailable');
    expect(html).not.toMatch(LEAK);
  });

  it('answers JSON with ?format=json', async () => {
    const res = await empty.fetch('/shop/moon-jar?format=json');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: 'service_unavailable',
      message: 'This site cannot be reached right now. Please try again in a few moments.',
    });
  });

  it('keeps serving the health route', async () => {
    const res = await empty.fetch('/healthz');
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
