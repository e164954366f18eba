/** Test helper: gift cards and gift-card orders on the worker's D1. */
import { randomUUID } from 'node:crypto';
import type { D1Database } from '@cloudflare/workers-types';
import { giftCardCodeHash, newGiftCardCode, normaliseGiftCardCode } from '../../services/gift-cards/index.js';
import { ADDRESS_OR, CARDS } from './test-checkout.js';
import type { Answer, TestVisitor } from './test-visitor.js';

/** A card on the demo site with `cents` on it, as if bought; returns its code and id. */
export async function seedGiftCard(db: D1Database, cents: number): Promise<{ code: string; id: string }> {
  const code = newGiftCardCode();
  const plain = normaliseGiftCardCode(code)!;
  const id = randomUUID();
  const site = (await db.prepare('SELECT website_id AS id FROM products LIMIT 1').first<{ id: string }>())!.id;
  await db
    .prepare(`INSERT INTO gift_cards (id, website_id, code, code_last4, currency, initial_cents, balance_cents, created_on) VALUES (?, ?, ?, ?, 'USD', ?, ?, ?)`)
    .bind(id, site, await giftCardCodeHash(plain), plain.slice(-4), cents, cents, Date.now())
    .run();
  return { code, id };
}

export async function balanceOf(db: D1Database, id: string): Promise<number> {
  return (await db.prepare('SELECT balance_cents AS n FROM gift_cards WHERE id = ?').bind(id).first<{ n: number }>())!.n;
}

export interface GiftOrder {
  giftCardCode?: string;
  /** A test card number, or null to send no card at all. */
  card?: string | null;
  /** Null for a purely digital cart (no shipping address). */
  address?: Record<string, string> | null;
  key?: string;
  extra?: Record<string, unknown>;
}

export function placeGiftOrder(v: TestVisitor, o: GiftOrder = {}): Promise<Answer> {
  const card = o.card === null ? undefined : { number: o.card ?? CARDS.ok, expMonth: 12, expYear: 2034, cvc: '123' };
  const address = o.address === null ? undefined : (o.address ?? ADDRESS_OR);
  return v.send(
    'POST',
    '/api/commerce/orders',
    {
      email: 'gift@example.com',
      ...(address ? { shippingAddress: address } : {}),
      ...(o.giftCardCode !== undefined ? { giftCardCode: o.giftCardCode } : {}),
      ...(card ? { payment: { provider: 'test', card } } : {}),
      ...o.extra,
    },
    { headers: { 'Idempotency-Key': o.key ?? randomUUID() } },
  );
}
