import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'edge/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'schema/**/*.test.ts', 'tests/**/*.test.ts'],
    // Builds client/ with Vite (when stale) before the worker and browser suites run.
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
