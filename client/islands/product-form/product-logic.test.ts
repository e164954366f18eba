import { describe, expect, it } from 'vitest';
import { buttonLabel, isSoldOut, labelColon, matchVariant, quantityError, quantityMax, showsQuantity, unselectedOptions, variantOptions, type ProductJson, type VariantJson } from './product-logic.js';

const v = (sku: string, attributes: Record<string, string>, qtyInStock = 5, extra: Partial<VariantJson> = {}): VariantJson => ({
  id: sku,
  sku,
  price: 1000,
  salePrice: 0,
  onSale: false,
  qtyInStock,
  unlimited: false,
  attributes,
  ...extra,
});

const mug: ProductJson = {
  productType: 1,
  variantOptionOrdering: ['Size', 'Glaze'],
  variants: [v('A', { Glaze: 'Oat', Size: '8 oz' }), v('B', { Glaze: 'Cel', Size: '8 oz' }, 0), v('C', { Glaze: 'Oat', Size: '12 oz' }, 3)],
};

describe('variant options (SPEC §5)', () => {
  it('gathers values per option in variantOptionOrdering order', () => {
    expect(variantOptions(mug)).toEqual([
      { name: 'Size', values: ['8 oz', '12 oz'] },
      { name: 'Glaze', values: ['Oat', 'Cel'] },
    ]);
  });
  it('shows no selector for a single variant or a digital product', () => {
    expect(variantOptions({ productType: 1, variants: [v('A', { Size: 'S' })] })).toEqual([]);
    expect(variantOptions({ ...mug, productType: 2 })).toEqual([]);
  });
  it('matches a variant only when every option is chosen and the combination exists', () => {
    expect(matchVariant(mug, { Size: '8 oz' })).toBeUndefined();
    expect(unselectedOptions(mug, { Size: '8 oz' })).toEqual(['Glaze']);
    expect(matchVariant(mug, { Size: '12 oz', Glaze: 'Oat' })?.sku).toBe('C');
    expect(matchVariant(mug, { Size: '12 oz', Glaze: 'Cel' })).toBeUndefined();
  });
});

describe('stock and quantity (SPEC §4, §5)', () => {
  it('sold out when no variant is unlimited or in stock; digital never', () => {
    expect(isSoldOut(mug)).toBe(false);
    expect(isSoldOut({ productType: 1, variants: [v('A', {}, 0)] })).toBe(true);
    expect(isSoldOut({ productType: 1, variants: [v('A', {}, 0, { unlimited: true })] })).toBe(false);
    expect(isSoldOut({ productType: 2, variants: [v('A', {}, 0)] })).toBe(false);
  });
  it('shows the quantity input only for physical or multi-quantity services, not subscriptions, stock above 1', () => {
    expect(showsQuantity(mug)).toBe(true);
    expect(showsQuantity({ productType: 1, variants: [v('A', {}, 1)] })).toBe(false);
    expect(showsQuantity({ productType: 1, variants: [v('A', {}, 0, { unlimited: true })] })).toBe(true);
    expect(showsQuantity({ ...mug, productType: 3 }, true)).toBe(true);
    expect(showsQuantity({ ...mug, productType: 3 }, false)).toBe(false);
    expect(showsQuantity({ ...mug, productType: 2 })).toBe(false);
    expect(showsQuantity({ ...mug, isSubscribable: true })).toBe(false);
  });
  it('caps the quantity at the variant stock or 9999', () => {
    expect(quantityMax(mug, mug.variants![2])).toBe(3);
    expect(quantityMax(mug, undefined)).toBe(9999);
    expect(quantityMax(mug, v('U', {}, 0, { unlimited: true }))).toBe(9999);
  });
  it('words quantity errors exactly', () => {
    expect(quantityError('abc')).toBe('Quantity must be a number.');
    expect(quantityError('')).toBe('Quantity must be a number.');
    expect(quantityError('1.5')).toBe('Quantity must be a whole number');
    expect(quantityError('2')).toBe('');
  });
});

describe('button label', () => {
  it('uses the custom text, Subscribe, or Add To Cart', () => {
    expect(buttonLabel(mug)).toBe('Add To Cart');
    expect(buttonLabel({ ...mug, isSubscribable: true })).toBe('Subscribe');
    expect(buttonLabel({ ...mug, useCustomAddButtonText: true, customAddButtonText: 'Reserve' })).toBe('Reserve');
    expect(buttonLabel({ ...mug, useCustomAddButtonText: true, customAddButtonText: '' })).toBe('Add To Cart');
  });
});

describe('label colon (issue 29)', () => {
  it("is what the store text labelValue puts between label and value, less the space after it", () => {
    expect(labelColon()).toBe(':');
    expect(labelColon('{label}: {value}')).toBe(':');
    expect(labelColon('{label}\u00a0: {value}')).toBe('\u00a0:');
    expect(labelColon('{label} - {value}')).toBe(' -');
    expect(labelColon('{value} ({label})')).toBe(':');
    expect(labelColon('no slots')).toBe(':');
  });
});
