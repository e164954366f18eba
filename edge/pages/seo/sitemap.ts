import type { SitemapEntry } from '../../services/sitemap.js';
import { w3cDate, xmlEscape } from './xml.js';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml is an index. */
export const SITEMAP_LIMIT = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XHTML = 'http://www.w3.org/1999/xhtml';

/** The languages of a multilingual site's sitemap: the primary's URLs unprefixed, the others' under `/<prefix>`. */
export interface SitemapLanguages {
  primary: string;
  /** Every published language, the primary first, each with its path prefix ('' for the primary). */
  all: { code: string; prefix: string }[];
}

/**
 * A `<urlset>` of absolute URLs under `origin`. With `languages` (issue 29), every page is
 * listed once per language, each entry naming all its language versions and the primary's
 * as `x-default` (xhtml:link alternates, so every pair points both ways).
 */
export function urlsetXml(origin: string, entries: readonly SitemapEntry[], languages?: SitemapLanguages): string {
  if (!languages || languages.all.length < 2) {
    const urls = entries.map(
      (e) => `<url><loc>${xmlEscape(new URL(e.path, origin).href)}</loc><lastmod>${w3cDate(e.lastModified)}</lastmod></url>`,
    );
    return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
  }
  const urls: string[] = [];
  for (const e of entries) {
    const hrefOf = (prefix: string) => xmlEscape(new URL(prefix && e.path === '/' ? `${prefix}/` : `${prefix}${e.path}`, origin).href);
    const alternates = [
      ...languages.all.map((l) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(l.code)}" href="${hrefOf(l.prefix)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${hrefOf('')}"/>`,
    ].join('');
    for (const l of languages.all) urls.push(`<url><loc>${hrefOf(l.prefix)}</loc><lastmod>${w3cDate(e.lastModified)}</lastmod>${alternates}</url>`);
  }
  return `${XML_HEAD}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` over `/sitemap-1.xml` … `/sitemap-N.xml`. */
export function sitemapIndexXml(origin: string, files: number, lastModified: number): string {
  const maps = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${xmlEscape(new URL(`/sitemap-${i + 1}.xml`, origin).href)}</loc><lastmod>${w3cDate(lastModified)}</lastmod></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** Robots rules: the owner's and visitor-specific areas stay out of indexes. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /config/',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /account',
    'Disallow: /search',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
