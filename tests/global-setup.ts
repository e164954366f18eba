import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../scripts/client-build.js';
import { PREBUILT_BUNDLE, writeWorkerBundle } from '../scripts/worker-bundle.js';
import { CHROMIUM, CHROMIUM_ARGS } from './browser/chromium.js';
import { buildSeededTemplate, SEEDED_TEMPLATE } from '../edge/test-support.js';
import { REPO_ROOT } from '../schema/seed/load.js';
import { START_BUNDLE, writeStartBundle } from './crash/start-bundle.js';

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
 * The seeded demo store's D1 and R2 files are written once too, and copied by each worker;
 * and the start script is bundled for the crash tests' stores.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-test-run-'));
  const bundle = join(dir, 'worker-bundle.json');
  // The crash tests' `npm start`, bundled (tests/crash/start-bundle.ts); inside the repository,
  // where node finds its packages.
  await mkdir(join(REPO_ROOT, 'node_modules', '.cache'), { recursive: true });
  const startDir = await mkdtemp(join(REPO_ROOT, 'node_modules', '.cache', 'atelier-start-'));
  const startBundle = join(startDir, 'start.mjs');
  await Promise.all([ensureClientBuild(), writeWorkerBundle(bundle), writeStartBundle(startBundle)]);
  process.env[PREBUILT_BUNDLE] = bundle;
  process.env[START_BUNDLE] = startBundle;
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
    await rm(startDir, { recursive: true, force: true });
  };
}
