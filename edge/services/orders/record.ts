import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import type { CartView } from '../cart/index.js';
import type { CheckoutTotals } from '../checkout/totals.js';
import { capturedPaymentStatement, orderLineStatement, paidOrderStatements } from './order-statements.js';

export interface OrderRecordInput {
  orderId: string;
  attemptId: string;
  websiteId: string;
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
  /** The shopper's added language (issue 29), else null. */
  language?: string | null;
  now: number;
}

/**
 * The batch that records a paid order: the next order number of the site (1001 first,
 * counted in this same batch so numbers never repeat), the order and its lines, the
 * payment, the cart marked purchased and the attempt's reservations cleared (the units are
 * sold). place.ts adds the key's own step (it points at the order) and the mails.
 */
export function recordStatements(db: Db, r: OrderRecordInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const t = r.totals;
  return [
    ...paidOrderStatements(d1, {
      orderId: r.orderId,
      websiteId: r.websiteId,
      purchasedCartId: r.view.record.id,
      testMode: r.testMode,
      email: r.email,
      shippingAddress: r.shippingAddress,
      billingAddress: r.billingAddress,
      shippingOption: t.selectedShippingOption,
      couponCodes: r.couponCodes,
      currency: t.currency,
      subtotalCents: t.subtotalCents,
      discountCents: t.discountCents,
      shippingCents: t.shippingCostCents,
      taxCents: t.taxCents,
      includedTaxCents: t.includedTaxCents,
      grandTotalCents: t.grandTotalCents,
      statusTokenHash: r.statusTokenHash,
      language: r.language ?? null,
      now: r.now,
    }),
    ...r.view.entries.map((e, position) => orderLineStatement(d1, r, { ...e, productName: e.title }, position)),
    capturedPaymentStatement(d1, { ...r.payment, orderId: r.orderId, websiteId: r.websiteId, currency: t.currency, now: r.now }),
    d1.prepare('UPDATE carts SET is_purchased = 1, order_id = ?2, updated_on = ?3 WHERE id = ?1').bind(r.view.record.id, r.orderId, r.now),
    d1.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?1').bind(r.attemptId),
  ];
}

