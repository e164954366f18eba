import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import type { SubscriptionRow } from './subscription-json.js';

export interface RenewalRecordInput {
  orderId: string;
  /** The 1-based payment this renewal is (the first order was payment 1). */
  cycle: number;
  attemptId: string;
  statusTokenHash: string;
  provider: string;
  providerRef: string;
  testMode: boolean;
  now: number;
}

/**
 * The batch that records a paid renewal as an order like any other: the site's next order
 * number, the order (its `purchasedCartId` names the subscription and cycle, so the unique
 * index refuses a second order for one cycle), its line, the payment, the account link
 * (unique per subscription and cycle too), and the attempt's stock reservation cleared.
 */
export function renewalStatements(db: Db, s: SubscriptionRow, r: RenewalRecordInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return [
    d1
      .prepare('INSERT INTO order_counters (website_id, last_number) VALUES (?1, 1001) ON CONFLICT (website_id) DO UPDATE SET last_number = last_number + 1')
      .bind(s.websiteId),
    d1
      .prepare(
        `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, test_mode, email, shipping_address, billing_address, shipping_option,
           coupons, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, included_tax_cents, grand_total_cents,
           status, status_token_hash, created_on)
         VALUES (?1, ?2, (SELECT last_number FROM order_counters WHERE website_id = ?2), ?3, ?4, ?5, ?6, NULL, NULL, '[]', ?7, ?8, 0, ?9, ?10, 0, ?11, 'paid', ?12, ?13)`,
      )
      .bind(
        r.orderId, s.websiteId, `renewal:${s.id}:${r.cycle}`, r.testMode ? 1 : 0, s.email, s.shippingAddress ? JSON.stringify(s.shippingAddress) : null,
        s.currency, s.subtotalCents, s.shippingCents, s.taxCents, s.renewalTotalCents, r.statusTokenHash, r.now,
      ),
    d1
      .prepare(
        `INSERT INTO order_lines (id, order_id, website_id, item_id, variant_id, sku, product_name, product_type, quantity, unit_price_cents, position)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0)`,
      )
      .bind(newRowId(), r.orderId, s.websiteId, s.itemId, s.variantId, s.sku, s.productName, s.productType, s.quantity, s.unitPriceCents),
    d1
      .prepare(
        `INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'captured', ?8)`,
      )
      .bind(newRowId(), s.websiteId, r.orderId, r.provider, r.providerRef, s.renewalTotalCents, s.currency, r.now),
    d1
      .prepare('INSERT INTO account_orders (order_id, website_id, site_user_id, subscription_id, cycle, created_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
      .bind(r.orderId, s.websiteId, s.siteUserId, s.id, r.cycle, r.now),
    d1.prepare('UPDATE subscriptions SET failed_attempts = 0, last_failure = NULL, updated_on = ?2 WHERE id = ?1').bind(s.id, r.now),
    d1.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?1').bind(r.attemptId),
  ];
}
