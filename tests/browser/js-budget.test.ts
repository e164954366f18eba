import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, openStorefront, type Storefront } from './harness.js';

/** Total JavaScript the product page transfers before any interaction, gzip, React included. */
const BUDGET_BYTES = 80 * 1024;

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
      total += gz;
      lines.push(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    }
    console.log(`product page JS before interaction: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)\n${lines.join('\n')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    await visitor.close();
  });
});
