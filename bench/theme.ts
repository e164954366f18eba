/**
 * Demo theme throughput: the theme's pages rendered through `layout.html` with
 * page context built from the demo site (fixtures/demo, shaped as
 * docs/page-context.md describes), 20 products and 10 posts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, render, type Template } from '../engine/index.js';
import { measure, report } from './measure.js';
import { storeTexts } from '../domain/languages/store-texts.js';
import { themeTexts } from '../domain/languages/theme-texts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const THEME = join(root, 'fixtures/theme');
const DEMO = join(root, 'fixtures/demo');
type Json = Record<string, any>;

const demo = (name: string): any => JSON.parse(readFileSync(join(DEMO, name), 'utf8'));
const money = (cents: number) => ({ currency: 'USD', value: (cents / 100).toFixed(2) });
const epoch = (iso: string) => Date.parse(iso);

function image(file: string, images: Json): Json {
  const meta = images[file] ?? {};
  const width = Number(String(meta.originalSize ?? '1200x1500').split('x')[0]);
  const widths = [100, 300, 500, 750, 1000, 1500, 2500].filter((w) => w <= width).map((w) => `${w}w`);
  return {
    id: `img_${file}`,
    title: meta.altText ?? file,
    altText: meta.altText ?? '',
    assetUrl: `/assets/images/${file}`,
    originalSize: meta.originalSize ?? '1200x1500',
    mediaFocalPoint: meta.focalPoint ?? { x: 0.5, y: 0.5 },
    systemDataVariants: [meta.originalSize ?? '1200x1500', ...widths].join(','),
  };
}

function product(p: Json, n: number, images: Json): Json {
  const gallery = (p.images ?? []).map((f: string) => image(f, images));
  const ordering = p.variantOptionOrdering ?? [];
  const variants = (p.variants ?? [{ sku: p.digital?.sku ?? `SKU-${n}`, priceCents: p.digital?.priceCents ?? 1000, attributes: {}, unlimited: true }]).map(
    (v: Json, k: number) => ({
      id: `var_${n}_${k}`,
      sku: v.sku,
      price: v.priceCents,
      salePrice: v.salePriceCents ?? 0,
      priceMoney: money(v.priceCents),
      salePriceMoney: money(v.salePriceCents ?? 0),
      onSale: Boolean(v.onSale),
      qtyInStock: v.qtyInStock ?? 0,
      unlimited: Boolean(v.unlimited),
      attributes: v.attributes ?? {},
      optionValues: ordering.map((o: string) => ({ optionName: o, value: v.attributes?.[o] ?? '' })),
    }),
  );
  const structuredContent: Json = { productType: p.productType, isSubscribable: Boolean(p.isSubscribable), useCustomAddButtonText: false, customAddButtonText: '', variantOptionOrdering: ordering, variants };
  if (p.digital) Object.assign(structuredContent, { priceMoney: money(p.digital.priceCents), salePriceMoney: money(p.digital.salePriceCents ?? 0), onSale: Boolean(p.digital.onSale) });
  return {
    id: `item_p${n}`,
    collectionId: 'col_shop',
    title: p.title,
    urlId: `${p.urlId}-${n}`,
    fullUrl: `/shop/${p.urlId}-${n}`,
    recordType: 11,
    excerpt: p.excerpt ?? '',
    body: p.body ?? '',
    categories: p.categories ?? [],
    tags: p.tags ?? [],
    publishOn: epoch(p.publishOn),
    starred: Boolean(p.starred),
    ...(gallery.length ? { assetUrl: gallery[0].assetUrl, mainImageId: gallery[0].id, mainImage: gallery[0] } : {}),
    items: gallery,
    collection: { id: 'col_shop', title: 'Shop', fullUrl: '/shop', typeName: 'products', type: 13 },
    structuredContent,
  };
}

function post(p: Json, n: number, images: Json, authors: Json[]): Json {
  const main = p.mainImage ? image(p.mainImage, images) : undefined;
  return {
    id: `item_b${n}`,
    title: p.title,
    fullUrl: `/journal/${p.urlId}`,
    recordType: 1,
    excerpt: p.excerpt ?? '',
    body: p.body ?? '',
    author: { displayName: authors.find((a) => a.key === p.author)?.displayName ?? 'Studio' },
    categories: p.categories ?? [],
    tags: p.tags ?? [],
    publishOn: epoch(p.publishOn),
    commentState: p.commentState ?? 0,
    publicCommentCount: p.publicCommentCount ?? 0,
    ...(main ? { assetUrl: main.assetUrl, mainImageId: main.id, mainImage: main } : {}),
    collection: { id: 'col_journal', title: 'Journal', fullUrl: '/journal', typeName: 'blog', type: 1 },
  };
}

/**
 * The edge's `relatedItems` rule (docs/page-context.md) over the demo items: other
 * products of the collection, those sharing a category or tag first, each group in
 * the collection's order.
 */
export function relatedItems(product: Json, items: readonly Json[], limit = 4): Json[] {
  const shares = (a: string[], b: string[]) => a.some((x) => b.includes(x));
  const related = (i: Json) => shares(i.categories, product.categories) || shares(i.tags, product.tags);
  const others = items.filter((i) => i.id !== product.id && i.collectionId === product.collectionId && i.structuredContent);
  return [...others.filter(related), ...others.filter((i) => !related(i))].slice(0, limit);
}

