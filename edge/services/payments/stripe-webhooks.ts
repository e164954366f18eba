import type Stripe from 'stripe';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { ApiError } from '../../errors.js';
import { rawD1 } from '../cart/raw.js';
import { Stripe as StripeLib, stripeCrypto } from './stripe-client.js';
import { INTENT_METADATA } from './stripe-errors.js';

/** How a webhook delivery was handled (the JSON answer, for Stripe's dashboard and tests). */
export interface WebhookOutcome {
  received: true;
  duplicate?: true;
  ignored?: true;
  /** Payment rows whose state changed. */
  updated?: number;
}

/**
 * Verifies a delivery's `Stripe-Signature` over the raw body (HMAC-SHA256 through Web
 * Crypto, with Stripe's default 5-minute tolerance). Throws on a bad or stale signature.
 */
function verifyStripeEvent(rawBody: string, signature: string, secret: string): Promise<Stripe.Event> {
  return StripeLib.webhooks.constructEventAsync(rawBody, signature, secret, undefined, stripeCrypto());
}

/**
 * A webhook request's verified event, for every Stripe webhook route (orders and plan
 * billing): 400 `invalid_signature` when the `Stripe-Signature` header is missing, forged,
 * over another body or past the tolerance. Nothing is read from the body before this.
 */
export async function verifiedStripeRequest(request: { header(name: string): string | undefined; text(): Promise<string> }, secret: string): Promise<Stripe.Event> {
  const signature = request.header('Stripe-Signature');
  if (!signature) throw new ApiError(400, 'invalid_signature', 'The Stripe-Signature header is missing.');
  const raw = await request.text();
  return verifyStripeEvent(raw, signature, secret).catch(() => {
    throw new ApiError(400, 'invalid_signature', 'The webhook signature does not match.');
  });
}

/** Payment states a late or repeated event must not overwrite. */
const SETTLED = `('refunded', 'partially_refunded', 'refund_failed')`;

function paymentUpdates(db: Db, event: Stripe.Event): { ref?: string; site?: string; statements: D1PreparedStatement[] } {
  const d1 = rawD1(db);
  const setStatus = (ref: string, status: string, unless: string) =>
    d1.prepare(`UPDATE payments SET status = ?2 WHERE provider = 'stripe' AND provider_ref = ?1 AND status NOT IN ${unless}`).bind(ref, status);
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return { ref: intent.id, site: intent.metadata?.[INTENT_METADATA.site], statements: [setStatus(intent.id, 'captured', SETTLED)] };
    }
    case 'payment_intent.payment_failed': {
      // Checkout records a payment only once captured, so this changes only a row not yet settled.
      const intent = event.data.object;
      return { ref: intent.id, site: intent.metadata?.[INTENT_METADATA.site], statements: [setStatus(intent.id, 'failed', `('captured', ${SETTLED.slice(1)}`)] };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const ref = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!ref) return { statements: [] };
      const full = charge.amount_refunded >= charge.amount;
      const statements = [
        d1.prepare(`UPDATE payments SET status = ?2 WHERE provider = 'stripe' AND provider_ref = ?1 AND status <> 'refunded'`).bind(ref, full ? 'refunded' : 'partially_refunded'),
      ];
      if (full) {
        statements.push(
          d1.prepare(`UPDATE orders SET status = 'refunded' WHERE id IN (SELECT order_id FROM payments WHERE provider = 'stripe' AND provider_ref = ?1 AND order_id IS NOT NULL)`).bind(ref),
        );
      }
      return { ref, site: charge.metadata?.[INTENT_METADATA.site], statements };
    }
    default:
      return { statements: [] };
  }
}

/**
 * Applies a verified Stripe event to the order's payment state, once per event id: the
 * updates only move a payment forward (a late `succeeded` never undoes a refund), and the
 * event row is written in the same batch, so a repeat delivery is answered as a duplicate.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event, fallbackSiteId: string, now: number): Promise<WebhookOutcome> {
  const d1 = rawD1(db);
  const seen = await d1.prepare(`SELECT 1 AS seen FROM payment_events WHERE provider = 'stripe' AND event_id = ?1`).bind(event.id).first();
  if (seen) return { received: true, duplicate: true };
  const { ref, site, statements } = paymentUpdates(db, event);
  const record = d1
    .prepare(`INSERT INTO payment_events (provider, event_id, website_id, type, payment_ref, received_on) VALUES ('stripe', ?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING`)
    .bind(event.id, site ?? fallbackSiteId, event.type, ref ?? null, now);
  const results = await d1.batch([...statements, record]);
  if (statements.length === 0) return { received: true, ignored: true };
  const updated = results.slice(0, statements.length).reduce((n, r) => n + (r.meta?.changes ?? 0), 0);
  return { received: true, updated };
}
