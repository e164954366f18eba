import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { clubPlans, shopper, subscribe } from './test-subscription.js';
import { ownerSessions } from './test-owner.js';

/**
 * The owner's subscriptions over HTTP (GET /api/commerce/owner/subscriptions, POST .../:id/cancel,
 * what /config/subscriptions draws): subscriptions made through checkout, canceled by the owner.
 */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
let ip = 0;

beforeAll(async () => {
  worker = await startWorker();
  as = await ownerSessions(worker, 'subs');
}, 60_000);
afterAll(() => worker?.dispose());

async function subscribed(email: string, plan = 0): Promise<{ id: string; orderNumber: number }> {
  const v = await shopper(worker, `198.51.100.${(ip++ % 200) + 20}`);
  const res = await subscribe(v, worker.db, { email, planId: (await clubPlans(worker.db))[plan] });
  expect(res.status).toBe(201);
  const { id } = (await worker.db.prepare('SELECT id FROM subscriptions WHERE first_order_id = ?').bind(res.json.order.id).first<{ id: string }>())!;
  return { id, orderNumber: res.json.order.orderNumber };
}

const API = '/api/commerce/owner/subscriptions';
const stateOf = (id: string) => worker.db.prepare('SELECT status, next_billing_at AS next FROM subscriptions WHERE id = ?').bind(id).first<{ status: string; next: number | null }>();
const cancel = (who: typeof as.admin, id: string, crumb?: string | null) => who.send('POST', `${API}/${encodeURIComponent(id)}/cancel`, {}, crumb);
const rowOf = async (id: string, query = '') => ((await as.admin.get(`${API}${query}`)).json.subscriptions as { id: string }[]).find((s) => s.id === id) as any;

describe('/api/commerce/owner/subscriptions', () => {
  it('answers the roles allowed it; the screen is the shell for them, the sign-in form for anonymous visitors', async () => {
    const list = await as.manager.get(API);
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ subscriptions: [], next: null });
    expect((await as.reporter.get(API)).status).toBe(403);
    expect((await as.anonymous.get(API)).status).toBe(401);
    expect((await as.manager.page('/config/subscriptions')).html).toContain('data-owner-shell');
    expect((await as.reporter.page('/config/subscriptions')).status).toBe(403);
    expect((await as.anonymous.page('/config/subscriptions')).html).toContain('action="/config/sign-in"');
  });

  it('lists each subscription with its state, SPEC §9 wording, next billing date, cycles and email, newest first', async () => {
    const open = await subscribed('open@example.com', 0);
    const fixed = await subscribed('fixed@example.com', 1);
    const { json } = await as.admin.get(API);
    const ids = (json.subscriptions as { id: string }[]).map((s) => s.id);
    expect(ids.indexOf(fixed.id)).toBeLessThan(ids.indexOf(open.id));
    const a = await rowOf(open.id);
    expect(a).toMatchObject({ email: 'open@example.com', status: 'active', cyclesBilled: 1, numBillingCycles: 0, firstOrderNumber: open.orderNumber, nextBillingDate: (await stateOf(open.id))!.next });
    expect(a.priceWording).toMatch(/^\$[\d.,]+ every month$/);
    const b = await rowOf(fixed.id);
    expect(b.priceWording).toMatch(/every month for 6 months$/);
    expect(b).toMatchObject({ cyclesBilled: 1, numBillingCycles: 6 });
    expect(await rowOf(open.id, '?status=canceled')).toBeUndefined();
    expect((await as.admin.get(`${API}?status=bogus`)).status).toBe(400);
  });

  it('refuses a cancel without the crumb or by a role without the permission', async () => {
    const s = await subscribed('keep@example.com');
    expect((await cancel(as.admin, s.id, null)).status).toBe(401);
    expect((await cancel(as.admin, s.id, 'forged-crumb-0123456789')).status).toBe(401);
    expect((await cancel(as.reporter, s.id)).status).toBe(403);
    expect((await cancel(as.anonymous, s.id, null)).status).toBe(401);
    expect((await stateOf(s.id))!.status).toBe('active');
  });

  it('cancels exactly once under concurrent calls; nothing further is due', async () => {
    const s = await subscribed('leave@example.com');
    const answers = await Promise.all(Array.from({ length: 8 }, () => cancel(as.manager, s.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect(answers.find((a) => a.status === 409)!.json.message).toBe('That subscription was already canceled or ended.');
    expect(await stateOf(s.id)).toEqual({ status: 'canceled', next: null });
    // One notice to the subscriber, however many clicks.
    const mails = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'subscription-canceled' AND to_address = 'leave@example.com'").all<{ subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.subject).toMatch(/: your subscription to .+ is canceled$/);
    expect(mails.results[0]!.text).toContain('There will be no further payments.');
    expect(await rowOf(s.id)).toMatchObject({ status: 'canceled', nextBillingDate: null });
  });

  it('never cancels an ended subscription, and says so for an unknown one', async () => {
    const s = await subscribed('ended@example.com');
    await worker.db.prepare("UPDATE subscriptions SET status = 'ended', next_billing_at = NULL WHERE id = ?").bind(s.id).run();
    expect((await cancel(as.admin, s.id)).status).toBe(409);
    expect((await stateOf(s.id))!.status).toBe('ended');
    expect((await worker.db.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'subscription-canceled' AND to_address = 'ended@example.com'").first<{ n: number }>())!.n).toBe(0);
    expect((await cancel(as.admin, 'no-such-subscription')).status).toBe(404);
  });
});
