import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import type { CartView } from '../cart/index.js';
import type { CheckoutTotals } from '../checkout/totals.js';
import { newRowId } from '../cart/tokens.js';

export interface OrderRecordInput {
  orderId: string;
  attemptId: string;
  websiteId: string;
  idempotencyKey: string;
  view: CartView;
  totals: CheckoutTotals;
  email: string;
  shippingAddress: Record<string, string> | null;
  billingAddress: Record<string, string> | null;
  couponCodes: string[];
  testMode: boolean;
  statusTokenHash: string;
  /** `amountCents`: what this payment took (the grand total less any gift card). */
  payment: { provider: string; providerRef: string; amountCents: number };
  now: number;
}

/**
 * The batch that records a paid order: the next order number of the site (1001 first,
 * counted in this same batch so numbers never repeat), the order and its lines, the
 * payment, the cart marked purchased, the idempotency key pointing at the order, and the
 * attempt's reservations cleared (the units are sold).
 */
export function recordStatements(db: Db, r: OrderRecordInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const t = r.totals;
  return [
    d1
      .prepare('INSERT INTO order_counters (website_id, last_number) VALUES (?1, 1001) ON CONFLICT (website_id) DO UPDATE SET last_number = last_number + 1')
      .bind(r.websiteId),
    d1
      .prepare(
        `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, test_mode, email, shipping_address, billing_address, shipping_option,
           coupons, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, included_tax_cents, grand_total_cents,
           status, status_token_hash, created_on)
         VALUES (?1, ?2, (SELECT last_number FROM order_counters WHERE website_id = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 'paid', ?17, ?18)`,
      )
      .bind(
        r.orderId, r.websiteId, r.view.record.id, r.testMode ? 1 : 0, r.email, json(r.shippingAddress), json(r.billingAddress), json(t.selectedShippingOption),
        JSON.stringify(r.couponCodes), t.currency, t.subtotalCents, t.discountCents, t.shippingCostCents, t.taxCents, t.includedTaxCents, t.grandTotalCents,
        r.statusTokenHash, r.now,
      ),
    ...r.view.entries.map((e, position) =>
      d1
        .prepare(
          `INSERT INTO order_lines (id, order_id, website_id, item_id, variant_id, sku, product_name, product_type, quantity, unit_price_cents, position)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
        )
        .bind(newRowId(), r.orderId, r.websiteId, e.itemId, e.variantId, e.sku, e.title, e.productType, e.quantity, e.unitPriceCents, position),
    ),
    d1
      .prepare(
        `INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'captured', ?8)`,
      )
      .bind(newRowId(), r.websiteId, r.orderId, r.payment.provider, r.payment.providerRef, r.payment.amountCents, t.currency, r.now),
    d1.prepare('UPDATE carts SET is_purchased = 1, order_id = ?2, updated_on = ?3 WHERE id = ?1').bind(r.view.record.id, r.orderId, r.now),
    d1.prepare('UPDATE idempotency_keys SET order_id = ?3 WHERE website_id = ?1 AND key = ?2').bind(r.websiteId, r.idempotencyKey, r.orderId),
    d1.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?1').bind(r.attemptId),
  ];
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
