/**
 * fix4 (issue 29): the owner's order detail lists a French order's mails, whose subjects name the
 * order in French ('commande n° 1001'), as it lists an English order's ('order #1001'); neither
 * lists the other order's mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne, placeOrder } from '../api/commerce/test-checkout.js';

let worker: RunningWorker;
let owner: SignedIn;
const MUG = 'FK-MUG-08-OAT';

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  await setStock(worker.db, MUG, 100);
}, 120_000);
afterAll(() => worker?.dispose());

async function order(email: string, language: string | undefined, ip: string): Promise<number> {
  const v = new TestVisitor(worker, ip);
  await v.visit(language ? `/${language}/` : '/');
  const mug = await variantOf(worker.db, MUG);
  expect((await addOne(v, mug.itemId, MUG)).status).toBe(200);
  const res = await placeOrder(v, { extra: { email, ...(language ? { language } : {}) } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.order.orderNumber as number;
}

async function detail(orderNumber: number) {
  const res = await worker.fetch(`/api/commerce/owner/orders/${orderNumber}`, { headers: owner.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as { mails: { kind: string; subject: string; toAddress: string }[]; timeline: { kind: string; text: string }[] };
}

describe("the owner's order detail of a French order", () => {
  it('lists its French confirmation and shipping mails (the timeline shows them); an English order keeps its English one', async () => {
    // Both to one address: each detail must pick its own order's mail by the number its words give.
    const email = 'commande@example.fr';
    const fr = await order(email, 'fr', '198.51.100.201');
    const en = await order(email, undefined, '198.51.100.202');

    const french = await detail(fr);
    expect(french.mails).toEqual([
      expect.objectContaining({ kind: 'order-confirmation', toAddress: email, subject: expect.stringMatching(new RegExp(`\\u00a0: commande n°\\u00a0${fr} confirmée$`)) }),
    ]);
    expect(french.timeline.filter((e) => e.kind === 'mail')).toEqual([expect.objectContaining({ text: expect.stringContaining(`commande n°\u00a0${fr} confirmée`) })]);

    // Its French shipping notice too, and the review request the fulfilment queues (its subject names the order inside `{which}`).
    const shipped = await worker.fetch(`/api/commerce/owner/orders/${fr}/fulfilments`, { method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ carrier: 'La Poste' }) });
    expect(shipped.status).toBe(201);
    const subjects = (await detail(fr)).mails.map((m) => [m.kind, m.subject.replace(/^.*?\u00a0: /, '')]).sort(([a], [b]) => a!.localeCompare(b!));
    expect(subjects).toEqual([
      ['order-confirmation', `commande n°\u00a0${fr} confirmée`],
      ['order-shipped', `la commande n°\u00a0${fr} a été expédiée`],
      ['review-request', `que pensez-vous de votre commande n°\u00a0${fr}\u00a0?`],
    ]);

    const english = await detail(en);
    expect(english.mails).toEqual([expect.objectContaining({ kind: 'order-confirmation', toAddress: email, subject: expect.stringMatching(new RegExp(`: order #${en} confirmed$`)) })]);
  });
});
