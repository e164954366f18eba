/**
 * fix5: the owner's order detail (GET /api/commerce/owner/orders/:number) lists an order's mails by
 * the order they name (mail_outbox.order_id), not by their subject's wording: a confirmation the owner
 * rewords afterwards is still listed, two orders to one address keep their own mails, and a donation's
 * receipt is not listed with an order. Rows from before the column (order_id NULL) are still matched
 * by subject, and only those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../../test-support.js';
import { startFrenchSite } from '../multilingual/test-french.js';
import { setStock, variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';
import { addOne, placeOrder } from './test-checkout.js';

let worker: RunningWorker;
let owner: SignedIn;
const MUG = 'FK-MUG-08-OAT';
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  await setStock(worker.db, MUG, 100);
}, 120_000);
afterAll(() => worker?.dispose());

interface Mail { kind: string; subject: string; toAddress: string }

async function order(email: string, language: string | undefined, ip: string): Promise<{ id: string; orderNumber: number }> {
  const v = new TestVisitor(worker, ip);
  await v.visit(language ? `/${language}/` : '/');
  const mug = await variantOf(worker.db, MUG);
  expect((await addOne(v, mug.itemId, MUG)).status).toBe(200);
  const res = await placeOrder(v, { extra: { email, ...(language ? { language } : {}) } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { id: res.json.order.id as string, orderNumber: res.json.order.orderNumber as number };
}

async function mails(orderNumber: number): Promise<Mail[]> {
  const res = await worker.fetch(`/api/commerce/owner/orders/${orderNumber}`, { headers: owner.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { mails: Mail[] }).mails;
}

const kinds = async (orderNumber: number) => (await mails(orderNumber)).map((m) => m.kind).sort();

async function rewordFrench(fieldKey: string, text: string): Promise<void> {
  const res = await worker.fetch('/api/multilingual/translations', {
    method: 'PUT',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'system', entityId: 'store-texts', fieldKey, language: 'fr', text }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** An outbox row written straight to D1: as one queued before order_id existed (null) or naming another order. */
async function outboxRow(site: { id: string }, kind: string, to: string, subject: string, orderId: string | null): Promise<void> {
  await worker.db
    .prepare("INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on, order_id) SELECT ?1, website_id, ?2, ?3, ?4, 'x', ?5, ?6 FROM orders WHERE id = ?7")
    .bind(crypto.randomUUID(), kind, to, subject, Date.now() + 1000, orderId, site.id)
    .run();
}

describe("the owner's order detail lists the order's mails by order_id", () => {
  it('still lists a French confirmation after the owner rewords its subject, and one queued under words without the number', async () => {
    const email = 'reworded@example.fr';
    const before = await order(email, 'fr', '198.51.100.211');
    expect((await mails(before.orderNumber)).map((m) => m.subject)).toEqual([expect.stringContaining(`commande n°\u00a0${before.orderNumber} confirmée`)]);

    await rewordFrench('mailSubject', '{site}\u00a0: merci pour votre achat');
    // The mail sent under the old words: subject matching on today's words would no longer find it.
    expect(await mails(before.orderNumber)).toEqual([expect.objectContaining({ kind: 'order-confirmation', toAddress: email, subject: expect.stringContaining(`n°\u00a0${before.orderNumber} confirmée`) })]);
    // A new order's confirmation, whose subject names no number at all.
    const after = await order(email, 'fr', '198.51.100.212');
    expect(await mails(after.orderNumber)).toEqual([expect.objectContaining({ kind: 'order-confirmation', subject: expect.stringMatching(/\u00a0: merci pour votre achat$/) })]);
    expect(await mails(before.orderNumber)).toHaveLength(1);
  });

  it('an English and a French order to one address list only their own mails: the shipping notice and review request, the cancel and refund notices', async () => {
    const email = 'both@example.com';
    const fr = await order(email, 'fr', '198.51.100.213');
    const en = await order(email, undefined, '198.51.100.214');
    const shipped = await worker.fetch(`/api/commerce/owner/orders/${fr.orderNumber}/fulfilments`, {
      method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ carrier: 'La Poste' }),
    });
    expect(shipped.status).toBe(201);
    expect(await kinds(fr.orderNumber)).toEqual(['order-confirmation', 'order-shipped', 'review-request']);
    expect(await mails(en.orderNumber)).toEqual([expect.objectContaining({ kind: 'order-confirmation', subject: expect.stringMatching(new RegExp(`: order #${en.orderNumber} confirmed$`)) })]);
    const cancelled = await worker.fetch(`/api/commerce/owner/orders/${en.orderNumber}/cancel`, {
      method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({}),
    });
    expect(cancelled.status).toBe(200);
    expect(await kinds(en.orderNumber)).toEqual(['order-cancelled', 'order-confirmation', 'order-refunded']);
    expect(await kinds(fr.orderNumber)).toEqual(['order-confirmation', 'order-shipped', 'review-request']);
    const rows = await worker.db.prepare('SELECT order_id AS orderId, COUNT(*) AS n FROM mail_outbox WHERE to_address = ? GROUP BY order_id ORDER BY order_id = ?').bind(email, fr.id).all<{ orderId: string; n: number }>();
    expect(rows.results).toEqual([{ orderId: en.id, n: 3 }, { orderId: fr.id, n: 3 }]);
  });

  it("does not list a donation's receipt to the same address, nor a row of another order or an old receipt naming the same number", async () => {
    const email = 'giver@example.com';
    const o = await order(email, undefined, '198.51.100.215');
    const v = new TestVisitor(worker, '198.51.100.216');
    await v.visit('/api/commerce/shopping-cart');
    const gift = await v.send('POST', '/api/commerce/donations', { amount: 2500, email, payment: { provider: 'test', card: CARD } }, { headers: { 'Idempotency-Key': 'fix5-donation-000001' } });
    expect(gift.status, JSON.stringify(gift.json)).toBe(201);
    const donation = gift.json.donation as { id: string; orderNumber: number };
    expect(await kinds(donation.orderNumber)).toEqual(['donation-receipt']);

    // Worded as this order's confirmation but naming the donation's order; an old receipt (no order_id) with this order's number.
    await outboxRow(o, 'order-confirmation', email, `Atelier: order #${o.orderNumber} confirmed`, donation.id);
    await outboxRow(o, 'donation-receipt', email, `Atelier: receipt for your donation #${o.orderNumber}`, null);
    expect(await kinds(o.orderNumber)).toEqual(['order-confirmation']);

    // An old order mail (no order_id) naming this order is still listed by its subject.
    await outboxRow(o, 'order-shipped', email, `Atelier: order #${o.orderNumber} has shipped`, null);
    expect(await kinds(o.orderNumber)).toEqual(['order-confirmation', 'order-shipped']);
    // The row naming the donation's order is the donation's, whatever its words.
    expect(await kinds(donation.orderNumber)).toEqual(['donation-receipt', 'order-confirmation']);
  });
});
