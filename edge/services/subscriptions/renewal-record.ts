import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { DONATION_ITEM } from '../../../domain/commerce/donations.js';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { capturedPaymentStatement, orderLineStatement, paidOrderStatements } from '../orders/order-statements.js';
import { stoppedByRevoke } from '../members/paid.js';
import type { SubscriptionRow } from './subscription-json.js';
import { orderEventStatements } from '../webhooks/fact-events.js';

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
 * (unique per subscription and cycle too; refused when a revoke stopped the plan meanwhile),
 * and the attempt's stock reservation cleared.
 */
export function renewalStatements(db: Db, s: SubscriptionRow, r: RenewalRecordInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return [
    ...paidOrderStatements(d1, {
      orderId: r.orderId,
      websiteId: s.websiteId,
      // A monthly donation's renewal is a donation too (its kind is read from this prefix, issue 30).
      purchasedCartId: s.itemId === DONATION_ITEM ? `donation:renewal:${s.id}:${r.cycle}` : `renewal:${s.id}:${r.cycle}`,
      testMode: r.testMode,
      email: s.email,
      shippingAddress: s.shippingAddress || null,
      billingAddress: null,
      shippingOption: null,
      couponCodes: [],
      currency: s.currency,
      subtotalCents: s.subtotalCents,
      discountCents: 0,
      shippingCents: s.shippingCents,
      taxCents: s.taxCents,
      includedTaxCents: 0,
      grandTotalCents: s.renewalTotalCents,
      statusTokenHash: r.statusTokenHash,
      now: r.now,
    }),
    orderLineStatement(d1, { orderId: r.orderId, websiteId: s.websiteId }, s, 0),
    capturedPaymentStatement(d1, {
      orderId: r.orderId, websiteId: s.websiteId, provider: r.provider, providerRef: r.providerRef, amountCents: s.renewalTotalCents, currency: s.currency, now: r.now,
    }),
    // The guard: when the owner revoked the membership and stopped the plan while this renewal
    // was being charged, the NULL order id aborts the batch and renew.ts refunds the charge.
    d1
      .prepare(
        `INSERT INTO account_orders (order_id, website_id, site_user_id, subscription_id, cycle, created_on)
         VALUES (CASE WHEN ${stoppedByRevoke('?4')} THEN NULL ELSE ?1 END, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(r.orderId, s.websiteId, s.siteUserId, s.id, r.cycle, r.now),
    d1.prepare('UPDATE subscriptions SET failed_attempts = 0, last_failure = NULL, updated_on = ?2 WHERE id = ?1').bind(s.id, r.now),
    d1.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?1').bind(r.attemptId),
    // Webhook events (order.created, order.paid) in the renewal's own batch (edge/services/webhooks).
    ...orderEventStatements(
      d1,
      {
        orderId: r.orderId, websiteId: s.websiteId, email: s.email, currency: s.currency,
        lines: [{ quantity: s.quantity, productName: s.productName, sku: s.sku, unitPriceCents: s.unitPriceCents }],
        subtotalCents: s.subtotalCents, discountCents: 0, shippingTotalCents: s.shippingCents, taxTotalCents: s.taxCents, grandTotalCents: s.renewalTotalCents,
      },
      s.renewalTotalCents,
      r.now,
      { subscriptionId: s.id, cycle: r.cycle },
    ),
  ];
}
