import { plainText } from '../../../schema/search.js';

/** The loosely typed page context the builders read (docs/page-context.md). */
type Json = Record<string, any>;

const SCHEMA = 'https://schema.org';
const DESCRIPTION_LENGTH = 300;

/** Plain text of rich text, cut for descriptions. */
export function summary(html: unknown, length = DESCRIPTION_LENGTH): string {
  const text = plainText(typeof html === 'string' ? html : '');
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>`, `&` and the line
 * separators are escaped so no text in the data can close the element.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const absolute = (origin: string, path: string) => new URL(path, origin).href;

function imageUrls(origin: string, item: Json): string[] {
  const images: Json[] = Array.isArray(item.items) ? item.items : [];
  return images.filter((i) => typeof i.assetUrl === 'string').map((i) => absolute(origin, `${i.assetUrl}?format=1500w`));
}

/** SPEC §3 stock: unlimited or any left is in stock. */
function availability(variant: Json): string {
  return variant.unlimited || variant.qtyInStock > 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`;
}

function offer(origin: string, item: Json, variant: Json): Json {
  const money = variant.onSale ? variant.salePriceMoney : variant.priceMoney;
  return {
    '@type': 'Offer',
    sku: variant.sku,
    price: money.value,
    priceCurrency: money.currency,
    availability: availability(variant),
    itemCondition: `${SCHEMA}/NewCondition`,
    url: absolute(origin, item.fullUrl),
  };
}

/** schema.org Product with one Offer per variant (AggregateOffer when there are several). */
export function productLd(origin: string, item: Json): Json {
  const sc: Json = item.structuredContent ?? {};
  const variants: Json[] = Array.isArray(sc.variants) ? sc.variants : [];
  const offers = variants.filter((v) => v.priceMoney).map((v) => offer(origin, item, v));
  if (offers.length === 0 && sc.priceMoney) {
    const money = sc.onSale ? sc.salePriceMoney : sc.priceMoney;
    offers.push({ '@type': 'Offer', price: money.value, priceCurrency: money.currency, availability: `${SCHEMA}/InStock`, url: absolute(origin, item.fullUrl) });
  }
  const out: Json = { '@type': 'Product', '@id': `${absolute(origin, item.fullUrl)}#product`, name: item.title, url: absolute(origin, item.fullUrl) };
  const description = summary(item.excerpt || item.body);
  if (description) out.description = description;
  const images = imageUrls(origin, item);
  if (images.length) out.image = images;
  if (variants[0]?.sku) out.sku = variants[0].sku;
  if (Array.isArray(item.categories) && item.categories.length) out.category = item.categories[0];
  if (offers.length === 1) out.offers = offers[0];
  else if (offers.length > 1) {
    // Prices are decimal strings in the currency's own digits: compare them exactly as numbers of minor units.
    const minor = (o: Json) => Number(String(o.price).replace('.', ''));
    const sorted = [...offers].sort((a, b) => minor(a) - minor(b));
    out.offers = {
      '@type': 'AggregateOffer',
      priceCurrency: sorted[0]!.priceCurrency,
      lowPrice: sorted[0]!.price,
      highPrice: sorted[sorted.length - 1]!.price,
      offerCount: offers.length,
      availability: offers.some((o) => o.availability === `${SCHEMA}/InStock`) ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
      offers,
    };
  }
  return out;
}

/** schema.org BlogPosting of a post. */
export function blogPostingLd(origin: string, item: Json, website: Json): Json {
  const url = absolute(origin, item.fullUrl);
  const out: Json = {
    '@type': 'BlogPosting',
    headline: item.title,
    url,
    mainEntityOfPage: url,
    datePublished: new Date(item.publishOn).toISOString(),
    dateModified: new Date(item.updatedOn ?? item.publishOn).toISOString(),
    publisher: { '@type': 'Organization', name: website.siteTitle, url: absolute(origin, '/') },
  };
  const description = summary(item.excerpt || item.body);
  if (description) out.description = description;
  if (item.author?.displayName) out.author = { '@type': 'Person', name: item.author.displayName };
  const images = imageUrls(origin, item);
  if (images.length) out.image = images;
  if (Array.isArray(item.tags) && item.tags.length) out.keywords = item.tags.join(', ');
  return out;
}

/** schema.org BreadcrumbList: home, then each (title, path) step. */
export function breadcrumbLd(origin: string, website: Json, steps: readonly { title: string; path: string }[]): Json {
  const all = [{ title: website.siteTitle, path: '/' }, ...steps];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: all.map((s, i) => ({ '@type': 'ListItem', position: i + 1, name: s.title, item: absolute(origin, s.path) })),
  };
}

/** schema.org Organization and WebSite (with the sitelinks search box's SearchAction). */
export function siteLd(origin: string, website: Json, settings: Json): Json[] {
  const home = absolute(origin, '/');
  const organization: Json = { '@type': 'Organization', '@id': `${home}#organization`, name: website.siteTitle, url: home };
  const social = Array.isArray(website.socialAccounts) ? website.socialAccounts.map((a: Json) => a.profileUrl).filter(Boolean) : [];
  if (social.length) organization.sameAs = social;
  if (settings.contactEmail) organization.email = settings.contactEmail;
  if (settings.contactPhoneNumber) organization.telephone = settings.contactPhoneNumber;
  if (website.logoImageUrl) organization.logo = absolute(origin, website.logoImageUrl);
  return [
    organization,
    {
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: website.siteTitle,
      url: home,
      publisher: { '@id': `${home}#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${home}search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
