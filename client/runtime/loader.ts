/**
 * The storefront's only script tag: finds the `data-island` markers on the page and
 * hydrates each when its strategy says so, loading only the chunks of islands present.
 */
import { ISLAND_ERROR_EVENT, type IslandModule } from './island.js';
import { islandProps } from './island-props.js';
import { STRATEGIES, strategyOf } from './strategies/index.js';

// Vite turns every island folder into its own chunk, fetched on first use.
const modules = import.meta.glob<IslandModule>('../islands/*/mount.tsx');
const ISLANDS = new Map(Object.entries(modules).map(([path, load]) => [path.split('/')[2]!, load]));

async function hydrate(el: HTMLElement, name: string): Promise<void> {
  const load = ISLANDS.get(name);
  try {
    if (!load) throw new Error(`no island named ${name}`);
    const props = islandProps(el);
    const { default: mount } = await load();
    mount(el, props);
    el.dataset.islandState = 'hydrated';
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
    STRATEGIES[strategyOf(el)](el, () => void hydrate(el, name));
  }
}

hydrateIslands();
