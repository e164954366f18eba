import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'domain/**/*.test.ts', 'blocks/**/*.test.ts', 'edge/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'schema/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Once per run: builds client/ (when stale), bundles the worker, starts the shared Chromium.
    globalSetup: ['tests/global-setup.ts'],
    // The usual report, then the ten slowest files and the 'N passed, N failed' line CI reads.
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Most files spend their time waiting on workerd or Chromium, which run in their own
    // processes: one file per core (Vitest's default keeps one core free, i.e. a single
    // file at a time on a 2-core CI machine) overlaps that waiting.
    maxWorkers: Math.max(2, availableParallelism()),
    // The slowest files start first, so the run does not end on one core (tests/support/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Each worker process runs its files one after another in one module graph: Miniflare,
    // the test support and the engine are imported once per process, not once per file
    // (import was 160 s of a 14-minute run). Files share no state but caches: each starts
    // its own workerd, D1 and R2; stubbed globals and spies are put back after every test.
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
    testTimeout: 60_000,
    // expect.poll waits for what a page does after an action (a fetch, an effect); 1 s, the
    // default, ran out on a loaded CI machine while the page was still on its way.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
