import type { SiteRecord } from '../../services/websites.js';
import { isLocalHost } from '../../services/websites.js';
import { blogPostingLd, breadcrumbLd, productLd, scriptJson, siteLd, summary } from './json-ld.js';

type Json = Record<string, any>;

/** What the layout's head reads as `seo` (docs/page-context.md). */
export interface SeoJson {
  title: string;
  description?: string;
  canonicalUrl: string;
  ogType: 'website' | 'product' | 'article';
  image?: string;
  imageAlt?: string;
  twitterCard: 'summary' | 'summary_large_image';
  robots?: string;
  /** Escaped JSON for one `<script type="application/ld+json">` (an @graph), when the page has any. */
  jsonLd?: string;
  /** The RSS feed of a blog collection or post. */
  feedUrl?: string;
}

/**
 * The origin canonical links use: the site's primary host over https, or the request's
 * own origin on loopback (local development and tests).
 */
export function canonicalOrigin(site: SiteRecord, url: URL): string {
  return isLocalHost(url.hostname) ? url.origin : `https://${site.primaryHost}`;
}

/** The page's canonical path: its path, plus `page=N` beyond the first page. */
function canonicalPath(url: URL): string {
  const page = Number(url.searchParams.get('page'));
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '/';
  return Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
}

const STORE_ITEM = 11;

/**
 * Search-engine and link-preview data of a rendered page, derived from its context:
 * canonical URL, Open Graph / Twitter card fields and schema.org JSON-LD.
 */
export function seoJson(context: Json, site: SiteRecord, url: URL): SeoJson {
  const origin = canonicalOrigin(site, url);
  const website: Json = context.website ?? {};
  const item: Json | undefined = context.item;
  const collection: Json | undefined = context.collection;
  const pageType = context.pageTypeName as string;
  const graph: Json[] = [];
  const out: SeoJson = {
    // A product's own SEO title and description (the product editor's SEO panel) come first.
    title: item?.structuredContent?.seoTitle || (item?.title ?? collection?.seoTitle ?? collection?.title ?? website.siteTitle),
    canonicalUrl: new URL(canonicalPath(url), origin).href,
    ogType: 'website',
    twitterCard: 'summary',
  };
  const description = summary(item?.structuredContent?.seoDescription || item?.excerpt || item?.body || collection?.seoDescription || collection?.description || website.siteDescription);
  if (description) out.description = description;
  const image: Json | undefined = item?.mainImage ?? collection?.socialImage ?? context.featuredProducts?.[0]?.mainImage;
  if (image?.assetUrl) {
    out.image = new URL(`${image.assetUrl}?format=1500w`, origin).href;
    if (image.altText || image.title) out.imageAlt = image.altText || image.title;
    out.twitterCard = 'summary_large_image';
  }

  if (pageType === 'home') graph.push(...siteLd(origin, website, context.websiteSettings ?? {}));
  if (item && collection) {
    const isProduct = item.recordType === STORE_ITEM || item.structuredContent?.productType !== undefined;
    out.ogType = isProduct ? 'product' : 'article';
    graph.push(isProduct ? productLd(origin, item) : blogPostingLd(origin, item, website));
    graph.push(breadcrumbLd(origin, website, [{ title: collection.title, path: collection.fullUrl }, { title: item.title, path: item.fullUrl }]));
    if (collection.typeName === 'blog') out.feedUrl = `${collection.fullUrl}?format=rss`;
  } else if (collection && pageType === 'collection') {
    graph.push(breadcrumbLd(origin, website, [{ title: collection.title, path: collection.fullUrl }]));
    if (collection.typeName === 'blog') out.feedUrl = `${collection.fullUrl}?format=rss`;
  }
  // Result lists and status pages are not for indexes.
  if (pageType === 'search' || pageType === 'not-found' || pageType === 'error' || pageType === 'cart') out.robots = 'noindex';
  if (graph.length) out.jsonLd = scriptJson({ '@context': 'https://schema.org', '@graph': graph });
  return out;
}
