import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, openStorefront, type Storefront } from './harness.js';
import { demoOwner, signIn } from '../../edge/test-support.js';
import { DEFAULT_POPUP } from '../../domain/popups/popup.js';

/** Total JavaScript the product page transfers before any interaction, gzip, React included. */
const BUDGET_BYTES = 80 * 1024;
/**
 * The traffic runtime's chunk (census, RUM, error reporter) is fetched at the page's first idle
 * period or first input (client/runtime/loader.ts, issue 37): after the page is usable, never
 * in competition with it, so it is listed but not counted. Before issue 37 it came on a 3 s
 * timer, which this test's network-idle wait happened to end before. The promo popup's trigger
 * (client/runtime/strategies/popup-trigger.ts) is fetched at idle the same way (issue 28).
 */
const IDLE_TIME_CHUNK = /\/client\/chunks\/(traffic|popup-trigger)-[^/]+\.js$/;
/** The promo popup island itself loads only when its trigger fires (never before interaction here). */
const POPUP_ISLAND = /\/client\/islands\/promo-popup-[^/]+\.js$/;

let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
  // A published promo popup on every page: its trigger chunk comes at idle (listed, not counted),
  // its island only when the trigger fires (ten minutes on, so never in this test).
  const owner = await demoOwner().then(({ email, password }) => signIn(store.worker, email, password));
  const call = async (method: string, path: string, body: unknown, revision: number) => {
    const res = await store.worker.fetch(path, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', 'If-Match': `"${revision}"` }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as { revision: number };
  };
  const design = { ...DEFAULT_POPUP, enabled: true, trigger: { kind: 'delay', seconds: 600 } };
  const saved = await call('PUT', '/api/owner/popup', { design }, 0);
  await call('POST', '/api/owner/popup/publish', {}, saved.revision);
});
afterAll(async () => {
  await store?.close();
});

describe('JS budget', () => {
  it('the product page loads at most 80 KB of gzip JavaScript before any interaction', async () => {
    const visitor = await store.visitor();
    const scripts = new Map<string, Promise<Buffer>>();
    visitor.page.on('response', (res) => {
      if (res.request().resourceType() === 'script' || new URL(res.url()).pathname.endsWith('.js')) scripts.set(res.url(), res.body());
    });
    await visitor.page.goto(store.url('/shop/speckled-stoneware-mug'), { waitUntil: 'networkidle' });
    // Islands in view (and eager ones) have mounted; nothing was clicked or scrolled.
    await visitor.page.waitForFunction(() => document.querySelectorAll('[data-island-state="hydrated"]').length > 0);
    await visitor.page.waitForLoadState('networkidle');
    let total = 0;
    const lines: string[] = [];
    for (const [url, body] of scripts) {
      const gz = gzipSync(await body).length;
      const idleTime = IDLE_TIME_CHUNK.test(new URL(url).pathname);
      if (!idleTime) total += gz;
      lines.push(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}${idleTime ? '  (at idle, not counted)' : ''}`);
    }
    console.log(`product page JS before interaction: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)\n${lines.join('\n')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect([...scripts.keys()].some((u) => /popup-trigger-/.test(u)), 'the popup trigger came at idle').toBe(true);
    expect([...scripts.keys()].filter((u) => POPUP_ISLAND.test(new URL(u).pathname))).toEqual([]);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    await visitor.close();
  });
});
