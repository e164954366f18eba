import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, openStorefront, type Storefront } from './harness.js';

/** Total JavaScript the product page transfers before any interaction, gzip, React included. */
const BUDGET_BYTES = 80 * 1024;
/**
 * The traffic runtime's chunk (census, RUM, error reporter) is fetched at the page's first idle
 * period or first input (client/runtime/loader.ts, issue 37): after the page is usable, never
 * in competition with it, so it is listed but not counted. Before issue 37 it came on a 3 s
 * timer, which this test's network-idle wait happened to end before.
 */
const IDLE_TIME_CHUNK = /\/client\/chunks\/traffic-[^/]+\.js$/;

let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
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
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    await visitor.close();
  });
});
