/**
 * The stylesheets of a lazy chunk (the owner app's screens), for preload-helper.ts: for each
 * one not already on the page, one `<link rel="stylesheet">`, awaited before the chunk runs,
 * so a lazy screen never paints unstyled. A failed stylesheet fails the import (as Vite's
 * helper does) and may be tried again by the next import.
 */
const pending: Record<string, Promise<unknown>> = {};

function stylesheet(href: string): Promise<unknown> {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = resolve;
    link.onerror = () => reject(new Error(`Unable to preload CSS for ${href}`));
    document.head.append(link);
  });
}

/** `deps` are paths under the build's base (`assets/x.css`). */
export function preloadCss(deps: string[]): Promise<unknown> {
  return Promise.all(
    deps.map((dep) => {
      const href = `/client/${dep}`;
      pending[href] ??= stylesheet(href).catch((error: unknown) => {
        delete pending[href];
        throw error;
      });
      return pending[href];
    }),
  );
}
