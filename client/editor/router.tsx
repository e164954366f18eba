import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The owner app's router: the browser's history and nothing else. Screens the app draws
 * itself are matched by `matchRoute`; links to them change the URL with pushState, links
 * to server-rendered screens load the page as before.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path and query, re-rendering on navigation. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
  const url = new URL(href, 'http://x');
  return { pathname: url.pathname, search: url.search };
}

export function navigate(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  shown = to;
  notify();
}

/** Matches `/config/orders/:number` against a path (trailing slashes ignored). */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | undefined {
  const parts = pattern.replace(/\/+$/, '').split('/');
  const path = pathname.replace(/\/+$/, '').split('/');
  if (parts.length !== path.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(path[i]!);
    else if (p !== path[i]) return undefined;
  }
  return params;
}

/** Which paths the app routes itself; everything else is a full page load. */
let clientPaths: (path: string) => boolean = () => false;
export function setClientPaths(test: (path: string) => boolean): void {
  clientPaths = test;
}

/**
 * Guards on in-app navigation (use-unsaved-changes.ts): a guard that answers true has
 * stopped this navigation and calls `proceed` later (after the owner saves or discards).
 */
type NavigationGuard = (proceed: () => void) => boolean;
const guards = new Set<NavigationGuard>();
export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.add(guard);
  return () => void guards.delete(guard);
}

/**
 * Back and forward ask the guards too: this listener is added when the module loads, before
 * any screen subscribes, so a guard that stops the move puts the screen's URL back before
 * anything re-renders; going on later opens the target as a new entry.
 */
let shown = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (e) => {
    const target = window.location.pathname + window.location.search;
    if (target === shown) return;
    for (const guard of guards) {
      if (guard(() => navigate(target))) {
        window.history.pushState(null, '', shown);
        e.stopImmediatePropagation();
        return;
      }
    }
    shown = target;
  });
}

/** An <a> that navigates in the app when its target is an app screen. */
export function Link({ href = '', onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || !clientPaths(url.pathname)) return;
    e.preventDefault();
    const go = () => navigate(url.pathname + url.search);
    for (const guard of guards) if (guard(go)) return;
    go();
  };
  return <a href={href} onClick={click} {...rest} />;
}
