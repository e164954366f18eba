/**
 * What the page-editor-*.test.ts files share: the page API as the demo owner (or another
 * session), opening a page's editor with Playwright's clock paused (autosave's 1 s debounce and
 * the retry backoff then run only when a test advances the clock), and the editor's states.
 */
import type { Page } from 'playwright-core';
import { pageClient } from '../../edge/api/pages/test-pages.js';
import type { SignedIn } from '../../edge/test-support.js';
import type { StorefrontSuite } from './harness.js';
import { demoOwnerSession, openOwnerApp } from './owner-harness.js';

export const POLL = { timeout: 30_000 };
/** The editor's autosave delay (use-page-draft.ts AUTOSAVE_MS). */
export const AUTOSAVE_MS = 1000;

/** The page API as the demo owner, or as `who`. */
export async function pagesApi(store: Pick<StorefrontSuite, 'worker'>, who?: SignedIn) {
  return pageClient(store.worker, who ?? (await demoOwnerSession(store.worker)));
}

/**
 * Opens /config/pages/{id}/edit with Playwright's clock installed ('resume': the context's
 * clock already is, paused; 'running': it is, and runs), and pauses it once the editor shows
 * the page's title: from then on timers run only through `page.clock.runFor`.
 */
export async function openEditor(store: Pick<StorefrontSuite, 'url'>, page: Page, id: string, title: string, clock: 'install' | 'resume' | 'running' = 'install'): Promise<void> {
  // The clock is the context's: a page opened while another paused it would wait forever.
  if (clock === 'install') await page.clock.install();
  else if (clock === 'resume') await page.clock.resume();
  await openOwnerApp(page, store.url(`/config/pages/${id}/edit`));
  await page.getByRole('heading', { name: title, level: 1 }).waitFor(POLL);
  await pauseClock(page);
}

/** Pauses the (installed, running) clock a second ahead: the app's loading runs on the clock too, so pause only once it is up. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** Waits for the editor's save state (data-save-state: saved, saving, unsaved, offline, conflict, refused). */
export const saveState = (page: Page, state: string) => page.locator(`[data-page-editor][data-save-state="${state}"]`).waitFor(POLL);

/** Runs the autosave delay on the paused clock and waits until the draft is saved. */
export async function autosave(page: Page): Promise<void> {
  await page.clock.runFor(AUTOSAVE_MS);
  await saveState(page, 'saved');
}

/** The preview frame of the draft. */
export const draftPreview = (page: Page) => page.frameLocator('iframe[title="Preview of the draft"]');

/** Waits until the editor says Saved. */
export const saved = (page: Page) => saveState(page, 'saved');

/**
 * With the page's clock installed and running (`page.clock.install()` before the editor
 * loads): jumps `ms` ahead (autosave's debounce by default), so the timer the last edit or a
 * failed save's retry set fires now instead of after a real wait.
 */
export const skipAhead = (page: Page, ms = AUTOSAVE_MS) => page.clock.fastForward(ms);

/** skipAhead, then waits until the editor says Saved. */
export async function savedSoon(page: Page, ms = AUTOSAVE_MS): Promise<void> {
  await skipAhead(page, ms);
  await saved(page);
}
