/**
 * XSS table over every formatter that emits markup: hostile values in every field
 * they read (a tag, both quotes, a `javascript:` URL, an unknown currency code)
 * must produce no live markup, no attribute break and no unsafe URL scheme.
 */
import { describe, expect, it } from 'vitest';
import { render } from './index.js';
import { safeUrl } from './plugins/safe-url.js';

/** One payload for every string field: as a URL it is `javascript:`, as text it carries a tag and both quotes. */
const EVIL = `javascript:alert(1)//"><x-evil>' x-single='1" x-broke="1`;

/** Every string of `value` replaced by EVIL (keys and numbers kept). */
function hostile(value: unknown): unknown {
  if (typeof value === 'string') return EVIL;
  if (Array.isArray(value)) return value.map(hostile);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v)]));
  }
  return value;
}

const money = { value: '12.50', currency: 'USD', decimalValue: '12.50', currencyCode: 'USD' };
const variant = { id: 'v1', sku: 'S', price: 1250, priceMoney: money, salePriceMoney: money, onSale: true, qtyInStock: 5, unlimited: false, attributes: { Color: 'Blue', Size: 'L' } };
const image = {
  id: 'img1', assetUrl: 'https://cdn.example/a.jpg', title: 'T', altText: 'A', originalSize: '1200x800', systemDataVariants: '1200x800,100w,300w',
  mediaFocalPoint: { x: 0.5, y: 0.5 }, colorData: { topLeftAverage: 'fff', centerAverage: '000' },
};
const item = {
  id: 'item1', collectionId: 'c1', title: 'Mug', fullUrl: '/shop/mug', assetUrl: 'https://cdn.example/a.jpg', recordType: 11, likeCount: 3, publicCommentCount: 2, commentState: 1,
  mainImage: image, items: [image], systemDataId: 'sd1', mainImageId: 'img1', excerpt: 'x', body: 'b',
  structuredContent: {
    productType: 1, isSubscribable: false, useCustomAddButtonText: true, customAddButtonText: 'Buy', variantOptionOrdering: ['Color', 'Size'], variants: [variant, { ...variant, id: 'v2', attributes: { Color: 'Red', Size: 'S' } }],
    audioAssetUrl: 'https://cdn.example/a.mp3', productSubscriptionOptions: [{ id: 'sub1' }], additionalFieldsFormId: 'f1', additionalFieldsForm: { a: 'b' },
  },
  oembed: { html: '<iframe></iframe>', providerName: 'P' }, colorData: { topLeftAverage: 'fff' }, originalSize: '1200x800',
};
const field = { type: 'text', rawTitle: 'Q', value: 'V', values: { Line1: 'a', First: 'b', Month: '1' } };
const site = {
  website: { shareButtonOptions: { a: 1 }, captchaSettings: { siteKey: 'k' } },
  websiteSettings: { simpleLikingEnabled: true, storeSettings: { currency: 'USD' } },
  localizedStrings: { productAddToCartText: 'Add', productSoldOutText: 'Sold', productQuickViewText: 'Quick', productPriceFromText: 'from {fromPrice}' },
  productMerchandisingContext: {
    item1: {
      scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left', scarcityTemplateViews: [{ qtyInStock: 2, attributes: { Color: 'Blue' } }],
      restockNotificationMessages: { CTAText: 'c', placeholderText: 'p', buttonText: 'b', mailingListDescription: 'm' },
      restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: true }], mailingListSignUpEnabled: true, mailingListOptInByDefault: true,
    },
  },
};

// The hostile data keeps the keys that select behaviour (types, ids used as keys) readable.
const data = {
  ...(hostile(site) as object),
  productMerchandisingContext: { item1: hostile(site.productMerchandisingContext.item1) },
  item: { ...(hostile(item) as object), id: 'item1', structuredContent: { ...(hostile(item.structuredContent) as object), productType: 1, variantOptionOrdering: ['Color', 'Size'] } },
  field: { ...(hostile(field) as object) },
  checkbox: { ...(hostile(field) as object), type: 'checkbox', values: [EVIL] },
  address: { ...(hostile(field) as object), type: 'address' },
  account: { userName: EVIL, profileUrl: EVIL },
  amount: { decimalValue: '1.5', currencyCode: EVIL, value: '1.5', currency: EVIL },
  tweet: `${EVIL} http://a.example/"x @user #tag`,
  text: EVIL,
};

