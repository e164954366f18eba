/**
 * Which page requests the edge cache may answer, and under which key. A cached page is
 * shared by every visitor, so anything that could make a page personal bypasses it.
 */

// SPEC §2: any path containing /config/ is the editor; carts, checkout and accounts are per
// visitor. APIs, assets and theme files are not pages and have their own caching. The same
// under a language prefix (`/fr/cart`, issue 29).
const NOT_SHARED_PAGES = /^(?:\/[a-z]{2,3}(?:-[a-z0-9]{2,8})*)?\/(?:cart|checkout|account|api|commerce|theme|assets|healthz)(?:\/|$)|\/config(?:\/|$)/i;

// Cookies that never change a page's HTML: the CSRF crumb (and when it was issued), the cart token (the cart pill
// is an island), census cookies, the remembered language (pages are chosen by their path, never by it) and common
// analytics. Any other cookie (a session) bypasses.
const NEUTRAL_COOKIES = /^(?:crumb|crumbAt|CART|hasCart|ss_cvr|ss_cvt|atelier-language|_ga(?:_[A-Z0-9]+)?|_gid|_fbp)$/;

/** Query parameters that select what a page shows; they are part of the cache key. */
const PAGE_PARAMETERS = ['page', 'q', 'format'] as const;
/** Link-tracking parameters: they never change a page, so pages render and cache without them. */
const TRACKING = /^(?:utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/i;

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((p) => p.slice(0, p.indexOf('=') === -1 ? undefined : p.indexOf('=')).trim())
    .filter(Boolean);
}

/** The URL a page renders from: link-tracking parameters removed. */
export function pageUrl(raw: string): URL {
  const url = new URL(raw);
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  return url;
}

/** True when the page at `url` is the same for every visitor who sends `request`. */
export function isCacheableRequest(request: Request, url: URL): boolean {
  if (NOT_SHARED_PAGES.test(url.pathname)) return false;
  if (request.headers.has('authorization')) return false;
  if (!cookieNames(request.headers.get('cookie')).every((n) => NEUTRAL_COOKIES.test(n))) return false;
  for (const name of url.searchParams.keys()) {
    if (!(PAGE_PARAMETERS as readonly string[]).includes(name) && !TRACKING.test(name)) return false;
  }
  return true;
}

/**
 * The cache key: host, path, the page-selecting parameters in a fixed order, and the
 * site's content version, so a content change makes every older entry unreachable.
 * @example cacheKey(new URL('http://a.test/shop?utm_source=x&page=2'), 7) === 'http://a.test/shop?page=2&v=7'
 */
export function cacheKey(url: URL, contentVersion: number): string {
  // Most requests have no query: the same key without building a second URL.
  if (!url.search) return `${url.origin}${url.pathname}?v=${contentVersion}`;
  const key = new URL(url.pathname, url.origin);
  for (const name of PAGE_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null) key.searchParams.set(name, value);
  }
  key.searchParams.set('v', String(contentVersion));
  return key.href;
}
