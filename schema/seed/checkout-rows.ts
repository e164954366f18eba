import { coupons, shippingZones, taxRules } from '../index.js';
import { insertRow, type SeedStatement } from './statements.js';

/**
 * The demo store's checkout settings: zones for the US, Canada, the UK and the
 * rest of the world, New York sales tax added on top, UK VAT included in prices, and the
 * WELCOME10 coupon. Amounts are minor units of the site currency.
 */
export function checkoutSeedRows(websiteId: string, id: (...parts: string[]) => string): SeedStatement[] {
  const zone = (key: string, name: string, countries: string[], rates: unknown[], position: number) =>
    insertRow(shippingZones, { id: id('zone', key), websiteId, name, countries, rates, position });
  return [
    zone('us', 'United States', ['US'], [
      { kind: 'free-over', id: 'us-standard', name: 'Standard (free over $75)', amountCents: 800, freeFromCents: 7500 },
      { kind: 'weight', id: 'us-express', name: 'Express', tiers: [{ upToGrams: 1000, amountCents: 1800 }, { upToGrams: 5000, amountCents: 2800 }, { upToGrams: 1_000_000, amountCents: 4500 }] },
      { kind: 'pickup', id: 'us-pickup', name: 'Pick up at the studio' },
    ], 0),
    zone('ca', 'Canada', ['CA'], [{ kind: 'flat', id: 'ca-standard', name: 'Standard', amountCents: 1500 }], 1),
    zone('gb', 'United Kingdom', ['GB'], [{ kind: 'flat', id: 'gb-standard', name: 'Royal Mail', amountCents: 1200 }], 2),
    zone('world', 'Rest of the world', ['*'], [{ kind: 'flat', id: 'world-standard', name: 'International', amountCents: 2500 }], 3),
    insertRow(taxRules, { id: id('tax', 'us-ny'), websiteId, name: 'New York sales tax', country: 'US', region: 'NY', rateBps: 888, inclusive: false, appliesToShipping: true }),
    insertRow(taxRules, { id: id('tax', 'gb-vat'), websiteId, name: 'UK VAT', country: 'GB', rateBps: 2000, inclusive: true, appliesToShipping: true }),
    insertRow(coupons, { id: id('coupon', 'welcome10'), websiteId, code: 'WELCOME10', effect: { kind: 'percentage', percentBps: 1000 }, minSubtotalCents: 2000 }),
    insertRow(coupons, { id: id('coupon', 'shipfree'), websiteId, code: 'SHIPFREE', effect: { kind: 'free-shipping' } }),
  ];
}
