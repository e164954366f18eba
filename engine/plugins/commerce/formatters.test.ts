/** Behaviour beyond the conformance corpus: escaping and missing locale data. */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const out = (template: string, data: unknown, locale?: string | null) =>
  render(template, data, locale === undefined ? {} : { locale }).output.trim();

describe('commerce formatters', () => {
  it('escapes owner text in the add-to-cart button', () => {
    const item = { id: '1"', structuredContent: { productType: 1, useCustomAddButtonText: true, customAddButtonText: '"><b>' } };
    const html = out('{@|add-to-cart-btn}', item);
    expect(html).toContain('data-item-id="1&quot;"');
    expect(html).toContain('data-original-label="&quot;&gt;&lt;b&gt;"');
    expect(html).not.toContain('<b>');
  });

  it('escapes localized wording around the price markup', () => {
    const item = { structuredContent: { productType: 1, variants: [{ price: 1, priceMoney: { value: '1' } }, { price: 2, priceMoney: { value: '2' } }] } };
    const html = out('{@|product-price}', { ...item, localizedStrings: { productPriceFromText: '<i>from</i> {fromPrice}' } });
    expect(html).toContain('&lt;i&gt;from&lt;/i&gt; <span class="sqs-money-native">1.00</span>');
  });

  it('money formatters give an empty string without locale data', () => {
    const money = { decimalValue: '1.5', currencyCode: 'USD' };
    expect(out('{@|money}', money, null)).toBe('');
    expect(out('{@|i18n-money-format en-US}', money, null)).toBe('');
    expect(out('{@|money}', money)).toBe('$1.50');
  });

  it('money gives an empty string for an unreadable amount', () => {
    expect(out('{@|money}', { decimalValue: 'x', currencyCode: 'USD' })).toBe('');
  });

  it('bookkeeper format converts cents in the region currency', () => {
    expect(out('{@|bookkeeper-money-format}', 12345, 'ja-JP')).toBe('￥12,345');
    expect(out('{@|bookkeeper-money-format}', 12345, 'en-GB')).toBe('£123.45');
  });

  it('subscribable? reads the product flag', () => {
    expect(out('{.subscribable?}yes{.or}no{.end}', { structuredContent: { isSubscribable: true } })).toBe('yes');
    expect(out('{.subscribable?}yes{.or}no{.end}', { structuredContent: {} })).toBe('no');
  });
});
