import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBrandTone } from '../../domain/site-styles/brand-tones.js';
import { DEFAULT_SITE_STYLES } from '../../domain/site-styles/site-styles.js';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../test-support.js';

/** The site styles on visitors' pages: published ones as custom properties, the draft only in preview. */
let worker: RunningWorker;
let owner: SignedIn;

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
}, 120_000);
afterAll(() => worker?.dispose());

async function write(method: 'PUT' | 'POST', path: string, version: number, body: unknown) {
  const res = await worker.fetch(`/api/site-styles${path}`, {
    method,
    headers: { ...owner.headers, 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0];
const visitorPage = async (path = '/') => {
  const res = await worker.fetch(path);
  return { html: await res.text(), cache: res.headers.get('x-page-cache') };
};

describe('site styles on the storefront', () => {
  it('a site without published styles keeps the theme look: no style attribute, no font stylesheet', async () => {
    const { html } = await visitorPage();
    expect(htmlTag(html)).toBe('<html lang="en-US">');
    expect(html).not.toContain('/assets/fonts/');
    // Cached now: the next visitor gets the stored copy.
    expect((await visitorPage()).cache).toBe('HIT');
  });

  it('a draft shows only in a contributor preview; publishing reaches the cached home page at once', async () => {
    const sophisticated = applyBrandTone(DEFAULT_SITE_STYLES, 'sophisticated');
    await write('PUT', '/draft', 0, { styles: sophisticated });

    expect(htmlTag((await visitorPage()).html)).toBe('<html lang="en-US">');
    const preview = await worker.fetch('/?preview', { headers: owner.headers });
    expect(preview.headers.get('cache-control')).toBe('no-store');
    const previewHtml = await preview.text();
    expect(htmlTag(previewHtml)).toContain('--accent:#7c6a46;');
    expect(htmlTag(previewHtml)).toContain('--font-display:&quot;Playfair Display&quot;, Georgia');
    expect(previewHtml).toContain('<link rel="stylesheet" href="/assets/fonts/v1/playfair-display.css">');

    await write('POST', '/publish', 1, {});
    const { html, cache } = await visitorPage();
    expect(cache).not.toBe('HIT');
    expect(htmlTag(html)).toContain('style="--paper:#f7f5f0;--ink:#1c1917;--accent:#7c6a46;');
    expect(html).toContain('<link rel="stylesheet" href="/assets/fonts/v1/eb-garamond.css">');
    // Every page carries them, and no font comes from another host.
    const shop = (await visitorPage('/shop')).html;
    expect(htmlTag(shop)).toContain('--accent:#7c6a46;');
    const stylesheets = [...shop.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(stylesheets).toEqual(['/theme/assets/site.css', '/assets/fonts/v1/playfair-display.css', '/assets/fonts/v1/eb-garamond.css']);
    expect(shop).not.toMatch(/@import|fonts\.googleapis|fonts\.gstatic|use\.typekit/);
    // ?format=json stays the page context.
    expect(JSON.stringify(await (await worker.fetch('/?format=json')).json())).not.toContain('siteStyles');
  });

  it('the preview shows the newest draft while visitors keep the published styles', async () => {
    await write('PUT', '/draft', 1, { styles: applyBrandTone(DEFAULT_SITE_STYLES, 'bold') });
    expect(htmlTag((await visitorPage()).html)).toContain('--accent:#7c6a46;');
    expect(htmlTag(await (await worker.fetch('/?preview', { headers: owner.headers })).text())).toContain('--accent:#ff3d00;');
    // A visitor asking for ?preview without a session gets the published page.
    expect(htmlTag(await (await worker.fetch('/?preview')).text())).toContain('--accent:#7c6a46;');
  });

  it('serves the fonts and their stylesheets from /assets with immutable caching and /assets URLs only', async () => {
    const css = await worker.fetch('/assets/fonts/v1/eb-garamond.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const text = await css.text();
    expect(text).toContain('font-family:"EB Garamond"');
    const urls = [...text.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
    expect(urls).toEqual(['/assets/fonts/v1/eb-garamond-400.woff2', '/assets/fonts/v1/eb-garamond-700.woff2']);
    const font = await worker.fetch(urls[0]!);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(new TextDecoder().decode((await font.arrayBuffer()).slice(0, 4))).toBe('wOF2');
  });
});
