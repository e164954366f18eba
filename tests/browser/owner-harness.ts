/**
 * Set-up the owner-side browser suites share: a signed-in owner's cookies in a Playwright
 * context, a signed-in visitor of a file's storefront, opening the owner app and waiting for
 * it to hydrate, and axe-core's serious and critical violations on a page.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoOwner, signIn, type RunningWorker, type SignedIn } from '../../edge/test-support.js';
import type { StorefrontSuite, Visitor } from './harness.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Adds a signed-in session's cookies (`cookie`, a `Cookie` header value such as
 * SignedIn.cookie) to `context`, for the host of `baseUrl` and every path.
 */
export async function addSessionCookies(context: BrowserContext, cookie: string, baseUrl: string): Promise<void> {
  const host = new URL(baseUrl).hostname;
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: host, path: '/' };
    }),
  );
}

// Keyed by the worker, never a module global: with `isolate: false` the files of one vitest
// worker share this module, and each file has its own storefront worker.
const demoOwnerSessions = new WeakMap<RunningWorker, Promise<SignedIn>>();

/**
 * The demo owner's session on `worker`, signed in once per worker: sign-ins are rate limited
 * per address, so a file's tests share one.
 */
export function demoOwnerSession(worker: RunningWorker): Promise<SignedIn> {
  let session = demoOwnerSessions.get(worker);
  if (!session) {
    session = demoOwner().then(({ email, password }) => signIn(worker, email, password));
    demoOwnerSessions.set(worker, session);
  }
  return session;
}

/**
 * Calls an owner API on `worker` as the demo owner (JSON in and out); throws with the status
 * and body when the answer is not 2xx, so a set-up step that fails says why.
 */
export async function ownerApi(worker: RunningWorker, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const owner = await demoOwnerSession(worker);
  const res = await worker.fetch(path, {
    method,
    headers: { ...owner.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A fresh visitor of `store` (1280 × 900 unless `viewport`) signed in as the demo owner
 * (demoOwnerSession), or with `session` when given (another user's sign-in).
 */
export async function signedInOwner(
  store: Pick<StorefrontSuite, 'worker' | 'visitor' | 'url'>,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
  session?: SignedIn | Promise<SignedIn>,
): Promise<Visitor> {
  const visitor = await store.visitor({ viewport });
  const { cookie } = await (session ?? demoOwnerSession(store.worker));
  await addSessionCookies(visitor.context, cookie, store.url('/'));
  return visitor;
}

/** Opens the owner app at `url` (answered 200) and waits until its shell has hydrated. */
export async function openOwnerApp(page: Page, url: string): Promise<void> {
  expect((await page.goto(url))?.status()).toBe(200);
  await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA) on `page` and returns its serious and critical
 * violations, each rule's id with the targets of its first three nodes.
 *
 * `inject`: 'evaluate' (the default) runs axe over the DevTools protocol, which works under
 * the owner area's CSP; 'script-tag' adds it as an inline script, for contexts that bypass
 * the CSP (either only when the document has no axe yet). `exclude`: selectors axe leaves out (e.g. `iframe`), else the whole document.
 */
export async function seriousAxeViolations(page: Page, options: { inject?: 'evaluate' | 'script-tag'; exclude?: string[] } = {}): Promise<{ id: string; nodes: string[] }[]> {
  // Once per document: a screen reached in the app (no page load) still has it.
  if (!(await page.evaluate(() => 'axe' in window))) {
    if (options.inject === 'script-tag') await page.addScriptTag({ content: AXE_SOURCE });
    else await page.evaluate(AXE_SOURCE);
  }
  const results = await page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // resultTypes: only the violations are read; axe then keeps one node of the passes and the
    // rest instead of every one, most of its time on a large page.
    return axe.run(exclude ? { exclude: exclude.map((selector) => [selector]) } : document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
  }, options.exclude);
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
}

/**
 * Waits until a list searched as the owner types (aria-busy while the next answer loads: a block
 * panel's "Products", the file picker's "Files to choose from") shows the answer to the words typed.
 */
export const listSettled = (scope: Locator | Page, label: string) => scope.locator(`ul[aria-label="${label}"][aria-busy="false"]`).waitFor({ timeout: 30_000 });
