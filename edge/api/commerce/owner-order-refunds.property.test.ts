import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from './test-catalog.js';
import { addOne } from './test-checkout.js';
import { balanceOf, placeGiftOrder, seedGiftCard } from './test-gift-cards.js';
import { TestVisitor } from './test-visitor.js';
import { ownerSessions } from './test-owner.js';

/**
 * Property: whatever refunds an owner sends — amounts or lines, one at a time or many at
 * once, some retried with their key — on an order paid by card, by gift card or by both,
 * the refunds that count never add up to more than was paid, the card part never exceeds
 * the card payment, the gift-card part goes back onto the card exactly, and the refundable
 * amount the owner sees is what is left.
 */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
let ip = 0;
beforeAll(async () => {
  worker = await startWorker();
  as = await ownerSessions(worker, 'refund-prop');
  await setStock(worker.db, 'FK-MUG-08-OAT', 5000);
}, 60_000);
afterAll(() => worker?.dispose());

const API = '/api/commerce/owner/orders';

async function refund(number: number, body: unknown, key: string) {
  const res = await worker.fetch(`${API}/${number}/refunds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: as.admin.signed!.cookie, 'X-CSRF-Token': as.admin.signed!.xsrfToken, 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
  return res.status;
}

const step = fc.record({
  // A share of the grand total (per mille), or a number of mugs of the line.
  amountPermille: fc.integer({ min: 1, max: 1200 }),
  byLines: fc.boolean(),
  /** Sent this many times at once with one key (a doubled click). */
  copies: fc.integer({ min: 1, max: 3 }),
});

describe('owner refunds, property', () => {
  it('never refund more than was paid, split exactly between the card payment and the gift card', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(0, 1000, 5000, 40_000),
        fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        async (mugs, giftCents, rounds) => {
          const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
          await v.visit('/api/commerce/shopping-cart');
          const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
          await addOne(v, mug.itemId, 'FK-MUG-08-OAT', mugs);
          const card = giftCents ? await seedGiftCard(worker.db, giftCents) : undefined;
          const placed = await placeGiftOrder(v, { ...(card ? { giftCardCode: card.code } : {}), card: giftCents >= 40_000 ? null : undefined, extra: { shippingOptionId: 'us-standard' } });
          expect(placed.status).toBe(201);
          const o = placed.json.order as { id: string; orderNumber: number; grandTotal: number; giftCardTotal: number; items: { lineId: string; quantity: number }[] };
          const balanceAfterOrder = card ? await balanceOf(worker.db, card.id) : 0;
          for (const round of rounds) {
            await Promise.all(
              round.flatMap((s) => {
                const key = randomUUID();
                const body = s.byLines
                  ? { lines: [{ lineId: o.items[0]!.lineId, quantity: Math.max(1, Math.min(o.items[0]!.quantity, Math.ceil((s.amountPermille * o.items[0]!.quantity) / 1000))) }] }
                  : { amountCents: Math.max(1, Math.floor((o.grandTotal * s.amountPermille) / 1000)) };
                return Array.from({ length: s.copies }, () => refund(o.orderNumber, body, key));
              }),
            );
          }
          const sums = (await worker.db
            .prepare(`SELECT COALESCE(SUM(amount_cents), 0) AS total, COALESCE(SUM(provider_cents), 0) AS provider, COALESCE(SUM(gift_card_cents), 0) AS gift FROM order_refunds WHERE order_id = ? AND status = 'succeeded'`)
            .bind(o.id)
            .first<{ total: number; provider: number; gift: number }>())!;
          const paidByCard = o.grandTotal - o.giftCardTotal;
          expect(sums.total).toBeLessThanOrEqual(o.grandTotal);
          expect(sums.provider).toBeLessThanOrEqual(paidByCard);
          expect(sums.gift).toBeLessThanOrEqual(o.giftCardTotal);
          expect(sums.provider + sums.gift).toBe(sums.total);
          // The card payment is refunded first: the gift card gets something only once it is used up.
          if (sums.gift > 0) expect(sums.provider).toBe(paidByCard);
          if (card) expect(await balanceOf(worker.db, card.id)).toBe(balanceAfterOrder + sums.gift);
          const seen = (await as.admin.get(`${API}/${o.orderNumber}`)).json;
          expect(seen.refundable).toBe(o.grandTotal - sums.total);
          expect(seen.order.status).toBe(sums.total === 0 ? 'paid' : sums.total === o.grandTotal ? 'refunded' : 'partially_refunded');
          // One mail per refund that happened, no more.
          const refunds = (await worker.db.prepare(`SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ? AND status = 'succeeded'`).bind(o.id).first<{ n: number }>())!.n;
          const mailsSent = (await worker.db.prepare(`SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'order-refunded' AND subject LIKE ?`).bind(`%order #${o.orderNumber}`).first<{ n: number }>())!.n;
          expect(mailsSent).toBe(refunds);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
