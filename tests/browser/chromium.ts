/**
 * Debian's Chromium for the browser suites: where it is, how it is started, and the one
 * browser of the test run (tests/global-setup.ts starts it; each file connects).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // An unknown host (the plain "Site not found" page in the CSP suite) resolves to the worker.
  '--host-resolver-rules=MAP no-such-site.test 127.0.0.1',
];

/**
 * The browser a test file uses: a connection to the run's Chromium when the global set-up
 * started one (`endpoint`), else a Chromium of its own. Closing it closes this file's
 * connection (and its contexts), never the shared browser.
 * @example const browser = await openBrowser(inject('chromiumEndpoint'));
 */
export async function openBrowser(endpoint: string | undefined): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
