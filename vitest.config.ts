import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'edge/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'schema/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Builds client/ with Vite (when stale) before the worker and browser suites run.
    globalSetup: ['tests/global-setup.ts'],
    // Most files spend their time waiting on workerd or Chromium, which run in their own
    // processes: one file per core (Vitest's default keeps one core free, i.e. a single
    // file at a time on a 2-core CI machine) overlaps that waiting.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
