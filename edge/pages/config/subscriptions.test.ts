import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { clubPlans, shopper, subscribe } from '../../api/commerce/test-subscription.js';
import { ownerSessions } from './test-owner.js';

/** /config/subscriptions over HTTP: subscriptions made through checkout, canceled by the owner. */
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

const rowOf = (html: string, id: string) => new RegExp(`<tr data-subscription="${id}">(.*?)</tr>`, 's').exec(html)?.[1] ?? '';
const stateOf = (id: string) => worker.db.prepare('SELECT status, next_billing_at AS next FROM subscriptions WHERE id = ?').bind(id).first<{ status: string; next: number | null }>();
const cancel = (who: typeof as.admin, id: string, crumb?: string | null) => who.post('/config/subscriptions/cancel', { subscriptionId: id }, crumb);

describe('/config/subscriptions', () => {
  it('shows the empty state, and only to roles allowed it', async () => {
    const page = await as.manager.get('/config/subscriptions');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-subscriptions-empty');
    expect((await as.reporter.get('/config/subscriptions')).status).toBe(403);
    expect((await as.anonymous.get('/config/subscriptions')).html).toContain('action="/config/sign-in"');
  });

  it('lists each subscription with its state, SPEC §9 wording, next billing date, cycles and email', async () => {
    const open = await subscribed('open@example.com', 0);
    const fixed = await subscribed('fixed@example.com', 1);
    const page = await as.admin.get('/config/subscriptions');
    const a = rowOf(page.html, open.id);
    expect(a).toContain('<td>open@example.com</td>');
    expect(a).toMatch(/<td data-wording>\$[\d.,]+ every month<\/td>/);
    expect(a).toContain('<td data-cycles>1 / ∞</td>');
    expect(a).toContain(`<a href="/config/orders/${open.orderNumber}">`);
    expect(a).toContain('data-state="active">Active');
    const next = (await stateOf(open.id))!.next!;
    const site = (await worker.db.prepare('SELECT time_zone AS zone FROM websites WHERE is_default = 1').first<{ zone: string }>())!;
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: site.zone }).format(next);
    expect(a).toContain(`<td data-next-billing>${date}</td>`);
    const b = rowOf(page.html, fixed.id);
    expect(b).toMatch(/every month for 6 months<\/td>/);
    expect(b).toContain('<td data-cycles>1 / 6</td>');
    // Newest first.
    expect(page.html.indexOf(fixed.id)).toBeLessThan(page.html.indexOf(open.id));
    expect((await as.admin.get('/config/subscriptions?status=canceled')).html).not.toContain(open.id);
    expect((await as.admin.get('/config/subscriptions?status=bogus')).status).toBe(400);
  });

  it('refuses a cancel without the crumb or by a role without the permission', async () => {
    const s = await subscribed('keep@example.com');
    expect((await cancel(as.admin, s.id, null)).status).toBe(401);
    expect((await cancel(as.admin, s.id, 'forged-crumb-0123456789')).status).toBe(401);
    expect((await cancel(as.reporter, s.id)).status).toBe(403);
    expect((await cancel(as.anonymous, s.id, null)).status).toBe(401);
    expect((await stateOf(s.id))!.status).toBe('active');
  });

  it('cancels exactly once under concurrent posts; nothing further is due', async () => {
    const s = await subscribed('leave@example.com');
    const answers = await Promise.all(Array.from({ length: 8 }, () => cancel(as.manager, s.id)));
    const outcomes = answers.map((a) => a.location!.replace('/config/subscriptions?notice=', '')).sort();
    expect(outcomes).toEqual(['canceled', ...Array(7).fill('not-billable')]);
    expect(await stateOf(s.id)).toEqual({ status: 'canceled', next: null });
    // One notice to the subscriber, however many clicks.
    const mails = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'subscription-canceled' AND to_address = 'leave@example.com'").all<{ subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.subject).toMatch(/: your subscription to .+ is canceled$/);
    expect(mails.results[0]!.text).toContain('There will be no further payments.');
    const page = await as.admin.get('/config/subscriptions?notice=canceled');
    expect(page.html).toContain('Subscription canceled. The shopper will not be charged again.');
    const row = rowOf(page.html, s.id);
    expect(row).toContain('data-state="canceled">Canceled');
    expect(row).toContain('<td data-next-billing>—</td>');
    expect(row).not.toContain('action="/config/subscriptions/cancel"');
  });

  it('never cancels an ended subscription, and says so for an unknown one', async () => {
    const s = await subscribed('ended@example.com');
    await worker.db.prepare("UPDATE subscriptions SET status = 'ended', next_billing_at = NULL WHERE id = ?").bind(s.id).run();
    expect((await cancel(as.admin, s.id)).location).toBe('/config/subscriptions?notice=not-billable');
    expect((await stateOf(s.id))!.status).toBe('ended');
    expect((await worker.db.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'subscription-canceled' AND to_address = 'ended@example.com'").first<{ n: number }>())!.n).toBe(0);
    expect((await cancel(as.admin, 'no-such-subscription')).location).toBe('/config/subscriptions?notice=missing');
  });

  it('renders the subscriber email as text', async () => {
    const s = await subscribed('xss@example.com');
    await worker.db.prepare('UPDATE subscriptions SET email = ?2, product_name = ?3 WHERE id = ?1').bind(s.id, '<script>alert(1)</script>@x.test', '<img src=x onerror=alert(2)>').run();
    const page = await as.admin.get('/config/subscriptions');
    expect(page.html).not.toMatch(/<script>alert|<img src=x/);
    expect(rowOf(page.html, s.id)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@x.test');
  });
});