/** Page context of the demo site for one page type (docs/page-context.md), `products` products and `posts` posts. */
export function demoContext(page: 'home' | 'shop' | 'journal' | 'product' | 'post', products = 20, posts = 10): Json {
  const images = demo('images.json');
  const authors = demo('authors.json');
  const site = demo('website.json');
  const rawProducts: Json[] = demo('products.json');
  const rawPosts: Json[] = demo('posts.json');
  const items = Array.from({ length: products }, (_, n) => product(rawProducts[n % rawProducts.length], n, images));
  const blog = Array.from({ length: posts }, (_, n) => post(rawPosts[n % rawPosts.length], n, images, authors));
  const active = { home: 'Home', shop: 'Shop', product: 'Shop', journal: 'Journal', post: 'Journal' };
  const common: Json = {
    pageTypeName: page === 'product' || page === 'post' ? 'item' : page === 'home' ? 'home' : 'collection',
    pageType: page === 'product' || page === 'post' ? 50 : page === 'home' ? 2 : 1,
    website: { id: 'site_demo', identifier: site.identifier, siteTitle: site.title, siteDescription: site.tagline, baseUrl: `https://${site.primaryHost}`, timeZone: site.timeZone, language: site.locale, useCLDRMoneyFormat: true },
    websiteSettings: { storeSettings: { currency: 'USD', useCLDRMoneyFormat: true, multipleQuantityAllowedForServices: true }, commentsEnabled: true },
    localizedStrings: site.localizedStrings,
    navigation: { items: ['Home', 'Shop', 'Journal', 'About', 'Contact'].map((t) => ({ title: t, url: t === 'Home' ? '/' : `/${t.toLowerCase()}`, active: t === active[page] })) },
    // The store's words in English, as the cart, checkout and order pages get them (edge/pages/checkout-pages.ts).
    storeTexts: storeTexts(),
    // The theme's header and layout words, in English as every primary-language page has them (edge/pages/page-context.ts).
    themeTexts: themeTexts(),
    cart: { totalQuantity: 2, subtotalCents: 7200, subtotalMoney: money(7200), entries: [{ id: 'e1', title: items[0].title, quantity: 2, purchasePriceCents: 3600, purchasePriceMoney: money(3600), subTotalCents: 7200, subTotalMoney: money(7200), fullUrl: items[0].fullUrl }] },
  };
  const collections: Json = Object.fromEntries(demo('collections.json').map((c: Json) => [c.urlId, { ...c, id: `col_${c.urlId}` }]));
  switch (page) {
    case 'home':
      return { ...common, collection: collections.home, featuredProducts: items, recentPosts: blog };
    case 'shop':
      return { ...common, collection: { ...collections.shop, itemCount: items.length }, items, pagination: { pageSize: products, currentPage: 1, totalPages: 1, nextPage: false, prevPage: false } };
    case 'journal':
      return { ...common, collection: { ...collections.journal, itemCount: blog.length }, items: blog, pagination: { pageSize: posts, currentPage: 1, totalPages: 2, nextPage: true, nextPageUrl: '/journal?page=2', prevPage: false } };
    case 'product':
      return { ...common, collection: collections.shop, item: items[0], relatedItems: relatedItems(items[0], items), pagination: { nextItem: { title: items[1].title, fullUrl: items[1].fullUrl } } };
    case 'post':
      return { ...common, collection: collections.journal, item: blog[0], pagination: { nextItem: { title: blog[1].title, fullUrl: blog[1].fullUrl } } };
  }
}

/** Every theme template compiled, and the partial table the edge would pass (docs/page-context.md). */
export function loadTheme(): { templates: Map<string, Template>; partials: Record<string, Template> } {
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : []));
  const templates = new Map(walk(THEME).map((f) => [relative(THEME, f).split(sep).join('/'), compile(readFileSync(f, 'utf8'))]));
  const partials: Record<string, Template> = {};
  for (const [path, t] of templates) {
    partials[path] = t;
    partials[path.slice(0, -5)] = t;
  }
  return { templates, partials };
}

/** A page rendered as the edge does: the page template, then `layout.html` around it. */
export function renderThemePage(theme: ReturnType<typeof loadTheme>, page: string, data: Json): { html: string; errors: unknown[] } {
  const options = { partials: theme.partials, timeZone: 'America/New_York' };
  const inner = render(theme.templates.get(page)!, data, options);
  const outer = render(theme.templates.get('layout.html')!, { ...data, pageContent: inner.output }, options);
  return { html: outer.output, errors: [...inner.errors, ...outer.errors] };
}

export async function run(): Promise<void> {
  const theme = loadTheme();
  const pages: [string, string, Json][] = [
    ['product page', 'product.html', demoContext('product')],
    ['shop page, 20 products', 'collection.html', demoContext('shop')],
    ['journal page, 10 posts', 'collection.html', demoContext('journal')],
    ['home page, 20 products and 10 posts', 'home.html', demoContext('home')],
  ];
  for (const [label, template, data] of pages) {
    const bytes = Buffer.byteLength(renderThemePage(theme, template, data).html);
    const m = measure(() => renderThemePage(theme, template, data), 2);
    report(`theme ${label}`, m, `  ${((m.opsPerSecond * bytes) / 1e6).toFixed(2).padStart(8)} MB/s (${(bytes / 1024).toFixed(1)} KiB/page)`);
  }
}
