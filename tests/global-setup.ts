import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../scripts/client-build.js';
import { PREBUILT_BUNDLE, writeWorkerBundle } from '../scripts/worker-bundle.js';
import { CHROMIUM, CHROMIUM_ARGS } from './browser/chromium.js';
import { buildSeededTemplate, SEEDED_TEMPLATE } from '../edge/test-support.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (playwright `connect` endpoint); empty when Chromium is not installed. */
    chromiumEndpoint: string;
  }
}

/**
 * Vitest globalSetup, once per run before any test file: the browser code is built, the
 * worker bundled (test processes read the file: PREBUILT_BUNDLE) and one Chromium started
 * that every browser file connects to, instead of each file bundling and launching its own.
 * The seeded demo store's D1 and R2 files are written once too, and copied by each worker.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-test-run-'));
  const bundle = join(dir, 'worker-bundle.json');
  await Promise.all([ensureClientBuild(), writeWorkerBundle(bundle)]);
  process.env[PREBUILT_BUNDLE] = bundle;
  // The demo store migrated and seeded once; every seeded worker starts from a copy (edge/test-support.ts).
  // ATELIER_TEST_FRESH_SEEDS=1: each worker migrates and seeds its own, as outside the runner.
  if (!process.env.ATELIER_TEST_FRESH_SEEDS) {
    const seeded = join(dir, 'seeded');
    await buildSeededTemplate(seeded);
    process.env[SEEDED_TEMPLATE] = seeded;
  }
  const server = existsSync(CHROMIUM) ? await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }) : undefined;
  project.provide('chromiumEndpoint', server?.wsEndpoint() ?? '');
  return async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  };
}
