import { describe, expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { summaryBlock } from './index.js';

const page = { localizedStrings: { addToCart: 'Add <To> Cart' }, websiteSettings: { storeSettings: { expressCheckout: false } } };
const html = (props: Record<string, unknown>, data: unknown) => render(summaryBlock.partial, { ...page, props: summaryBlock.props.parse(props), data }, { timeZone: 'UTC' }).output;
const product = { id: 'p1', title: 'Moon <Jar>', fullUrl: '/shop/moon-jar', structuredContent: { productType: 1, variants: [{ priceMoney: { value: '420.00', currency: 'USD' }, stock: { unlimited: true } }] } };
const post = { id: 'j1', title: 'Kiln <notes>', fullUrl: '/journal/kiln', publishOn: Date.UTC(2025, 11, 14), excerpt: '<p>Opened.</p>' };

describe('the summary block', () => {
  it('has defaults and refuses bad props', () => {
    expect(summaryBlock.props.parse({})).toEqual({ collection: '', title: '', display: 'grid', category: '', tag: '', sort: 'collection', limit: 6 });
    for (const bad of [{ collection: '../admin' }, { limit: 0 }, { limit: 31 }, { display: 'table' }, { sort: 'random' }, { extra: 1 }]) {
      expect(summaryBlock.props.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('shows products as cards with the add-to-cart island, reading the page context through scope', () => {
    const out = html({ title: 'Featured <new>', collection: 'shop' }, { products: true, items: [product], productMerchandisingContext: {} });
    expect(out).toContain('<div class="section-head"><h2>Featured &lt;new&gt;</h2></div>');
    expect(out).toContain('<ul class="summary-items product-grid">');
    expect(out).toContain('data-island="add-to-cart"');
    expect(out).toContain('data-prop-item-id="&quot;p1&quot;"');
    expect(out).toContain('data-prop-strings="{&quot;addToCart&quot;:&quot;Add &lt;To&gt; Cart&quot;}"');
    expect(out).toContain('<a href="/shop/moon-jar">Moon &lt;Jar&gt;</a>');
    expect(out).not.toContain('<Jar>');
  });

  it('shows posts as a list, and an empty state when nothing matches or the collection is gone', () => {
    const out = html({ collection: 'journal', display: 'list' }, { products: false, items: [post] });
    expect(out).toContain('<div class="block-summary block-summary-list">');
    expect(out).toContain('<ul class="summary-items post-list">');
    expect(out).toContain('<a href="/journal/kiln">Kiln &lt;notes&gt;</a>');
    expect(out).toContain('December 14, 2025');
    expect(html({ collection: 'journal' }, { products: false, items: [] })).toContain('<p class="summary-empty">Nothing here yet.</p>');
    expect(html({}, undefined)).toContain('<p class="summary-empty">Nothing here yet.</p>');
  });
});
