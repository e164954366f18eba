import { ensureClientBuild } from '../scripts/client-build.js';

/** Vitest globalSetup: the browser code is built once before any test file starts a worker. */
export default async function setup(): Promise<void> {
  await ensureClientBuild();
}
