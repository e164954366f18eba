import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Renders an island's React tree into `host` before returning (a plain `root.render` commits
 * in a later task). The loader marks a marker `hydrated` when `mount` returns, so that state
 * means what it says: the island's own markup is on the page and its handlers are live.
 */
export function renderIsland(host: HTMLElement, node: ReactNode): Root {
  const root = createRoot(host);
  flushSync(() => root.render(node));
  return root;
}
