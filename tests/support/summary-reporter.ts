/**
 * Vitest reporter for the end of `npm test` (and so of `.ci/run`): the ten slowest test
 * files (import + tests and hooks, the time a worker spent on each) and the totals as one
 * plain line, 'Tests: N passed, N failed, N skipped', that CI reads.
 */
import type { Reporter, TestModule } from 'vitest/node';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`.padStart(8);
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => {
      const d = module.diagnostic();
      return { name: module.relativeModuleId, ms: d.collectDuration + d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.duration };
    });
    files.sort((a, b) => b.ms - a.ms);
    const tally = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tally.passed += 1;
        else if (state === 'failed') tally.failed += 1;
        else tally.skipped += 1;
      }
      // A file that failed before any test ran (a throwing beforeAll, an import error) counts once.
      if (module.state() === 'failed' && ![...module.children.allTests()].some((t) => t.result().state === 'failed')) tally.failed += 1;
    }
    const lines = ['', 'Slowest test files (import, set-up, tests and hooks):', ...files.slice(0, 10).map((f) => `${seconds(f.ms)}  ${f.name}`), ''];
    lines.push(`Tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
