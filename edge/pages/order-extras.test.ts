import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../../engine/index.js';

/**
 * The theme's order pages (202 confirmed, 211 status) share their gift-card line and
 * downloads block through partials/order-extras.html; this pins the bytes they render, the
 * same as when each page carried its own copy.
 */
const theme = (path: string) => readFileSync(new URL(`../../fixtures/theme/${path}`, import.meta.url), 'utf8');
const partials = { 'partials/order-extras': theme('partials/order-extras.html') };
const money = (value: string) => ({ currency: 'USD', value });
const ORDER = {
  orderNumber: 1001, email: 'a@example.com', status: 'paid', shippingTotal: 0, taxTotal: 0, grandTotalMoney: money('20.00'),
  items: [{ quantity: 1, productName: 'Guide', sku: null, unitPrice: 2000 }],
  giftCardTotal: 500, giftCardTotalMoney: money('5.00'), amountPaidMoney: money('15.00'),
  downloads: [{ url: '/downloads/g1?expires=1&sig=x', productName: 'Guide <PDF>', downloads: 1, maxDownloads: 5 }, { productName: 'Expired' }],
};
const EXTRAS = `  <p class="order-gift-card">Gift card: −$5.00 · Paid by card: $15.00</p>
  
  <h2>Your downloads</h2>
  <ul class="order-downloads">
    <li><a href="/downloads/g1?expires=1&amp;sig=x" download>Guide &lt;PDF&gt;</a> (1 of 5 downloads used)</li><li>Expired</li>
  </ul>
  <p class="order-downloads-note">Links work for a limited time; they are also in your confirmation email.</p>
  
`;

describe('order pages share partials/order-extras', () => {
  it.each([
    ['order-confirmed.html', '<p class="order-total">Total: <strong>$20.00</strong></p>\n', '  <a class="button button-secondary" href="/">Continue shopping</a>'],
    ['order-status.html', '<p class="order-total">Total: <strong>$20.00</strong></p>\n', '  \n</section>'],
  ])('%s renders the block exactly', (page, before, after) => {
    const { output, errors } = render(theme(page), { order: ORDER }, { partials });
    expect(errors).toEqual([]);
    expect(output).toContain(`${before}${EXTRAS}${after}`);
  });

  it('renders nothing of it without a gift card or downloads', () => {
    const { output } = render(theme('order-status.html'), { order: { ...ORDER, giftCardTotal: 0, downloads: [] } }, { partials });
    expect(output).toContain('<p class="order-total">Total: <strong>$20.00</strong></p>\n  \n  \n  \n</section>');
  });
});
