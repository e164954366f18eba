import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { sitemapEntries } from '../../services/sitemap.js';
import { faviconUrl } from '../context/website.js';
import { defaultFaviconSvg } from './favicon.js';
import { activeContentHeaders } from '../../files/active-content.js';
import { canonicalOrigin } from './meta.js';
import { robotsTxt, SITEMAP_LIMIT, sitemapIndexXml, urlsetXml } from './sitemap.js';
import { publishedLanguages, readLanguages } from '../../services/multilingual/settings.js';
import { languagePrefix } from '../../../domain/languages/languages.js';

/** What crawlers fetch besides pages: robots.txt, sitemaps, the favicon. */
export const seoFiles = new Hono<AppEnv>({ strict: false });

// Crawlers re-read these often; an hour keeps them cheap and fresh enough.
const CRAWLER_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

seoFiles.get('/robots.txt', (c) => {
  c.header('Cache-Control', CRAWLER_CACHE);
  return c.text(robotsTxt(canonicalOrigin(c.var.site, new URL(c.req.url))));
});

/** One sitemap file (1-based), or the index when the site has more URLs than one file holds. */
async function sitemap(c: Context<AppEnv>, file: number | undefined): Promise<Response> {
  const site = c.var.site;
  const origin = canonicalOrigin(site, new URL(c.req.url));
  const { languages } = await readLanguages(c.var.db, site.id, site.locale);
  const all = publishedLanguages(languages).map((code) => ({ code, prefix: code === languages.primary ? '' : `/${languagePrefix(code)}` }));
  // Each page is one URL per language: a file holds fewer pages so it stays within the limit.
  const perFile = Math.floor(SITEMAP_LIMIT / all.length);
  const offset = ((file ?? 1) - 1) * perFile;
  const { entries, total } = await sitemapEntries(c.var.db, site.id, { offset, limit: perFile, now: Date.now(), siteUpdatedOn: site.updatedOn });
  const files = Math.ceil(total / perFile);
  c.header('Cache-Control', CRAWLER_CACHE);
  c.header('Content-Type', XML);
  if (file === undefined && files > 1) return c.body(sitemapIndexXml(origin, files, site.updatedOn));
  if (file !== undefined && (file > files || entries.length === 0)) return c.body(null, 404);
  return c.body(urlsetXml(origin, entries, { primary: languages.primary, all }));
}

seoFiles.get('/sitemap.xml', (c) => sitemap(c, undefined));
seoFiles.get('/:file{sitemap-[1-9][0-9]{0,5}\\.xml}', (c) => sitemap(c, Number(/\d+/.exec(c.req.param('file'))![0])));

seoFiles.get('/favicon.svg', (c) => {
  c.header('Cache-Control', 'public, max-age=86400');
  c.header('Content-Type', 'image/svg+xml');
  // An SVG from the site's own origin gets the sandbox every stored SVG gets.
  for (const [name, value] of Object.entries(activeContentHeaders('image/svg+xml', 'favicon.svg'))) c.header(name, value);
  return c.body(defaultFaviconSvg(c.var.site));
});

// Browsers ask for /favicon.ico whatever the page links: send them to the site's icon.
seoFiles.get('/favicon.ico', (c) => {
  c.header('Cache-Control', 'public, max-age=86400');
  return c.redirect(faviconUrl(c.var.site), 302);
});
