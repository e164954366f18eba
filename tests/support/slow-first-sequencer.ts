/**
 * The order files start in (vitest.config.ts `sequence.sequencer`). A fresh clone (CI) has no
 * timings cached, so Vitest's own order is by file size, and a 60-80 s browser file drawn
 * last leaves one core idle for that long at the end of the run. The files known to be the
 * slowest (the summary reporter's list on CI) start first, slowest first; every other file
 * keeps Vitest's order (by cached duration where there is a cache, else by size).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, by their time in the fresh-clone CI run (close12.md, session notes). */
export const SLOW_FILES = [
  'tests/browser/owner-screens.test.ts',
  'tests/browser/pages-xss.test.ts',
  'tests/browser/storefront.test.ts',
  'tests/browser/page-editor-main-path.test.ts',
  'tests/browser/owner-app.test.ts',
  'tests/crash/orders-after-payment.test.ts',
  'tests/crash/orders-after-order.test.ts',
  'tests/crash/orders-after-stock-secured.test.ts',
  'tests/crash/orders-after-key-claim.test.ts',
  'tests/crash/orders-cron-finishes.test.ts',
  'tests/crash/sign-up-flood.test.ts',
  'tests/crash/forms-flood.test.ts',
  'tests/crash/census-hits.test.ts',
  // Every guarded route asked once per role, and twice per site: minutes of HTTP on a loaded machine.
  'edge/middleware/roles/walk.test.ts',
  'tests/security/isolation-walk.test.ts',
  'tests/browser/visual/tour-1280.test.ts',
  'tests/browser/visual/tour-390.test.ts',
  'tests/browser/visual/tour-320.test.ts',
];

function rank(file: TestSpecification): number {
  const at = SLOW_FILES.findIndex((path) => file.moduleId.endsWith(`/${path}`));
  return at < 0 ? SLOW_FILES.length : at;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    return base
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}
