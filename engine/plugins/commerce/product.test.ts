import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSections } from '../../../tests/conformance/fixtures.js';
import {
  ProductType,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  itemVariantOptions,
  multipleQuantityAllowedForServices,
  productBadge,
  showsQuantityInput,
  totalStockRemaining,
  variantDescriptor,
} from './product.js';

const product = (productType: number, extra: Record<string, unknown> = {}) => ({
  structuredContent: { productType, ...extra },
});

describe('SPEC §4 derived product state', () => {
  it('a physical or service product is sold out when no variant is unlimited or in stock', () => {
    expect(isSoldOut(product(ProductType.PHYSICAL, { variants: [{ qtyInStock: 0 }, {}] }))).toBe(true);
    expect(isSoldOut(product(ProductType.SERVICE, { variants: [] }))).toBe(true);
    expect(isSoldOut(product(ProductType.PHYSICAL, { variants: [{ qtyInStock: 0 }, { qtyInStock: 1 }] }))).toBe(false);
    expect(isSoldOut(product(ProductType.SERVICE, { variants: [{ unlimited: true, qtyInStock: 0 }] }))).toBe(false);
  });

  it('digital and gift-card products are never sold out', () => {
    expect(isSoldOut(product(ProductType.DIGITAL))).toBe(false);
    expect(isSoldOut(product(ProductType.GIFT_CARD, { variants: [{ qtyInStock: 0 }] }))).toBe(false);
  });

  it('is on sale when any variant is, or for digital items by its own flag', () => {
    expect(isOnSale(product(ProductType.PHYSICAL, { variants: [{}, { onSale: true }] }))).toBe(true);
    expect(isOnSale(product(ProductType.PHYSICAL, { variants: [{ onSale: false }] }))).toBe(false);
    expect(isOnSale(product(ProductType.DIGITAL, { onSale: true }))).toBe(true);
    expect(isOnSale(product(ProductType.DIGITAL, { variants: [{ onSale: true }] }))).toBe(false);
    expect(isOnSale(product(ProductType.GIFT_CARD, { variants: [{ onSale: true }] }))).toBe(false);
  });

  it('badge order: sold out, then sale, then none', () => {
    expect(productBadge(product(ProductType.PHYSICAL, { variants: [{ onSale: true, qtyInStock: 0 }] }))).toBe('sold-out');
    expect(productBadge(product(ProductType.PHYSICAL, { variants: [{ onSale: true, qtyInStock: 2 }] }))).toBe('sale');
    expect(productBadge(product(ProductType.PHYSICAL, { variants: [{ qtyInStock: 2 }] }))).toBe('none');
    expect(productBadge(product(ProductType.DIGITAL, { onSale: true }))).toBe('sale');
  });

  it('prices vary on price, onSale, or salePrice when the first is on sale', () => {
    const varied = (variants: unknown[]) => hasVariedPrices(product(ProductType.PHYSICAL, { variants }));
    expect(varied([{ price: 100 }, { price: 200 }])).toBe(true);
    expect(varied([{ price: 100 }, { price: 100, onSale: true }])).toBe(true);
    expect(varied([{ onSale: true, salePrice: 1 }, { onSale: true, salePrice: 2 }])).toBe(true);
    expect(varied([{ salePrice: 1 }, { salePrice: 2 }])).toBe(false);
    expect(varied([{ price: 100 }, { price: 100 }])).toBe(false);
    expect(hasVariedPrices(product(ProductType.DIGITAL))).toBe(false);
  });
});

describe('SPEC §5 quantity input and variant options', () => {
  it('shows for a physical item with more than one in stock, not when subscribable', () => {
    const item = product(ProductType.PHYSICAL, { variants: [{ qtyInStock: 2 }] });
    expect(showsQuantityInput(item, undefined)).toBe(true);
    expect(showsQuantityInput(product(ProductType.PHYSICAL, { variants: [{ qtyInStock: 1 }] }), undefined)).toBe(false);
    expect(showsQuantityInput(product(ProductType.PHYSICAL, { isSubscribable: true, variants: [{ qtyInStock: 2 }] }), undefined)).toBe(false);
    expect(showsQuantityInput(product(ProductType.DIGITAL), undefined)).toBe(false);
  });

  it('services follow the store setting', () => {
    const service = product(ProductType.SERVICE, { variants: [{ unlimited: true }] });
    expect(showsQuantityInput(service, {})).toBe(true);
    expect(showsQuantityInput(service, { storeSettings: { multipleQuantityAllowedForServices: false } })).toBe(false);
  });

  it('describes a variant by its option values', () => {
    expect(variantDescriptor({ optionValues: [{ value: 'blue' }, { value: 'L' }] })).toBe('blue / L');
    expect(variantDescriptor({})).toBe('');
  });
});

// The reference corpus ships input/expected data for these helpers.
const here = dirname(fileURLToPath(import.meta.url));
const corpus = process.env.ATELIER_CONFORMANCE ?? resolve(here, '../../../../shared/conformance');
const helperData = (file: string) => parseSections(readFileSync(join(corpus, 'plugins', file), 'utf8'));
const expectedFlag = (name: string) => name.endsWith('-true');

describe.runIf(existsSync(join(corpus, 'plugins')))('reference helper data', () => {
  it('get-item-variant-options.json', () => {
    const sections = helperData('get-item-variant-options.json');
    const cases = Object.keys(sections).filter((k) => !k.endsWith('-expected'));
    expect(cases.length).toBe(6);
    for (const name of cases) {
      expect(itemVariantOptions(JSON.parse(sections[name])), name).toEqual(JSON.parse(sections[`${name}-expected`]));
    }
  });

  it('get-total-stock-remaining.json', () => {
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': Number.MAX_SAFE_INTEGER,
      'getTotalStock-digital': Number.MAX_SAFE_INTEGER,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    };
    const sections = helperData('get-total-stock-remaining.json');
    expect(Object.keys(sections).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, json] of Object.entries(sections)) expect(totalStockRemaining(JSON.parse(json)), name).toBe(expected[name]);
  });

  const flagFiles: [string, (v: unknown) => boolean, number][] = [
    ['has-variants.json', hasVariants, 4],
    ['has-varied-prices.json', hasVariedPrices, 7],
    ['is-multi-quantity-allowed-for-services.json', multipleQuantityAllowedForServices, 3],
  ];
  for (const [file, fn, count] of flagFiles) {
    it(file, () => {
      const sections = helperData(file);
      expect(Object.keys(sections).length).toBe(count);
      for (const [name, json] of Object.entries(sections)) expect(fn(JSON.parse(json)), name).toBe(expectedFlag(name));
    });
  }
});

describe('itemVariantOptions value gathering', () => {
  it('gathers values per option in first-seen order, a repeated option name filled once, unknown names ignored', () => {
    const variant = (attributes: unknown) => ({ attributes });
    const item = {
      structuredContent: {
        variantOptionOrdering: ['Size', 'Color', 'Size'],
        variants: [variant({ Color: 'Red', Size: 2 }), variant({ Size: 'S', Other: 'x' }), variant(null), variant({ Color: 'Red', Size: 'S', toString: 'y' })],
      },
    };
    expect(itemVariantOptions(item)).toEqual([
      { name: 'Size', values: ['2', 'S'] },
      { name: 'Color', values: ['Red'] },
      { name: 'Size', values: [] },
    ]);
  });
});
