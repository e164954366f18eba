import { whenInteracted } from './strategies/interaction.js';

// Chromium and Firefox name the chunk in a failed import()'s message ('Failed to fetch
// dynamically imported module: https://…/x-<hash>.js'); the query of a retry is left out.
const CHUNK_URL = /https?:\/\/[^\s?#'"]+\.js/;

/** The chunk URL a failed `import()` names, if the browser's message has one. */
export function failedChunkUrl(error: unknown): string | undefined {
  return error instanceof Error ? CHUNK_URL.exec(error.message)?.[0] : undefined;
}

/**
 * `load` (an `import()` of a chunk), made so it can be tried again after a failed fetch (a
 * phone losing signal, a server hiccup). The browser keeps a failed import() failed for its
 * URL, so a later call asks a fresh URL of the same chunk (`?<time>`); a browser whose message
 * names no URL is simply asked again. A chunk that loaded is the same module on every call.
 *
 * @example
 * const loadRestock = retryingImport(() => import('../restock/mount.js'));
 */
export function retryingImport<T>(load: () => Promise<T>): () => Promise<T> {
  let attempt = load;
  return () =>
    attempt().then(
      (module) => {
        attempt = () => Promise.resolve(module);
        return module;
      },
      (error: unknown) => {
        const url = failedChunkUrl(error);
        if (url) attempt = () => import(/* @vite-ignore */ `${url}?${Date.now()}`) as Promise<T>;
        throw error;
      },
    );
}

/**
 * Loads now and hands the module to `use`; a failed load is tried again each time the visitor
 * reaches for `el` (hover, focus or touch, client/runtime/strategies/interaction.ts), so the
 * server's markup there stays until the island can take it over.
 */
export function loadWhenReached<T>(el: HTMLElement, load: () => Promise<T>, use: (module: T) => void): void {
  load().then(use, () => whenInteracted(el, () => loadWhenReached(el, load, use)));
}
