import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../scripts/client-build.js';
import { PREBUILT_BUNDLE, writeWorkerBundle } from '../scripts/worker-bundle.js';
import { CHROMIUM, CHROMIUM_ARGS } from './browser/chromium.js';

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
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-test-run-'));
  const bundle = join(dir, 'worker-bundle.json');
  await Promise.all([ensureClientBuild(), writeWorkerBundle(bundle)]);
  process.env[PREBUILT_BUNDLE] = bundle;
  const server = existsSync(CHROMIUM) ? await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }) : undefined;
  project.provide('chromiumEndpoint', server?.wsEndpoint() ?? '');
  return async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  };
}
