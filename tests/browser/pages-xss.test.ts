import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoOwner, jsonOrUndefined, signIn, type SignedIn } from '../../edge/test-support.js';
import { ifMatch, layoutOf, pageClient } from '../../edge/api/pages/test-pages.js';
import { designLayout, hostileImageDesign, hostileLayout, PAYLOADS } from '../../edge/api/pages/test-hostile.js';
import { useStorefront } from './harness.js';

/**
 * The XSS table of edge/api/pages/xss.test.ts loaded in Chromium: every block prop and the
 * rich-text schema, section design values, navigation titles and the owner's header and
 * footer, each holding a payload, published through the real worker. Nothing runs in the
 * page's origin: no dialog, no sentinel set, no CSP violation (a payload the escaping let
 * through would be stopped by the policy and reported), no handler attribute and no script
 * link in the DOM.
 */
const store = useStorefront();

// Payloads that set a sentinel instead of opening a dialog, beside the table's alert() ones.
const SENTINELS = [`<img src=x onerror="window.__pwned=1">`, `<script>window.__pwned=1</script>`, `" onfocus="window.__pwned=1" x="`, `javascript:window.__pwned=1`];
const ALL = [...PAYLOADS, ...SENTINELS];

let owner: ReturnType<typeof pageClient>;
let session: SignedIn;

async function api(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await store.worker.fetch(`/api${path}`, { method, headers: { ...session.headers, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: jsonOrUndefined(await res.text()) };
}

async function publish(slug: string, layout: unknown): Promise<void> {
  const created = await owner('POST', '', { title: 'Hostile', slug });
  expect(created.status).toBe(201);
  const id = (created.json.page as { id: string }).id;
  const saved = await owner('PUT', `/${id}/draft`, { layout }, ifMatch(1));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
}

/** Saves the main navigation with `payload` as the titles of a link and its child. */
async function hostileNavigation(payload: string): Promise<void> {
  const layout = await (await store.worker.fetch('/api/commondata/GetSiteLayout', { headers: session.headers })).json() as { layout: { identifier: string; version: number }[] };
  const version = layout.layout.find((n) => n.identifier === 'main-nav')!.version;
  const items = [{ title: payload, externalLink: '/about', children: [{ title: payload, externalLink: '/shop' }] }, { title: 'Shop', externalLink: '/shop' }];
  const saved = await api('POST', '/widget/UpdateNavigation', { fieldName: 'main-nav', templateId: 'fern-and-kiln', navigation: { items } }, ifMatch(version));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

/** Saves the owner's header and footer as block layouts holding `payload`. */
async function hostileHeaderFooter(payload: string): Promise<void> {
  const current = await (await store.worker.fetch('/api/site-header-footer', { headers: session.headers })).json() as { version: number };
  const header = layoutOf({ id: 'hq', type: 'quote', props: { text: payload, source: payload } }, { id: 'hb', type: 'button', props: { label: payload, href: '/shop' } }, { id: 'hi', type: 'image', props: { src: '/assets/pot.jpg', alt: payload, caption: payload } });
  const footer = hostileLayout(payload);
  const saved = await api('PUT', '/site-header-footer', { header, footer }, ifMatch(current.version));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

/** Loads `path` with a dialog handler, a sentinel and a CSP violation listener; acts on the page; returns what ran. */
async function visit(page: Page, path: string): Promise<{ pwned: unknown; violations: string[]; handlers: string[]; scriptLinks: string[] }> {
  await page.goto(store.url(path));
  // Hover, focus and tab through what a visitor could, so handlers would have fired.
  for (const summary of await page.locator('.block-accordion-item summary').all()) await summary.click();
  // Every element gets the events a pointer or focus would give it (one call, not a hover per block).
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'focusin']) el.dispatchEvent(new Event(type, { bubbles: type !== 'mouseenter' && type !== 'focus' }));
    }
  });
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const w = window as unknown as { __pwned?: unknown; __violations: string[] };
    return {
      pwned: w.__pwned,
      violations: w.__violations,
      handlers: Array.from(document.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).filter((a) => a.name.startsWith('on')).map((a) => `<${el.localName} ${a.name}>`)),
      scriptLinks: Array.from(document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]'))
        .filter((a) => !['http:', 'https:', 'mailto:', 'tel:'].includes(a.protocol))
        .map((a) => a.href),
    };
  });
}

beforeAll(async () => {
  const demo = await demoOwner();
  session = await signIn(store.worker, demo.email, demo.password);
  owner = pageClient(store.worker, session);
}, 120_000);

describe('hostile content loaded in Chromium', () => {
  it.each(ALL.map((p, i) => [i + 1, p] as const))('payload %i runs nothing: %s', async (i, payload) => {
    // The payloads' images are files that do not exist (404s). The html and embed blocks' srcdoc
    // frames (sandboxed, an opaque origin) inherit the page's CSP, which refuses their inline code
    // in the console: the listener below counts only violations of the page's own document.
    store.allow(/^HTTP 404 |the server responded with a status of 404|violates the following Content Security Policy directive|ERR_BLOCKED_BY_RESPONSE\.NotSameOrigin/);
    // The two pages are published side by side, then the navigation and the header and footer.
    const [, image] = await Promise.all([
      publish(`xss-browser-${i}`, hostileLayout(payload)),
      (async () => {
        const design = await owner('POST', '', { title: 'Design', slug: `xss-browser-design-${i}` });
        const designId = (design.json.page as { id: string }).id;
        const saved = await owner('PUT', `/${designId}/draft`, { layout: designLayout(hostileImageDesign(payload)) }, ifMatch(1));
        if (saved.status === 200) expect((await owner('POST', `/${designId}/publish`, { version: 2 })).status).toBe(200);
        return saved;
      })(),
    ]);
    await Promise.all([hostileNavigation(payload), hostileHeaderFooter(payload)]);

    // Each page in its own visitor, the visitors side by side.
    const paths = [`/xss-browser-${i}`, '/journal', ...(image.status === 200 ? [`/xss-browser-design-${i}`] : [])];
    const visits = await Promise.all(
      paths.map(async (path) => {
        const { page } = await store.visitor({ viewport: { width: 1280, height: 900 } });
        const dialogs: string[] = [];
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.addInitScript(() => {
          const w = window as unknown as { __violations: string[] };
          if (window !== window.top) return;
          w.__violations = [];
          document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
        });
        const ran = await visit(page, path);
        // The navigation title is on the page as text.
        return { path, ran, dialogs, navigation: (await page.locator('.site-nav').textContent()) ?? '' };
      }),
    );
    for (const { path, ran, dialogs, navigation } of visits) {
      expect(ran, path).toEqual({ pwned: undefined, violations: [], handlers: [], scriptLinks: [] });
      expect(navigation, path).toContain(payload.trim().slice(0, 12));
      expect(dialogs, path).toEqual([]);
    }
  });
});
