import type { EarlyErrors } from '../early-errors.js';
import { installPixel, trackEvent } from './analytics.js';
import { recordHit } from './census.js';
import { guarded, installErrorReporter } from './error-reporter.js';
import { isEditorMode, readPageInfo } from './page-info.js';
import { startRum } from './rum.js';


/**
 * Starts the traffic runtime on a storefront page: the error reporter first (so it sees
 * everything after it), then, outside editor mode, the page view, the RUM collector and the page-visit events.
 * None of it may stop the page (SPEC §8). `early` holds the errors of the page's first
 * seconds, queued by the island loader until now.
 */
export function startTraffic(early?: EarlyErrors): void {
  const reporter = installErrorReporter(window, early);
  guarded(reporter.report, () => {
    // Editor mode (SPEC §2): the owner area, and the page editor's preview frame.
    if (isEditorMode()) return;
    const page = readPageInfo();
    installPixel(page);
    void recordHit(page);
    startRum(page);
    if (page.pageType === 50 && page.itemId) trackEvent('product_page_visit', { pagePath: page.pagePath, itemId: page.itemId });
    if (page.pageType === 1 && page.collectionId) trackEvent('list_page_visit', { pagePath: page.pagePath });
  });
}
