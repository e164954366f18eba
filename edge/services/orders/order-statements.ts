import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { newRowId } from '../cart/tokens.js';

/** An order's row as checkout and subscription renewals both record it (status 'paid'). */
export interface PaidOrderRow {
  orderId: string;
  websiteId: string;
  /** The cart bought, or `renewal:<subscription>:<cycle>` (the unique index refuses a second). */
  purchasedCartId: string;
  testMode: boolean;
  email: string;
  shippingAddress: unknown;
  billingAddress: unknown;
  shippingOption: unknown;
  couponCodes: string[];
  currency: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  includedTaxCents: number;
  grandTotalCents: number;
  statusTokenHash: string;
  now: number;
  /** The shopper's language when it is an added one (issue 29); null or absent: the primary. */
  language?: string | null;
}

export interface OrderLineRow {
  itemId: string;
  variantId: string | null;
  sku: string | null;
  productName: string;
  productType: number;
  quantity: number;
  unitPriceCents: number;
  /** The cart entry's additional-fields answers (canonical JSON text), if any. */
  additionalFields?: string | null;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The site's next order number (1001 first, counted in the same batch so numbers never
 * repeat) and the order row that takes it.
 */
export function paidOrderStatements(d1: D1Database, o: PaidOrderRow): D1PreparedStatement[] {
  return [
    d1
      .prepare('INSERT INTO order_counters (website_id, last_number) VALUES (?1, 1001) ON CONFLICT (website_id) DO UPDATE SET last_number = last_number + 1')
      .bind(o.websiteId),
    d1
      .prepare(
        `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, test_mode, email, shipping_address, billing_address, shipping_option,
           coupons, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, included_tax_cents, grand_total_cents,
           status, status_token_hash, created_on, language)
         VALUES (?1, ?2, (SELECT last_number FROM order_counters WHERE website_id = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 'paid', ?17, ?18, ?19)`,
      )
      .bind(
        o.orderId, o.websiteId, o.purchasedCartId, o.testMode ? 1 : 0, o.email, json(o.shippingAddress), json(o.billingAddress), json(o.shippingOption),
        JSON.stringify(o.couponCodes), o.currency, o.subtotalCents, o.discountCents, o.shippingCents, o.taxCents, o.includedTaxCents, o.grandTotalCents,
        o.statusTokenHash, o.now, o.language ?? null,
      ),
  ];
}

/** One line of an order, at `position` in the order's list. */
export function orderLineStatement(d1: D1Database, o: { orderId: string; websiteId: string }, line: OrderLineRow, position: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO order_lines (id, order_id, website_id, item_id, variant_id, sku, product_name, product_type, quantity, unit_price_cents, position, additional_fields)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
    )
    .bind(
      newRowId(), o.orderId, o.websiteId, line.itemId, line.variantId, line.sku, line.productName, line.productType, line.quantity, line.unitPriceCents, position,
      line.additionalFields ?? null,
    );
}

/** The captured payment of an order. */
export function capturedPaymentStatement(
  d1: D1Database,
  p: { orderId: string; websiteId: string; provider: string; providerRef: string; amountCents: number; currency: string; now: number },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'captured', ?8)`,
    )
    .bind(newRowId(), p.websiteId, p.orderId, p.provider, p.providerRef, p.amountCents, p.currency, p.now);
}
