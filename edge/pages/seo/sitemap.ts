import type { SitemapEntry } from '../../services/sitemap.js';
import { w3cDate, xmlEscape } from './xml.js';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml is an index. */
export const SITEMAP_LIMIT = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A `<urlset>` of absolute URLs under `origin`. */
export function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${xmlEscape(new URL(e.path, origin).href)}</loc><lastmod>${w3cDate(e.lastModified)}</lastmod></url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
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
