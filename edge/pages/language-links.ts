/**
 * Links inside a page of an added language stay in that language (issue 29): every
 * site-relative `href` and `action` of the rendered HTML gets the language's prefix.
 * Paths that are not pages (files, APIs, the owner area, posts of forms) and
 * absolute URLs (the language switcher and hreflang alternates use them) are left alone. The
 * shopper's account pages are served under the prefix too (edge/pages/account/), and so are the
 * newsletter's confirm and unsubscribe pages (edge/pages/newsletter/).
 */
const NOT_PAGES = /^\/(?:assets|client|theme|api|config|forms|downloads|\.well-known)(?:[/?#]|$)|^\/(?:favicon\.(?:svg|ico)|robots\.txt|sitemap(?:-\d+)?\.xml)(?:[?#]|$)/;

/** @example localizeLinks('<a href="/shop">', '/fr') === '<a href="/fr/shop">' */
export function localizeLinks(html: string, prefix: string): string {
  return html.replace(/(\s(?:href|action)=")(\/(?!\/)[^"]*)"/g, (whole, attr: string, path: string) => {
    if (NOT_PAGES.test(path) || path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return whole;
    return `${attr}${prefix}${path === '/' ? '/' : path}"`;
  });
}
