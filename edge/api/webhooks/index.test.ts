import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ROLE } from '../../../domain/roles/roles.js';
import { DISABLE_AFTER_FAILURES, WEBHOOK_EVENTS } from '../../../domain/webhooks/webhook-events.js';
import { openDb } from '../../services/db.js';
import { emitEvent, webhookEventStatements } from '../../services/webhooks/index.js';
import { LEASE_MS } from '../../services/webhooks/deliver.js';
import { URL_MESSAGES } from '../../services/webhooks/url-check.js';
import { FakeDoh, TestReceiver, verifyHook, type ReceivedHook } from '../../services/webhooks/test-receiver.js';
import { setStock, variantOf } from '../commerce/test-catalog.js';
import { addOne, placeOrder } from '../commerce/test-checkout.js';
import { TestVisitor as ShopVisitor } from '../commerce/test-visitor.js';
import { shopper, subscribe } from '../commerce/test-subscription.js';
import { linkIn, queuedMails } from '../forms/test-mail-log.js';
import { ageKeys, TestVisitor } from '../forms/test-visitor.js';
import { RESTOCK_PATH, soldOutMoonJar } from '../restock/test-restock.js';

// Webhooks against a local receiver (allowed by WEBHOOK_DEV_ALLOW_ORIGINS, exactly its
// origin) and a fake DNS-over-HTTPS server; every other loopback or private target is refused.
const BASE = '/api/owner/webhooks';
const receiver = new TestReceiver();
const doh = new FakeDoh({
  'hooks.public.test': { A: ['93.184.216.34'] },
  'rebind.public.test': { A: ['93.184.216.34', '10.1.2.3'] },
  'metadata.public.test': { AAAA: ['fd00::1'] },
});
let worker: RunningWorker;
let owner: SignedIn;
beforeAll(async () => {
  await Promise.all([receiver.start(), doh.start()]);
  worker = await startWorker({ bindings: { WEBHOOK_DEV_ALLOW_ORIGINS: receiver.url, WEBHOOK_DOH_URL: doh.url } });
  const { email, password } = await demoOwner();
  owner = await signIn(worker, email, password);
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([receiver.stop(), doh.stop()]);
});

