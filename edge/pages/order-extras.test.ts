import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { storeTexts } from '../../domain/languages/store-texts.js';
import { DEMO_FRENCH_TEXTS } from '../api/multilingual/test-french.js';

/**
 * The theme's order pages (202 confirmed, 211 status) share their gift-card line and
 * downloads block through partials/order-extras.html; this pins the bytes they render, the
 * same as when each page carried its own copy.
 */
const theme = (path: string) => readFileSync(new URL(`../../fixtures/theme/${path}`, import.meta.url), 'utf8');
const partials = { 'partials/order-extras': theme('partials/order-extras.html'), 'partials/order-totals': theme('partials/order-totals.html') };
// The order pages' `storeTexts` in English, as edge/pages/checkout-pages.ts gives them (issue 29).
const STORE_TEXTS = storeTexts();
const money = (value: string) => ({ currency: 'USD', value });
const ORDER = {
  orderNumber: 1001, email: 'a@example.com', status: 'paid', shippingTotal: 0, taxTotal: 0, grandTotalMoney: money('20.00'),
  subtotalMoney: money('20.00'), discountTotal: 0, discountTotalMoney: money('0.00'), shippingTotalMoney: money('0.00'), taxTotalMoney: money('0.00'),
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
    ['order-status.html', '<p class="order-total">Total: <strong>$20.00</strong></p>\n', '  \n  \n  \n</section>'],
  ])('%s renders the block exactly', (page, before, after) => {
    const { output, errors } = render(theme(page), { order: ORDER, storeTexts: STORE_TEXTS }, { partials });
    expect(errors).toEqual([]);
    expect(output).toContain(`${before}${EXTRAS}${after}`);
  });

  it('renders nothing of it without a gift card or downloads', () => {
    const { output } = render(theme('order-status.html'), { order: { ...ORDER, giftCardTotal: 0, downloads: [] }, storeTexts: STORE_TEXTS }, { partials });
    expect(output).toContain('<p class="order-total">Total: <strong>$20.00</strong></p>\n  \n  \n  \n  \n  \n</section>');
  });

  it.each(['order-confirmed.html', 'order-status.html'])('%s lists subtotal, discount (when any), shipping and tax before the total, as the mail does', (page) => {
    const order = { ...ORDER, subtotalMoney: money('72.00'), discountTotal: 720, discountTotalMoney: money('7.20'), shippingTotalMoney: money('8.00'), taxTotalMoney: money('5.18'), grandTotalMoney: money('77.98') };
    const { output, errors } = render(theme(page), { order, storeTexts: STORE_TEXTS }, { partials });
    expect(errors).toEqual([]);
    const text = output.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Subtotal $72.00 Discount −$7.20 Shipping $8.00 Tax $5.18 Total: $77.98');
    expect(output).toContain('class="order-totals"');
    // Without a discount there is no discount line.
    expect(render(theme(page), { order: ORDER, storeTexts: STORE_TEXTS }, { partials }).output).not.toContain('order-totals-discount');
  });

  it('the status page shows each shipment with its carrier and tracking number (escaped) and what was refunded', () => {
    const order = {
      ...ORDER, refundedTotal: 500, refundedTotalMoney: money('5.00'),
      fulfilments: [
        { shipped: true, carrier: 'UPS <Ground>', trackingNumber: '1Z999', items: [{ quantity: 1, productName: 'Guide' }, { quantity: 2, productName: 'Mug' }] },
        { shipped: false, carrier: null, trackingNumber: null, items: [{ quantity: 1, productName: 'Vase' }] },
      ],
    };
    const { output, errors } = render(theme('order-status.html'), { order, storeTexts: STORE_TEXTS }, { partials });
    expect(errors).toEqual([]);
    expect(output).toContain('<li class="order-fulfilment">Shipped: 1 × Guide, 2 × Mug · <span class="order-carrier">UPS &lt;Ground&gt;</span> · Tracking number <span class="order-tracking">1Z999</span></li>');
    expect(output).toContain('<li class="order-fulfilment">Picked up: 1 × Vase</li>');
    expect(output).toContain('<p class="order-refunded">Refunded: $5.00</p>');
  });

  it("says the gift-card line and the downloads block in the page's language (storeTexts, issue 29)", () => {
    const fr: Record<string, string> = DEMO_FRENCH_TEXTS;
    const texts = storeTexts((key) => fr[key]);
    const { output, errors } = render(theme('order-status.html'), { order: ORDER, storeTexts: texts }, { partials, locale: 'fr' });
    expect(errors).toEqual([]);
    expect(output).toContain('<p class="order-gift-card">Carte cadeau\u00a0: −5,00\u00a0$US · Payé par carte\u00a0: 15,00\u00a0$US</p>');
    expect(output).toContain('<h2>Vos téléchargements</h2>');
    expect(output).toContain('download>Guide &lt;PDF&gt;</a> (1 sur 5 téléchargements utilisés)</li>');
    expect(output).toContain('<p class="order-downloads-note">Les liens fonctionnent pendant une durée limitée\u00a0; ils figurent aussi dans votre e-mail de confirmation.</p>');
  });
});
