/**
 * The demo theme (fixtures/theme) rendered the way the edge renders it, with
 * page context built from the demo site: every page type renders without
 * template errors and carries the markup the storefront relies on.
 */
import { describe, expect, it } from 'vitest';
import { demoContext, loadTheme, renderThemePage } from '../../bench/theme.js';

const theme = loadTheme();

function page(template: string, data: Record<string, unknown>): string {
  const { html, errors } = renderThemePage(theme, template, data);
  expect(errors).toEqual([]);
  return html;
}

describe('demo theme', () => {
  it('compiles every template cleanly', () => {
    for (const [path, t] of theme.templates) expect([path, t.errors]).toEqual([path, []]);
  });

  it('wraps pages in the layout: header, navigation, cart link, footer, stylesheet', () => {
    const html = page('collection.html', demoContext('shop'));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<link rel="stylesheet" href="/theme/assets/site.css">');
    expect(html).toContain('<li><a href="/">Home</a></li><li><a href="/shop" aria-current="page">Shop</a></li><li><a href="/journal">Journal</a></li>');
    // No count: shared pages are one HTML for every visitor; the cart pill owns the count.
    expect(html).toContain('<a class="cart-link" href="/cart">Cart</a>');
    expect(html).toContain('<footer class="site-footer">');
  });

  it('lists products in a grid with prices, badges and quick view', () => {
    const html = page('collection.html', demoContext('shop'));
    expect(html.match(/<li class="product-card/g)).toHaveLength(20);
    expect(html).toContain('<div class="product-mark sale">sale</div>');
    expect(html).toContain('<div class="product-price">');
    expect(html).toContain('class="sqs-product-quick-view-button"');
  });

  it('renders a product detail page with images, variants, quantity and the add-to-cart button', () => {
    const html = page('product.html', demoContext('product'));
    expect(html).toContain('<h1>Speckled Stoneware Mug</h1>');
    expect(html).toContain('srcset="/assets/images/mug-speckled-oatmeal.svg?format=100w 100w,');
    expect(html).toContain('<select aria-label="Select Size" data-variant-option-name="Size">');
    expect(html).toContain('<div class="product-quantity-input"');
    expect(html).toContain('<div class="sqs-add-to-cart-button-inner">Add To Cart</div>');
    expect(html).toContain('rel="next">Everyday Tumbler →</a>');
  });

  it('suggests up to four related products as cards under a product', () => {
    const data = demoContext('product');
    const related = data.relatedItems as { title: string; id: string }[];
    expect(related.map((r) => r.title)).toEqual(['Everyday Tumbler', 'Nesting Bowl Set', 'Deep Ramen Bowl', 'Pour-Over Coffee Set']);
    const html = page('product.html', data);
    const section = html.slice(html.indexOf('<section class="related-products"'));
    expect(section).toContain('<h2 id="related-products-title">You may also like</h2>');
    expect(section.match(/<li class="product-card/g)).toHaveLength(4);
    for (const r of related) expect(section).toContain(`>${r.title}</a></h3>`);
    expect(page('product.html', { ...data, relatedItems: [] })).not.toContain('related-products');
  });

  it('shows a disabled Sold Out button and the restock sign-up for a sold-out product', () => {
    const data = demoContext('product');
    const item = data.item as { id: string; structuredContent: { variants: { qtyInStock: number }[] } };
    for (const v of item.structuredContent.variants) v.qtyInStock = 0;
    data.productMerchandisingContext = {
      [item.id]: { restockNotificationMessages: { CTAText: 'Back soon', buttonText: 'Notify me', placeholderText: 'Email' }, restockNotificationViews: [{ hiddenByDefault: false }] },
    };
    // Related product cards carry their own add-to-cart buttons; this is about the detail's.
    const html = page('product.html', { ...data, relatedItems: [] });
    expect(html).toContain('<div class="product-mark sold-out">');
    expect(html).toContain('class="product-restock-notification"');
    expect(html).toContain('<button class="button" type="button" disabled>Sold Out</button>');
    expect(html).not.toContain('sqs-add-to-cart-button-inner');
    expect(page('product.html', demoContext('product'))).not.toContain('product-restock-notification');
  });

  it('renders the blog list and a post with dates, author, comment count and tags', () => {
    const list = page('collection.html', demoContext('journal'));
    expect(list.match(/<li class="post-card">/g)).toHaveLength(10);
    expect(list).toContain('<time datetime="2025-12-14">December 14, 2025</time>');
    expect(list).toContain('Next page →</a>');
    const post = page('item.html', demoContext('post'));
    expect(post).toContain('<span>by Theo Lindqvist</span>');
    expect(post).toContain('6 Comments');
    expect(post).toContain('?tag=firing">#firing</a>');
  });

  it('renders home, plain page, cart, search, not-found and error pages', () => {
    // Without a block layout the home page lists featured products and posts; with one it is the layout.
    expect(page('home.html', demoContext('home'))).toContain('<h2>Featured</h2>');
    const home = { ...demoContext('home'), collection: { title: 'Home', mainContent: '<section class="page-section">Hi</section>' } };
    expect(page('home.html', home)).toContain('<div class="home-blocks"><section class="page-section">Hi</section></div>');
    expect(page('home.html', home)).not.toContain('<h2>Featured</h2>');
    const base = demoContext('home');
    expect(page('page.html', { ...base, collection: { title: 'About', mainContent: '<p>Hi</p>' } })).toContain('<h1>About</h1>\n  <p>Hi</p>');
    // A page's form shows below its content, unless a form block of its layout shows it already.
    const form = { id: 'f1', kind: 'contact', fields: [], submitButtonText: 'Send' };
    expect(page('page.html', { ...base, collection: { title: 'Contact', form } })).toContain('data-form-id="f1"');
    expect(page('page.html', { ...base, collection: { title: 'Contact', form, formInLayout: true } })).not.toContain('data-form-id="f1"');
    const cart = page('cart.html', base);
    expect(cart).toContain('<li class="cart-entry"');
    expect(cart).toContain('<div class="cart-entry-total">$72.00</div>');
    expect(cart).toContain('<strong>$72.00</strong>');
    const empty = page('cart.html', { ...base, cart: { totalQuantity: 0, subtotalCents: 0, entries: [] } });
    expect(empty).toContain('You have nothing in your shopping cart.');
    expect(page('search.html', { ...base, search: { query: 'mug', resultCount: 1 }, items: [] })).toContain('1 result for “mug”');
    expect(page('not-found.html', { ...base, pageTypeName: 'not-found' })).toContain('<title>Page not found · Fern &amp; Kiln</title>');
    expect(page('error.html', base)).toContain('Something went wrong');
  });
});
