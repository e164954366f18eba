/**
 * The realistic page workload of `npm run bench`: bench/product-page.html (a
 * 150+-line product page with sections, repeated sections with alternates, macros,
 * predicates and commerce formatters) over a product-page context of 50+ KB built
 * from the demo store (fixtures/demo), deterministic from run to run.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoContext } from './theme.js';

const here = dirname(fileURLToPath(import.meta.url));

// Resolved from bench/ and from dist/ (the bundles), both one level below the root.
export const PRODUCT_PAGE_TEMPLATE: string = readFileSync(join(here, '..', 'bench', 'product-page.html'), 'utf8');

type Json = Record<string, any>;

const WORDS = 'glaze speckled stoneware wheel thrown kiln fired matte satin rim handle everyday generous studio batch clay oatmeal ash'.split(' ');
/** Deterministic filler text: `n` words starting at `seed`. */
const words = (seed: number, n: number) => Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');

/** The product page context: the demo product with many variants, images, reviews and related items. */
export function productPageData(): Json {
  const base = demoContext('product', 24, 4);
  const item = base.item;
  const gallery = Array.from({ length: 12 }, (_, n) => ({ ...item.mainImage, id: `img_${n}`, assetUrl: `${item.mainImage.assetUrl}-${n}`, altText: words(n, 6) }));
  const colors = ['Oat', 'Ash', 'Moss', 'Clay', 'Ink', 'Sand'];
  const sizes = ['S', 'M', 'L', 'XL'];
  const variants = colors.flatMap((color, c) =>
    sizes.map((size, s) => {
      const cents = 3200 + c * 150 + s * 400;
      const onSale = (c + s) % 5 === 0;
      return {
        id: `var_${c}_${s}`,
        sku: `MUG-${color.toUpperCase()}-${size}`,
        price: cents,
        salePrice: onSale ? cents - 500 : 0,
        priceMoney: { currency: 'USD', value: (cents / 100).toFixed(2) },
        salePriceMoney: { currency: 'USD', value: onSale ? ((cents - 500) / 100).toFixed(2) : '0.00' },
        onSale,
        qtyInStock: (c * 4 + s) % 7,
        unlimited: s === 3,
        attributes: { Color: color, Size: size },
        optionValues: [{ optionName: 'Color', value: color }, { optionName: 'Size', value: size }],
      };
    }),
  );
  const reviews = Array.from({ length: 40 }, (_, n) => ({
    id: `rev_${n}`,
    author: `Customer ${n + 1}`,
    rating: 5 - (n % 4),
    verified: n % 3 !== 0,
    createdOn: Date.UTC(2025, n % 12, 1 + (n % 27), 14, 30),
    title: n % 5 === 0 ? '' : words(n, 4),
    body: `${words(n, 30)}\n${words(n + 1, 20)}`,
    helpfulCount: n % 6,
    photos: n % 4 === 0 ? gallery.slice(0, 2) : [],
  }));
  return {
    ...base,
    item: {
      ...item,
      items: gallery,
      breadcrumbs: [{ title: 'Shop', url: '/shop' }, { title: 'Kitchen', url: '/shop?category=Kitchen' }, { title: 'Mugs', url: '/shop?category=Mugs' }],
      structuredContent: { ...item.structuredContent, variantOptionOrdering: ['Color', 'Size'], variants },
      body: `<p>${words(1, 80)}</p><p>${words(2, 80)}</p>`,
    },
    structuredData: { '@context': 'https://schema.org', '@type': 'Product', name: item.title, sku: variants[0].sku, offers: variants.map((v) => ({ sku: v.sku, price: v.priceMoney.value })) },
    shippingOptions: [
      { name: 'Standard', description: words(3, 20), free: false, rate: { value: '6.00', currency: 'USD' }, minDays: 3, maxDays: 7 },
      { name: 'Express', description: words(4, 20), free: false, rate: { value: '18.00', currency: 'USD' }, minDays: 1, maxDays: 2 },
      { name: 'Pick up', description: words(5, 20), free: true, minDays: 0, maxDays: 1 },
    ],
    reviews,
    reviewSummary: { average: 3.8, count: reviews.length },
    relatedItems: base.relatedItems.concat(demoContext('shop', 12, 0).items.slice(4, 12)),
    footerLinks: ['About', 'Journal', 'Contact', 'Shipping', 'Returns', 'Privacy'].map((t) => ({ title: t, url: `/${t.toLowerCase()}` })),
    website: { ...base.website, copyrightYear: 2026 },
    featureFlags: { useCLDRMoneyFormat: true },
  };
}
