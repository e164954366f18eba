import { contentTypeOf } from '../../files/content-types.js';
import { summary } from './json-ld.js';
import { xmlEscape } from './xml.js';

type Json = Record<string, any>;

/** Items a feed carries: the newest of the blog. */
export const FEED_SIZE = 20;

const rfc822 = (ms: number) => new Date(ms).toUTCString();

function itemXml(origin: string, item: Json): string {
  const link = new URL(item.fullUrl, origin).href;
  const parts = [
    `<title>${xmlEscape(item.title)}</title>`,
    `<link>${xmlEscape(link)}</link>`,
    `<guid isPermaLink="true">${xmlEscape(link)}</guid>`,
    `<pubDate>${rfc822(item.publishOn)}</pubDate>`,
  ];
  if (item.author?.displayName) parts.push(`<dc:creator>${xmlEscape(item.author.displayName)}</dc:creator>`);
  for (const category of item.categories ?? []) parts.push(`<category>${xmlEscape(category)}</category>`);
  const description = summary(item.excerpt || item.body, 600);
  if (description) parts.push(`<description>${xmlEscape(description)}</description>`);
  if (item.mainImage?.assetUrl) {
    // Feed readers fetch without WebP in Accept: a variant keeps the original's type (PNG for GIF).
    const type = contentTypeOf(item.mainImage.filename ?? '').replace('image/gif', 'image/png');
    const url = new URL(`${item.mainImage.assetUrl}?format=1000w`, origin).href;
    // The variant's size is not known before it is made; RSS readers accept 0 for unknown.
    parts.push(`<enclosure url="${xmlEscape(url)}" length="0" type="${xmlEscape(type)}"/>`);
  }
  return `<item>${parts.join('')}</item>`;
}

/**
 * RSS 2.0 feed of a blog collection (`/<blog>?format=rss`) from its page context:
 * `collection`, `website` and the newest `items`.
 */
export function rssXml(origin: string, context: Json): string {
  const collection: Json = context.collection;
  const website: Json = context.website;
  const link = new URL(collection.fullUrl, origin).href;
  const items: Json[] = context.items ?? [];
  const newest = items.reduce((max, i) => Math.max(max, i.updatedOn ?? i.publishOn ?? 0), 0);
  const channel = [
    `<title>${xmlEscape(`${collection.title} · ${website.siteTitle}`)}</title>`,
    `<link>${xmlEscape(link)}</link>`,
    `<atom:link href="${xmlEscape(`${link}?format=rss`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlEscape(summary(collection.description) || website.siteDescription || website.siteTitle)}</description>`,
    `<language>${xmlEscape(website.language ?? 'en-US')}</language>`,
    `<generator>Atelier</generator>`,
  ];
  if (newest) channel.push(`<lastBuildDate>${rfc822(newest)}</lastBuildDate>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>${channel.join('')}
${items.map((i) => itemXml(origin, i)).join('\n')}
</channel>
</rss>
`;
}
