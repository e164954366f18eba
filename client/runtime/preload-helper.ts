/**
 * Stands in for Vite's `__vitePreload`, the wrapper Vite puts around every `import()` of the
 * build (vite.config.ts swaps it in). Vite's own copy (0.7 KB of gzip in the shared chunk) also preloads an
 * async chunk's JavaScript imports; this build has `modulePreload: false`, so the only
 * dependencies Vite ever hands it are the stylesheets of the owner app's lazy screens. The
 * storefront's imports never have any, yet every product page loaded the whole wrapper in
 * the shared chunk (tests/browser/js-budget.test.ts): here only the pass-through stays, and
 * the stylesheet loader (preload-css.ts) is a chunk the owner app fetches at its first lazy screen.
 */
function preload<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  return deps?.length ? import('./preload-css.js').then((m) => m.preloadCss(deps)).then(load) : load();
}
// Exported under Vite's name; not declared under it, since Vite's transform adds an import of
// that name to every module with an `import()`, this one too.
export { preload as __vitePreload };
