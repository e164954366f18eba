/**
 * The storefront's only script tag: finds the `data-island` markers on the page and
 * hydrates each when its strategy says so, loading only the chunks of islands present.
 */
import { bufferEarlyErrors } from './early-errors.js';
import { ISLAND_ERROR_EVENT, type IslandModule } from './island.js';
import { islandProps } from './island-props.js';
import { STRATEGIES, strategyOf } from './strategies/index.js';
import { holdEarlyTaps } from './early-taps.js';
import { yieldToMain } from './yield.js';

// Before any island runs: errors of the first seconds wait here for the reporter.
const earlyErrors = bufferEarlyErrors();

// Vite turns every island folder into its own chunk, fetched on first use.
const modules = import.meta.glob<IslandModule>('../islands/*/mount.tsx');
const ISLANDS = new Map(Object.entries(modules).map(([path, load]) => [path.split('/')[2]!, load]));

// Mounting runs one island per task, each after a yield: a page of 27 islands never blocks a
// tap for longer than its largest island takes to render (issue 37).
let mounting: Promise<void> = Promise.resolve();
function inTurn(mount: () => void): Promise<void> {
  const turn = mounting.then(yieldToMain).then(mount);
  mounting = turn.catch(() => undefined);
  return turn;
}

// A tap that came before its island hydrates that island at once and is replayed after.
const starters = new WeakMap<HTMLElement, () => void>();
const taps = holdEarlyTaps(document, (el) => starters.get(el)?.());

async function hydrate(el: HTMLElement, name: string): Promise<void> {
  const load = ISLANDS.get(name);
  if (!load) {
    // A marker the theme emits before its island is built: the server markup simply stays.
    el.dataset.islandState = 'unavailable';
    return;
  }
  try {
    const props = islandProps(el);
    const { default: mount } = await load();
    await inTurn(() => mount(el, props));
    el.dataset.islandState = 'hydrated';
    taps.replay(el);
  } catch (error) {
    // SPEC §8: a broken island is reported and never stops the rest of the page.
    el.dataset.islandState = 'failed';
    console.warn(`island ${name} failed:`, error);
    document.dispatchEvent(new CustomEvent(ISLAND_ERROR_EVENT, { detail: { island: name, error } }));
  }
}

/** Schedules every marker under `root` not yet claimed (quick view adds markers later). */
export function hydrateIslands(root: ParentNode = document): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-island]'))) {
    if (el.dataset.islandState) continue;
    el.dataset.islandState = 'pending';
    const name = el.dataset.island!;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void hydrate(el, name);
    };
    starters.set(el, start);
    STRATEGIES[strategyOf(el)](el, start);
  }
}

hydrateIslands();

/**
 * Census, real-user performance and the error reporter (client/runtime/traffic) start once
 * the shopper no longer waits on the page: at the first idle period after `load`, or at the
 * first pointerdown or keydown if that comes sooner (issue 37: never a fixed delay that lands
 * on a phone's first tap). Their chunk never competes with the islands for the first load
 * (the 80 KB budget), and web-vitals reads LCP, CLS, FCP and first input from buffered
 * entries, so nothing is lost by waiting. An idle period that never comes (a page kept busy)
 * is cut short by the idle callback's timeout; a browser without requestIdleCallback waits
 * the same time on a timer. A failure to load it never stops the page (SPEC §8). Errors of
 * the wait are queued by bufferEarlyErrors.
 */
const TRAFFIC_IDLE_TIMEOUT_MS = 5000;
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;
let trafficStarted = false;
function startTraffic(): void {
  if (trafficStarted) return;
  trafficStarted = true;
  for (const type of INPUT_EVENTS) window.removeEventListener(type, startTraffic, true);
  void import('./traffic/index.js').then(({ startTraffic: start }) => start(earlyErrors)).catch(() => undefined);
}
for (const type of INPUT_EVENTS) window.addEventListener(type, startTraffic, { capture: true, passive: true });
const startTrafficWhenIdle = () => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(startTraffic, { timeout: TRAFFIC_IDLE_TIMEOUT_MS });
  else window.setTimeout(startTraffic, TRAFFIC_IDLE_TIMEOUT_MS);
};
if (document.readyState === 'complete') startTrafficWhenIdle();
else window.addEventListener('load', startTrafficWhenIdle, { once: true });
