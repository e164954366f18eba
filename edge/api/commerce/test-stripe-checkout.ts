/**
 * Test helper: the Stripe checkout as the storefront drives it: a shopper with
 * a cart, the server's intent, Stripe.js's confirm (the local Stripe server), the order.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from './test-catalog.js';
import { ADDRESS_OR, addOne } from './test-checkout.js';
import type { FakeStripe } from './test-stripe-server.js';
import { TestVisitor, type Answer } from './test-visitor.js';

export const STRIPE_SECRET_KEY = 'sk_test_atelier_fake_key';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';

/** The worker bindings of a Stripe deployment pointed at the local Stripe server. */
export const stripeBindings = (stripe: FakeStripe) => ({
  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_atelier', STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
});

export const CHOICES = { shippingAddress: ADDRESS_OR, shippingOptionId: 'us-standard' };

export interface ReadyToPay {
  v: TestVisitor;
  /** The PaymentIntent the server made, confirmed by "Stripe.js" with the card. */
  id: string;
  amount: number;
}

/** The Stripe checkout steps against one worker (read lazily: it starts in beforeAll). */
export function stripeShop(worker: () => RunningWorker, stripe: FakeStripe) {
  let ip = 10;
  const shop = {
    /** A new visitor (own address, own rate budget) with `quantity` of `sku` in the cart. */
    async shopperWith(sku: string, quantity = 1): Promise<TestVisitor> {
      const v = new TestVisitor(worker(), `198.51.100.${ip++}`);
      await v.visit('/api/commerce/shopping-cart');
      const variant = await variantOf(worker().db, sku);
      expect((await addOne(v, variant.itemId, sku, quantity)).status).toBe(200);
      return v;
    },
    intentFor: (v: TestVisitor, body: Record<string, unknown> = CHOICES): Promise<Answer> => v.send('POST', '/api/commerce/payments/stripe/intent', body),
    payWith: (v: TestVisitor, paymentIntentId: string, key = randomUUID(), body: Record<string, unknown> = CHOICES): Promise<Answer> =>
      v.send('POST', '/api/commerce/orders', { email: 'ada@example.com', ...body, payment: { provider: 'stripe', paymentIntentId } }, { headers: { 'Idempotency-Key': key } }),
    /** Stock set, a shopper with one `sku`, the intent made and confirmed with `card`: ready to place the order. */
    async readyToPay(sku: string, o: { stock?: number; quantity?: number; card?: string } = {}): Promise<ReadyToPay> {
      if (o.stock !== undefined) await setStock(worker().db, sku, o.stock);
      const v = await shop.shopperWith(sku, o.quantity);
      const prepared = await shop.intentFor(v);
      expect(prepared.status).toBe(200);
      stripe.confirm(prepared.json.paymentIntent.id, o.card);
      return { v, id: prepared.json.paymentIntent.id as string, amount: prepared.json.paymentIntent.amount as number };
    },
    /** readyToPay, then the order placed (201). */
    async paidOrder(sku: string, o: { stock?: number } = {}): Promise<ReadyToPay & { orderId: string }> {
      const ready = await shop.readyToPay(sku, o);
      const res = await shop.payWith(ready.v, ready.id);
      expect(res.status).toBe(201);
      return { ...ready, orderId: res.json.order.id as string };
    },
  };
  return shop;
}
