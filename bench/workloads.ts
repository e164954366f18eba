/**
 * The engine workloads `npm run bench` times, also exported (bundled as
 * dist/engine-bench.mjs) so a comparison script outside the project can time the
 * reference engine on exactly the same inputs.
 */
import { loadRenderFixtures, type RenderFixture } from '../tests/conformance/fixtures.js';
import { PRODUCT_PAGE_TEMPLATE, productPageData } from './product-page.js';

export { compile, render } from '../engine/index.js';

/** The 456 corpus render fixtures (the differential cases are whole-page edge cases, not workload). */
export function conformanceWorkload(): RenderFixture[] {
  return loadRenderFixtures().filter((f) => f.family === 'corpus');
}

/** The realistic product page: template source and its context. */
export function productPageWorkload(): { template: string; data: Record<string, unknown> } {
  return { template: PRODUCT_PAGE_TEMPLATE, data: productPageData() };
}
