import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { webhookEventStatements } from './events.js';

/**
 * The events of the facts the shop records, each meant for the batch that records the fact
 * (docs/api/webhooks.md, "Events"). Payloads carry what a receiver needs to act; money in
 * integer minor units.
 */

export interface OrderEventFacts {
  orderId: string;
  websiteId: string;
  email: string;
  currency: string;
  lines: readonly { quantity: number; productName: string; sku: string | null; unitPriceCents: number }[];
  subtotalCents: number;
  discountCents: number;
  shippingTotalCents: number;
  taxTotalCents: number;
  grandTotalCents: number;
}

/**
 * order.created and order.paid of an order recorded paid (checkout records an order only
 * once its payment is captured, so both happen in the same batch). The order number is
 * counted inside that batch: each event reads it from the new order row. Subscription
 * renewals record their orders the same way (`extra`: the subscription and cycle).
 */
export function orderEventStatements(d1: D1Database, o: OrderEventFacts, paidCents: number, now: number, extra: Record<string, unknown> = {}): D1PreparedStatement[] {
  const order = {
    ...extra,
    orderId: o.orderId,
    email: o.email,
    currency: o.currency,
    lines: o.lines,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingTotalCents,
    taxCents: o.taxTotalCents,
    grandTotalCents: o.grandTotalCents,
  };
  const fromOrder = (payload: object) => ({
    payloadSql: "json_set(?5, '$.orderNumber', o.order_number)",
    fromSql: 'FROM orders o WHERE o.id = ?6',
    binds: [JSON.stringify(payload), o.orderId],
  });
  return [
    ...webhookEventStatements(d1, { websiteId: o.websiteId, type: 'order.created', source: fromOrder(order), now }),
    ...webhookEventStatements(d1, { websiteId: o.websiteId, type: 'order.paid', source: fromOrder({ ...order, paidCents }), now }),
  ];
}

/** form.submitted, when the submission was stored as received (held submissions send nothing). */
export function formSubmittedStatements(d1: D1Database, s: { websiteId: string; submissionId: string; formId: string; values: unknown; pagePath: string | null }, now: number): D1PreparedStatement[] {
  return webhookEventStatements(d1, {
    websiteId: s.websiteId,
    type: 'form.submitted',
    source: {
      payloadSql: '?5',
      fromSql: "FROM form_submissions WHERE id = ?6 AND status = 'received'",
      binds: [JSON.stringify({ submissionId: s.submissionId, formId: s.formId, pagePath: s.pagePath, values: s.values }), s.submissionId],
    },
    now,
  });
}

/** newsletter.subscribed, when a subscriber confirms (double opt-in): only the confirmation that changed the status (confirmed_on is this one's time). */
export function newsletterSubscribedStatements(d1: D1Database, websiteId: string, tokenHash: string, now: number): D1PreparedStatement[] {
  return webhookEventStatements(d1, {
    websiteId,
    type: 'newsletter.subscribed',
    source: {
      payloadSql: "json_object('subscriberId', s.id, 'listId', s.list_id, 'listName', (SELECT name FROM mailing_lists l WHERE l.id = s.list_id), 'email', s.email, 'confirmedOn', s.confirmed_on)",
      fromSql: "FROM mailing_list_subscribers s WHERE s.confirm_token_hash = ?5 AND s.website_id = ?2 AND s.status = 'confirmed' AND s.confirmed_on = ?4",
      binds: [tokenHash],
    },
    now,
  });
}

/** restock.signed_up, each time a visitor signs up for a variant's back-in-stock notice. */
export function restockSignedUpStatements(d1: D1Database, s: { websiteId: string; productId: string; variantId: string; email: string; language: string | null }, now: number): D1PreparedStatement[] {
  return webhookEventStatements(d1, { websiteId: s.websiteId, type: 'restock.signed_up', payload: { productId: s.productId, variantId: s.variantId, email: s.email, language: s.language }, now });
}
