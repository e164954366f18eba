import type { EarlyErrors } from '../early-errors.js';
import { installPixel, trackEvent } from './analytics.js';
import { recordHit } from './census.js';
import { guarded, installErrorReporter } from './error-reporter.js';
import { isEditorMode, readPageInfo } from './page-info.js';
import { startRum } from './rum.js';
import { yieldToMain } from '../yield.js';


/**
 * Starts the traffic runtime on a storefront page: the error reporter first (so it sees
 * everything after it), then, outside editor mode, the page view, the RUM collector and the page-visit events.
 * None of it may stop the page (SPEC §8). `early` holds the errors of the page's first
 * seconds, queued by the island loader until now. Each step runs in its own task (a yield
 * between them) so that starting never makes one long task a tap has to wait behind (issue 37).
 */
export async function startTraffic(early?: EarlyErrors): Promise<void> {
  const reporter = installErrorReporter(window, early);
  // Editor mode (SPEC §2): the owner area, and the page editor's preview frame.
  if (isEditorMode()) return;
  const page = readPageInfo();
  const steps = [
    () => installPixel(page),
    () => void recordHit(page),
    () => startRum(page),
    () => {
      if (page.pageType === 50 && page.itemId) trackEvent('product_page_visit', { pagePath: page.pagePath, itemId: page.itemId });
      if (page.pageType === 1 && page.collectionId) trackEvent('list_page_visit', { pagePath: page.pagePath });
    },
  ];
  for (const step of steps) {
    await yieldToMain();
    guarded(reporter.report, step);
  }
}
