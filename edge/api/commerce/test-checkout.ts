/** Test helper: checkout requests as the storefront sends them. */
import { randomUUID } from 'node:crypto';
import type { Answer, TestVisitor } from './test-visitor.js';

export const ADDRESS_OR = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
export const ADDRESS_NY = { ...ADDRESS_OR, city: 'New York', region: 'NY', postalCode: '10001' };
export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000000000000002', noFunds: '4000000000009995' } as const;

export interface OrderOptions {
  key?: string;
  card?: string;
  address?: Record<string, string> | undefined;
  extra?: Record<string, unknown>;
}

export function placeOrder(v: TestVisitor, o: OrderOptions = {}): Promise<Answer> {
  const address = 'address' in o ? o.address : ADDRESS_OR;
  return v.send(
    'POST',
    '/api/commerce/orders',
    { email: 'ada@example.com', ...(address ? { shippingAddress: address } : {}), payment: { provider: 'test', card: { number: o.card ?? CARDS.ok, expMonth: 12, expYear: 2034, cvc: '123' } }, ...o.extra },
    { headers: { 'Idempotency-Key': o.key ?? randomUUID() } },
  );
}

export function addOne(v: TestVisitor, itemId: string, sku: string, quantity = 1): Promise<Answer> {
  return v.send('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null });
}
