import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { productBlock } from './index.js';

const html = (data: unknown) => render(productBlock.partial, { localizedStrings: {}, props: productBlock.props.parse({ item: 'p1' }), data }).output;

it('shows one product card with its add-to-cart island', () => {
  const item = { id: 'p1', title: 'Mug', fullUrl: '/shop/mug', structuredContent: { productType: 1, variants: [{ priceMoney: { value: '36.00', currency: 'USD' }, stock: { unlimited: true } }] } };
  const out = html({ item, productMerchandisingContext: {} });
  expect(out).toContain('<ul class="product-grid product-grid-single">');
  expect(out).toContain('<li class="product-card');
  expect(out).toContain('data-island="add-to-cart"');
  expect(out).toContain('data-prop-item-id="&quot;p1&quot;"');
});

it('says so when the product is not available, and refuses ids that are not ids', () => {
  expect(html(undefined)).toContain('<p class="product-missing">This product is not available.</p>');
  expect(productBlock.props.parse({})).toEqual({ item: '' });
  expect(productBlock.props.safeParse({ item: '"><script>' }).success).toBe(false);
});