async function call(method: string, path: string, body?: unknown, who: SignedIn = owner) {
  const res = await worker.fetch(path, {
    method,
    headers: { ...who.headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const create = (url: string, events: readonly string[] = WEBHOOK_EVENTS) => call('POST', BASE, { url, events });
const cron = async (at?: number) => expect((await worker.scheduled('* * * * *', at)).outcome).toBe('ok');
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const db = () => openDb(worker.db as never);
const ids = (hooks: ReceivedHook[]) => hooks.map((h) => h.json.id);
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('webhook URLs (SSRF)', () => {
  it('refuses loopback, private, link-local and IPv6 loopback/ULA targets, literal or after DNS resolution, and plain http', async () => {
    const refused = [
      'https://127.0.0.1/hook',
      'https://127.1/hook',
      'https://2130706433/hook',
      'https://10.0.0.7/hook',
      'https://10.255.1.1:8443/hook',
      'https://172.16.5.4/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd12:3456::1]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
      'https://printer.local/hook',
      // Names whose addresses are private (one of two is enough), by the fake DNS.
      'https://rebind.public.test/hook',
      'https://metadata.public.test/hook',
    ];
    for (const url of refused) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.json, url).toMatchObject({ error: 'invalid_request', message: URL_MESSAGES.blocked, fields: { url: URL_MESSAGES.blocked } });
    }
    // Plain http, even to the allowed receiver's host on another port; credentials; unknown names.
    expect((await create('http://hooks.public.test/hook')).json.message).toBe(URL_MESSAGES.https);
    expect((await create('http://127.0.0.1:1/hook')).json.message).toBe(URL_MESSAGES.https);
    expect((await create('https://user:pw@hooks.public.test/hook')).json.message).toBe(URL_MESSAGES.credentials);
    expect((await create('https://nowhere.public.test/hook')).json.message).toBe(URL_MESSAGES.unresolved('nowhere.public.test'));
    expect((await create('not a url')).json.message).toBe(URL_MESSAGES.invalid);
    expect(await count('SELECT count(*) AS n FROM webhook_subscriptions')).toBe(0);
  });

  it('accepts an https URL whose name resolves to public addresses only, and shows its secret once', async () => {
    const res = await create('https://hooks.public.test/atelier', ['order.paid']);
    expect(res.status).toBe(201);
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.json.subscription).toMatchObject({ url: 'https://hooks.public.test/atelier', events: ['order.paid'], status: 'active', state: 'awaiting connection' });
    const list = await call('GET', BASE);
    expect(JSON.stringify(list.json)).not.toContain(res.json.secret);
    expect(list.json.connection).toEqual({ state: 'awaiting connection', connectedCount: 0 });
    expect((await call('DELETE', `${BASE}/${res.json.subscription.id}`)).status).toBe(200);
    expect((await call('DELETE', `${BASE}/${res.json.subscription.id}`)).status).toBe(404);
  });

  it('checks the body: events from the list, at least one', async () => {
    expect((await call('POST', BASE, { url: `${receiver.url}/x`, events: [] })).json.message).toBe('Choose at least one event.');
    expect((await call('POST', BASE, { url: `${receiver.url}/x`, events: ['order.shipped'] })).json.message).toBe('order.shipped is not one of the expected options');
    expect((await call('POST', BASE, { url: `${receiver.url}/x` })).status).toBe(400);
  });

  it('is for admins only', async () => {
    await createSiteUser(worker, { email: 'manager@hooks.test', password: 'manager-password-1', roles: [ROLE.storeManager] });
    const manager = await signIn(worker, 'manager@hooks.test', 'manager-password-1');
    expect((await call('GET', BASE, undefined, manager)).status).toBe(403);
    expect((await call('POST', BASE, { url: `${receiver.url}/x`, events: ['order.paid'] }, manager)).status).toBe(403);
    expect((await worker.fetch(BASE)).status).toBe(401);
  });
});

describe('delivery', () => {
  let all: { id: string; secret: string };

  it('sends every subscribed event once, signed, from the events of the shop itself', async () => {
    const made = await create(`${receiver.url}/all`);
    expect(made.status).toBe(201);
    all = { id: made.json.subscription.id, secret: made.json.secret };

    // order.created + order.paid: a checkout.
    await setStock(worker.db, 'FK-INC-01', 20);
    const shopper = new ShopVisitor(worker, '198.51.100.91');
    await shopper.visit('/api/commerce/shopping-cart');
    const incense = await variantOf(worker.db, 'FK-INC-01');
    await addOne(shopper, incense.itemId, 'FK-INC-01');
    const placed = await placeOrder(shopper, { key: randomUUID(), extra: { email: 'hooked@example.com' } });
    expect(placed.status).toBe(201);

    // form.submitted: the contact form.
    const v = new TestVisitor(worker);
    const contact = (await v.req('GET', '/contact?format=json')).json.collection.form as { id: string };
    const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const form = { name: ['Ada', 'Hook'], email: 'ada.hook@example.com', topic: 'Workshops', message: 'Hello hooks' };
    const sent = await v.req('POST', '/api/form/SaveFormSubmission', { key, formId: contact.id, form: JSON.stringify(form), pageTitle: 'Contact', pagePath: '/contact' });
    expect(sent.status).toBe(200);

    // newsletter.subscribed: a sign-up confirmed by its double opt-in link (the sign-up alone sends nothing).
    const reader = new TestVisitor(worker);
    const newsletter = (await reader.req('GET', '/?format=json')).json.newsletterForm as { id: string; fields: { id: string }[] };
    const nKey = (await reader.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    await reader.req('POST', '/api/form/SaveFormSubmission', { key: nKey, formId: newsletter.id, form: JSON.stringify({ [newsletter.fields[0]!.id]: 'reader.hook@example.com' }), pageTitle: 'Home', pagePath: '/' });
    const mail = (await queuedMails(worker)).find((m) => m.to === 'reader.hook@example.com' && m.kind === 'newsletter-confirmation')!;
    const token = new URL(linkIn(mail, '/newsletter/confirm'), 'http://x').searchParams.get('token')!;
    const confirm = () => new TestVisitor(worker).req('POST', '/newsletter/confirm', `token=${encodeURIComponent(token)}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(200); // confirming again is no second event

    // restock.signed_up.
    const { moonJar } = await soldOutMoonJar(worker);
    const collector = await TestVisitor.arrive(worker, '/shop/moon-jar');
    expect((await collector.req('POST', RESTOCK_PATH, { ...moonJar, language: 'en-US', email: 'collector.hook@example.com' })).status).toBe(200);

    // order.fulfilled: emitted by the fulfilment code through emitEvent.
    const websiteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    await emitEvent(db(), websiteId, 'order.fulfilled', { orderId: 'o-1', orderNumber: 1001, trackingNumber: 'TRACK1' });

    expect(receiver.at('/all')).toHaveLength(0); // nothing is sent inside the request
    await cron();
    await cron(); // a second run sends nothing again
    const got = receiver.at('/all');
    // The newsletter block is a form too: its sign-up is a form.submitted of its own.
    expect(got.map((h) => h.json.type).sort()).toEqual([...WEBHOOK_EVENTS, 'form.submitted'].sort());
    expect(new Set(ids(got)).size).toBe(got.length);
    for (const hook of got) {
      expect(verifyHook(hook, all.secret, nowSeconds()), hook.json.type).toBe(true);
      expect(verifyHook(hook, 'whsec_wrong', nowSeconds())).toBe(false);
      expect(hook.headers['atelier-webhook-id']).toBe(hook.json.id);
      expect(hook.headers['atelier-webhook-event']).toBe(hook.json.type);
      expect(hook.headers['content-type']).toBe('application/json');
    }
    const byType = Object.fromEntries(got.filter((h) => h.json.data.formId !== newsletter.id).map((h) => [h.json.type, h.json.data]));
    expect(got.find((h) => h.json.data.formId === newsletter.id)!.json.data.values).toEqual({ [newsletter.fields[0]!.id]: 'reader.hook@example.com' });
    expect(byType['order.paid']).toMatchObject({ email: 'hooked@example.com', orderNumber: expect.any(Number), paidCents: expect.any(Number), currency: 'USD' });
    expect(byType['order.created']!.orderNumber).toBe(byType['order.paid']!.orderNumber);
    expect(byType['form.submitted']).toMatchObject({ formId: contact.id, pagePath: '/contact', values: { email: 'ada.hook@example.com' } });
    expect(byType['newsletter.subscribed']).toMatchObject({ email: 'reader.hook@example.com', listName: 'Kiln Notes' });
    expect(byType['restock.signed_up']).toMatchObject({ ...moonJar, email: 'collector.hook@example.com' });
    expect(byType['order.fulfilled']).toEqual({ orderId: 'o-1', orderNumber: 1001, trackingNumber: 'TRACK1' });

    const list = await call('GET', BASE);
    expect(list.json.connection).toEqual({ state: 'connected', connectedCount: 1 });
    const log = await call('GET', `${BASE}/${all.id}/deliveries?limit=100`);
    expect(log.json.deliveries).toHaveLength(WEBHOOK_EVENTS.length + 1);
    expect(log.json.deliveries.every((d: any) => d.status === 'delivered' && d.lastStatusCode === 200 && d.attempts === 1)).toBe(true);
  });

  it('retries a receiver that fails twice with backoff, and delivers on the third try (driven clock)', async () => {
    const flaky = await create(`${receiver.url}/flaky`, ['order.fulfilled']);
    receiver.failNext.set('/flaky', 2);
    const websiteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const t0 = Date.now();
    const eventId = await emitEvent(db(), websiteId, 'order.fulfilled', { orderId: 'o-2' }, t0);
    const delivery = () => worker.db.prepare('SELECT status, attempts, next_attempt_on AS next, last_status_code AS code FROM webhook_deliveries WHERE event_id = ? AND subscription_id = ?').bind(eventId, flaky.json.subscription.id).first<any>();

    await cron(t0);
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1, next: t0 + 60_000, code: 500 });
    await cron(t0 + 30_000); // not due yet
    expect(receiver.at('/flaky')).toHaveLength(1);
    await cron(t0 + 60_000);
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 2, next: t0 + 180_000, code: 500 });
    await cron(t0 + 120_000); // still inside the doubled wait
    expect(receiver.at('/flaky')).toHaveLength(2);
    await cron(t0 + 180_000);
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 3, code: 200 });
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(3);
    expect(new Set(ids(tries))).toEqual(new Set([eventId]));
    // Each attempt is signed at its own time: the third is valid at t0 + 180 s.
    expect(verifyHook(tries[2]!, flaky.json.secret, Math.floor((t0 + 180_000) / 1000))).toBe(true);
    await call('DELETE', `${BASE}/${flaky.json.subscription.id}`);
  });

  it('delivers 1,000 events of a burst, none twice', async () => {
    // The catch-all subscription stops taking events while off (and says so).
    expect((await call('POST', `${BASE}/${all.id}/disable`)).json.subscription).toMatchObject({ status: 'disabled', state: 'disabled' });
    const burst = await create(`${receiver.url}/burst`, ['restock.signed_up']);
    const websiteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const now = Date.now();
    for (let chunk = 0; chunk < 10; chunk++) {
      const statements = Array.from({ length: 100 }, (_, i) =>
        webhookEventStatements(worker.db as never, { websiteId, type: 'restock.signed_up', payload: { n: chunk * 100 + i }, now }),
      ).flat();
      await worker.db.batch(statements as never);
    }
    expect(await count("SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = ? AND status = 'pending'", burst.json.subscription.id)).toBe(1000);
    expect(await count("SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = ? AND status = 'pending'", all.id)).toBe(0);
    // Two runs at once never share a delivery (each claims its rows in one UPDATE).
    for (let run = 0; run < 8; run++) await Promise.all([cron(), cron()]);
    while (await count("SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = ? AND status = 'pending'", burst.json.subscription.id)) await cron();
    const got = receiver.at('/burst');
    expect(got).toHaveLength(1000);
    expect(new Set(ids(got)).size).toBe(1000);
    expect(new Set(got.map((h) => h.json.data.n)).size).toBe(1000);
    expect(got.every((h) => verifyHook(h, burst.json.secret, nowSeconds()))).toBe(true);
    await call('DELETE', `${BASE}/${burst.json.subscription.id}`);
  });

  it('sends again what a run claimed and never finished, once its lease is over (at-least-once)', async () => {
    const crash = await create(`${receiver.url}/crash`, ['order.fulfilled']);
    const websiteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const now = Date.now();
    const eventId = await emitEvent(db(), websiteId, 'order.fulfilled', { orderId: 'o-3' }, now);
    // A run claimed it and died before sending.
    await worker.db.prepare("UPDATE webhook_deliveries SET claim_token = 'dead-run', lease_until = ?, attempts = 1 WHERE event_id = ?").bind(now + LEASE_MS, eventId).run();
    await cron(now + 1000);
    expect(receiver.at('/crash')).toHaveLength(0);
    await cron(now + LEASE_MS);
    expect(receiver.at('/crash').map((h) => h.json.id)).toEqual([eventId]);
    await call('DELETE', `${BASE}/${crash.json.subscription.id}`);
  });
});

describe('test sends, the log, disabling and re-enabling', () => {
  it('"Send test" delivers a signed webhook.test at once and logs it', async () => {
    const made = await create(`${receiver.url}/test-button`, ['order.paid']);
    const id = made.json.subscription.id;
    const res = await call('POST', `${BASE}/${id}/test`);
    expect(res.status).toBe(200);
    expect(res.json.outcome).toEqual({ ok: true, statusCode: 200, error: null });
    expect(res.json.subscription.state).toBe('connected');
    const [hook] = receiver.at('/test-button');
    expect(hook!.json).toMatchObject({ type: 'webhook.test', data: { message: 'This is a test event from Atelier.' } });
    expect(verifyHook(hook!, made.json.secret, nowSeconds())).toBe(true);
    const log = await call('GET', `${BASE}/${id}/deliveries`);
    expect(log.json.deliveries).toEqual([expect.objectContaining({ type: 'webhook.test', status: 'delivered', lastStatusCode: 200, attempts: 1, nextAttemptOn: null })]);
    expect((await call('GET', `${BASE}/${id}/deliveries?cursor=bad`)).status).toBe(400);
    expect((await call('GET', `${BASE}/nope/deliveries`)).status).toBe(404);
    // Changing the URL and events: the same rules.
    expect((await call('PUT', `${BASE}/${id}`, { url: 'https://10.0.0.1/x', events: ['order.paid'] })).status).toBe(400);
    const changed = await call('PUT', `${BASE}/${id}`, { url: `${receiver.url}/test-button`, events: ['order.paid', 'form.submitted'] });
    expect(changed.json.subscription.events).toEqual(['order.paid', 'form.submitted']);
    expect((await call('GET', `${BASE}/${id}`)).json.subscription.id).toBe(id);
    await call('DELETE', `${BASE}/${id}`);
  });

  it(`turns a webhook off after ${DISABLE_AFTER_FAILURES} failures in a row, mails the owner once, and turns back on`, async () => {
    receiver.down.add('/down');
    const made = await create(`${receiver.url}/down`, ['order.fulfilled']);
    const id = made.json.subscription.id;
    const websiteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const now = Date.now();
    for (let i = 0; i < DISABLE_AFTER_FAILURES + 2; i++) await emitEvent(db(), websiteId, 'order.fulfilled', { orderId: `down-${i}` }, now);
    await cron(now);
    const sub = (await call('GET', `${BASE}/${id}`)).json.subscription;
    expect(sub).toMatchObject({ status: 'disabled', state: 'disabled', consecutiveFailures: DISABLE_AFTER_FAILURES });
    const { email } = await demoOwner();
    const notices = (await queuedMails(worker)).filter((m) => m.kind === ('webhook-disabled' as never));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ to: email, subject: 'A webhook was turned off after repeated failures' });
    expect(notices[0]!.text).toContain(`${receiver.url}/down`);
    // Off: nothing more is sent, however late.
    const sentBefore = receiver.at('/down').length;
    await cron(now + 24 * 60 * 60 * 1000);
    expect(receiver.at('/down')).toHaveLength(sentBefore);
    // Back on, with the receiver fixed: what waited is delivered.
    receiver.down.delete('/down');
    const on = await call('POST', `${BASE}/${id}/enable`);
    expect(on.json.subscription).toMatchObject({ status: 'active', consecutiveFailures: 0 });
    await cron(now + 24 * 60 * 60 * 1000);
    const log = (await call('GET', `${BASE}/${id}/deliveries?limit=100`)).json.deliveries as { status: string }[];
    expect(log).toHaveLength(DISABLE_AFTER_FAILURES + 2);
    expect(log.every((d) => d.status === 'delivered')).toBe(true);
    expect((await call('GET', `${BASE}/${id}`)).json.subscription.state).toBe('connected');
  });
});

describe('subscription renewals', () => {
  it('send order.created and order.paid for a renewal order too, from the renewal batch', async () => {
    const made = await create(`${receiver.url}/renewals`, ['order.created', 'order.paid']);
    const v = await shopper(worker, '198.51.100.121');
    const res = await subscribe(v, worker.db, { email: 'renewing@example.com' });
    expect(res.status).toBe(201);
    const sub = (await worker.db.prepare('SELECT id, next_billing_at AS due, renewal_total_cents AS total FROM subscriptions WHERE first_order_id = ?').bind(res.json.order.id).first<{ id: string; due: number; total: number }>())!;
    await cron();
    expect(receiver.at('/renewals').map((h) => h.json.type).sort()).toEqual(['order.created', 'order.paid']);
    // The hourly renewal run at the due date, then the delivery run.
    expect((await worker.scheduled('7 * * * *', sub.due + 1000)).outcome).toBe('ok');
    await cron(sub.due + 2000);
    const renewal = receiver.at('/renewals').slice(2);
    expect(renewal.map((h) => h.json.type).sort()).toEqual(['order.created', 'order.paid']);
    const paid = renewal.find((h) => h.json.type === 'order.paid')!;
    expect(paid.json.data).toMatchObject({ subscriptionId: sub.id, cycle: 2, email: 'renewing@example.com', paidCents: sub.total, grandTotalCents: sub.total, orderNumber: expect.any(Number) });
    expect(verifyHook(paid, made.json.secret, Math.floor((sub.due + 2000) / 1000))).toBe(true);
  });
});

describe('the delivery log clean-up', () => {
  it('removes finished deliveries and their events after 30 days, keeping those still waiting', async () => {
    const made = await create(`${receiver.url}/old`, ['order.fulfilled']);
    const websiteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const now = Date.now();
    const old = await emitEvent(db(), websiteId, 'order.fulfilled', { orderId: 'old' }, now - 40 * 86_400_000);
    const waiting = await emitEvent(db(), websiteId, 'order.fulfilled', { orderId: 'waiting' }, now - 40 * 86_400_000);
    await worker.db.prepare("UPDATE webhook_deliveries SET status = 'delivered' WHERE event_id = ?").bind(old).run();
    expect((await worker.scheduled('17 3 * * *', now)).outcome).toBe('ok');
    expect(await count('SELECT count(*) AS n FROM webhook_events WHERE id IN (?, ?)', old, waiting)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM webhook_deliveries WHERE event_id = ? AND subscription_id = ?', waiting, made.json.subscription.id)).toBe(1);
    await call('DELETE', `${BASE}/${made.json.subscription.id}`);
  });
});