/** [formatter, the value it is given, extra arguments]. */
const TABLE: [string, string, string?][] = [
  ['add-to-cart-btn', 'item'], ['quantity-input', 'item'], ['variants-select', 'item'], ['product-checkout', 'item'],
  ['product-price', 'item'], ['subscription-price', 'item'], ['product-status', 'item'], ['product-quick-view', 'item', ' group'],
  ['product-scarcity', 'item'], ['product-restock-notification', 'item'], ['summary-form-field', 'field'],
  ['summary-form-field', 'checkbox'], ['summary-form-field', 'address'], ['money-string', 'amount'], ['i18n-money-format', 'amount'],
  ['money', 'amount'], ['bookkeeper-money-format', 'amount'], ['cart-quantity', 'item'], ['cart-subtotal', 'item'],
  ['comment-link', 'item'], ['comments', 'item'], ['like-button', 'item'], ['social-button', 'item'], ['social-button-inline', 'item'],
  ['twitter-follow-button', 'account'], ['activate-twitter-links', 'tweet'], ['google-calendar-url', 'item'],
  ['audio-player', 'item'], ['image', 'item'], ['image', 'item.mainImage'], ['image-meta', 'item.mainImage'], ['child-image-meta', 'item'],
  ['cover-image-meta', 'item'], ['image-srcset', 'item.mainImage'], ['image-color', 'item.mainImage'], ['image-color', 'item.mainImage', ' topLeft'],
  ['image-color', 'item.mainImage', ' center label'], ['video', 'item'], ['item-classes', 'item'],
  ['safe', 'text'], ['html', 'text'], ['htmlattr', 'text'], ['htmltag', 'text'],
];

const URL_ATTRIBUTES = /\s(href|src|data-src|data-image|srcset|data-audio-asset-url|data-asset-url|data-full-url)="([^"]*)"/g;
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('no formatter emits live hostile markup', () => {
  it.each(TABLE.map(([n, v, a]) => [n, v, a ?? ''] as const))('%s of %s%s', (name, value, args) => {
    const result = render(`<p>{${value}|${name}${args}}</p>`, data);
    const out = result.output;
    expect(out).not.toMatch(/<x-evil/i);
    // Inside a tag, a value that broke out of its attribute would leave `x-broke="` behind.
    for (const tag of out.match(/<[a-zA-Z][^<>]*>/g) ?? []) expect(tag).not.toMatch(/x-broke="/);
    expect(out).not.toMatch(/<script[^>]*>\s*alert/i);
    for (const m of out.matchAll(URL_ATTRIBUTES)) {
      for (const url of m[1] === 'srcset' ? decode(m[2]).split(',').map((s) => s.trim().split(' ')[0]) : [decode(m[2])]) {
        expect(safeUrl(url), `${m[1]}="${m[2]}"`).toBe(url);
      }
    }
    // JSON written into a script element cannot end it.
    expect(out).not.toMatch(/<\/script><x-evil/i);
  });

  it.each([' topLeft', ' center label', ' nowhere'])('image-color%s inside a style attribute cannot leave it', (args) => {
    const out = render(`<div style="color: {item.mainImage|image-color${args}}">`, data).output;
    expect(out.match(/<[a-zA-Z][^<>]*>/g)).toHaveLength(1);
    expect(out).not.toMatch(/x-broke="/);
  });

  it('covers the formatters that emit markup', () => {
    const covered = new Set(TABLE.map(([name]) => name));
    for (const name of ['add-to-cart-btn', 'audio-player', 'comment-link', 'image', 'video', 'variants-select', 'product-restock-notification']) {
      expect(covered.has(name)).toBe(true);
    }
  });

  it('raw and json keep </script> and <!-- from closing a script element', () => {
    expect(render('{t|raw}{t|json}', { t: '</script><!--' }).output).toBe('"<\\/script>\\u003c!--""<\\/script>\\u003c!--"');
  });

  it('an unknown currency code is never echoed', () => {
    expect(render('{a|i18n-money-format}', { a: { decimalValue: '1', currencyCode: '<b>' } }).output).toBe('');
    expect(render('{a|i18n-money-format}', { a: { decimalValue: '1', currencyCode: 'QQQ' } }).output).toBe('');
  });

  it('message and summary lookups read own properties only', () => {
    expect(render('{f|summary-form-field}', { f: { type: 'toString', rawTitle: 'Q', value: 'v' } }).output).toContain('v');
    expect(render('{f|summary-form-field}', { f: { type: '__proto__', rawTitle: 'Q', value: 'v' } }).output).toContain('v');
  });
});
