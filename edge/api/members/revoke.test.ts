import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { openDb } from '../../services/db.js';
import { paymentProviderFor } from '../../services/payments/index.js';
import { renewDueSubscriptions } from '../../services/subscriptions/renew.js';
import { placeOrder } from '../commerce/test-checkout.js';
import { shopper } from '../commerce/test-subscription.js';
import type { TestVisitor } from '../commerce/test-visitor.js';
import { ifMatch, pageClient, textLayout } from '../pages/test-pages.js';

/**
 * Issue 30: the owner revokes a paying member. By default the plan stops with the access (the
 * subscription is canceled in the revoke's batch, no further charge, not even one already
 * claimed by a renewal run); `plan: 'keep'` ends only the access. A renewal never brings a
 * revoked access back, a grant by hand restarts no charges, and the member is mailed.
 */
let worker: RunningWorker;
let ownerSession: SignedIn;
let areaId: string;
let ip = 60;
const PASSWORD = 'members-Revoke-1';
const SENTINEL = 'zqxrevokesentinel';
type Row = Record<string, any>;

async function owner(method: string, path: string, body?: unknown, session = ownerSession) {
  const res = await worker.fetch(`/api/owner/members${path}`, {
    method,
    headers: { ...session.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text), text };
}

async function member(name: string): Promise<TestVisitor> {
  await createSiteUser(worker, { email: `${name}@revoke.test`, password: PASSWORD });
  return shopper(worker, `198.51.100.${ip++}`, await signIn(worker, `${name}@revoke.test`, PASSWORD));
}

/** The member buys the monthly plan through the buy form and the subscription checkout. */
async function subscribed(name: string): Promise<{ v: TestVisitor; sub: Row; membershipId: string }> {
  const v = await member(name);
  const res = await worker.fetch('/members/buy', {
    method: 'POST', redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') },
    body: new URLSearchParams({ crumb: v.cookie('crumb')!, area: areaId, return: '/club-article' }).toString(),
  });
  expect(res.status).toBe(303);
  const cartToken = /cartToken=([A-Za-z0-9_-]+)/.exec(res.headers.get('location')!)![1]!;
  const placed = await placeOrder(v, { address: undefined, extra: { cartToken, email: `${name}@revoke.test` } });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  const sub = (await worker.db.prepare('SELECT * FROM subscriptions WHERE first_order_id = ?').bind(placed.json.order.id).first<Row>())!;
  return { v, sub, membershipId: (await row(`${name}@revoke.test`)).id };
}

const row = async (email: string): Promise<Row> => ((await owner('GET', `/areas/${areaId}/members`)).json.members as Row[]).find((m) => m.email === email)!;
const reads = async (v: TestVisitor) => JSON.stringify((await v.send('GET', '/club-article?format=json')).json).includes(SENTINEL);
const subscription = async (id: string) => (await worker.db.prepare('SELECT status, next_billing_at AS next, cycles_billed AS cycles FROM subscriptions WHERE id = ?').bind(id).first<Row>())!;
const renewalPayments = async (id: string) =>
  (await worker.db.prepare('SELECT status, order_id AS orderId FROM payments WHERE provider_ref LIKE ?').bind(`test_renewal_${id}_%`).all<Row>()).results;
const renewalOrders = async (id: string) => (await worker.db.prepare('SELECT cycle FROM account_orders WHERE subscription_id = ? AND cycle > 1').bind(id).all<Row>()).results;
const mailsTo = async (email: string) =>
  (await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'member-revoked'").bind(email).all<Row>()).results;
/** Only this subscription is due: the others' dates move out of the way. */
async function onlyDue(id: string) {
  await worker.db.prepare("UPDATE subscriptions SET next_billing_at = next_billing_at + 100000 * 86400000 WHERE id <> ? AND status IN ('active', 'past_due')").bind(id).run();
}
async function cron(at: number) {
  expect((await worker.scheduled('7 * * * *', at)).outcome).toBe('ok');
}

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  ownerSession = await signIn(worker, demo.email, demo.password);
  const pages = pageClient(worker, ownerSession);
  const created = await pages('POST', '', { title: 'Club article', slug: 'club-article' });
  const pageId = created.json.page.id as string;
  expect((await pages('PUT', `/${pageId}/draft`, { layout: textLayout(`Club words ${SENTINEL}`) }, ifMatch(1))).status).toBe(200);
  expect((await pages('POST', `/${pageId}/publish`, { version: 2 })).status).toBe(200);
  const area = await owner('POST', '/areas', { name: 'Throwing Club', access: 'recurring', priceCents: 900, currency: 'USD', pages: [{ pageId, teaserSections: null }] });
  expect(area.status, area.text).toBe(201);
  areaId = area.json.area.id;
}, 120_000);
afterAll(() => worker?.dispose());

describe('revoking a paying member', () => {
  it('lists a paying member with the plan, its state and next charge date', async () => {
    const { sub } = await subscribed('listed');
    expect(await row('listed@revoke.test')).toMatchObject({
      state: 'active', source: 'subscription',
      plan: { subscriptionId: sub.id, status: 'active', nextChargeOn: sub.next_billing_at, amountCents: 900, currency: 'USD' },
    });
    await worker.db.prepare("UPDATE subscriptions SET status = 'past_due' WHERE id = ?").bind(sub.id).run();
    expect((await row('listed@revoke.test')).plan).toMatchObject({ status: 'past_due', nextChargeOn: sub.next_billing_at });
    await worker.db.prepare("UPDATE subscriptions SET status = 'active' WHERE id = ?").bind(sub.id).run();
    // The shopper's cancel keeps access to the end of the paid period: 'cancelling', no next charge.
    const cancel = await worker.fetch(`/api/commerce/owner/subscriptions/${sub.id}/cancel`, { method: 'POST', headers: ownerSession.headers });
    expect(cancel.status).toBe(200);
    expect(await row('listed@revoke.test')).toMatchObject({ state: 'active', endsOn: sub.next_billing_at, plan: { status: 'cancelling', nextChargeOn: null } });
    const csv = await owner('GET', `/areas/${areaId}/members.csv`);
    expect(csv.text).toContain('Ends,Plan state,Next charge');
    expect(csv.text).toContain(`listed@revoke.test,Throwing Club,recurring,active,subscription,,`);
    expect(csv.text).toContain(`${new Date(sub.next_billing_at).toISOString()},cancelling,`);
  });

  it('revoke and stop (the default): access ends now, the plan is canceled, the next renewal run charges nothing, a mail goes out', async () => {
    const { v, sub, membershipId } = await subscribed('stopped');
    expect(await reads(v)).toBe(true);
    // No body at all: the plan stops too.
    const revoked = await owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.planStopped).toBe(true);
    expect(revoked.json.members.find((m: Row) => m.id === membershipId)).toMatchObject({ state: 'revoked', plan: { status: 'canceled', nextChargeOn: null } });
    expect(await subscription(sub.id)).toMatchObject({ status: 'canceled', next: null, cycles: 1 });
    expect(await reads(v)).toBe(false);
    const mails = await mailsTo('stopped@revoke.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('your access to Throwing Club has ended');
    expect(mails[0]!.text).toContain('Your plan for it is stopped: there will be no further payments.');

    // The renewal job at the date the plan was due (a fixed clock): nothing charged, still revoked.
    await onlyDue(sub.id);
    await cron((sub.next_billing_at as number) + 1000);
    expect(await renewalPayments(sub.id)).toEqual([]);
    expect(await renewalOrders(sub.id)).toEqual([]);
    expect((await row('stopped@revoke.test')).state).toBe('revoked');
    expect(await reads(v)).toBe(false);
    // A second revoke is 404 and mails nothing more.
    expect((await owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`, { plan: 'stop' })).status).toBe(404);
    expect(await mailsTo('stopped@revoke.test')).toHaveLength(1);

    // Granting again by hand gives access back and restarts no charges.
    expect((await owner('POST', `/areas/${areaId}/members`, { email: 'stopped@revoke.test' })).status).toBe(201);
    expect(await row('stopped@revoke.test')).toMatchObject({ state: 'active', source: 'grant', plan: null });
    expect(await reads(v)).toBe(true);
    await cron((sub.next_billing_at as number) + 40 * 86_400_000);
    expect(await renewalPayments(sub.id)).toEqual([]);
    expect((await subscription(sub.id)).status).toBe('canceled');
  });

  it('revoke only: the access ends, the plan goes on and a renewal charges it without bringing the access back', async () => {
    const { v, sub, membershipId } = await subscribed('kept');
    const revoked = await owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`, { plan: 'keep' });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.planStopped).toBe(false);
    expect(await subscription(sub.id)).toMatchObject({ status: 'active', next: sub.next_billing_at });
    expect(await reads(v)).toBe(false);
    const [mail] = await mailsTo('kept@revoke.test');
    expect(mail!.text).toContain('Your subscription is not cancelled by this. You can cancel it in your account: http://localhost/account');

    await onlyDue(sub.id);
    await cron((sub.next_billing_at as number) + 1000);
    expect(await renewalOrders(sub.id)).toEqual([{ cycle: 2 }]);
    expect(await subscription(sub.id)).toMatchObject({ status: 'active', cycles: 2 });
    expect(await row('kept@revoke.test')).toMatchObject({ state: 'revoked', plan: { status: 'active' } });
    expect(await reads(v)).toBe(false);
  });

  it('a free member is revoked with a plain mail; a bad plan is 400; other roles and a missing crumb are refused', async () => {
    await createSiteUser(worker, { email: 'granted@revoke.test', password: PASSWORD });
    expect((await owner('POST', `/areas/${areaId}/members`, { email: 'granted@revoke.test' })).status).toBe(201);
    const { id } = await row('granted@revoke.test');
    const bad = await owner('POST', `/areas/${areaId}/members/${id}/revoke`, { plan: 'later' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.plan).toBe('Choose stop or keep for the plan.');
    expect((await owner('POST', `/areas/${areaId}/members/${id}/revoke`, { plan: 'stop', extra: 1 })).status).toBe(400);

    await createSiteUser(worker, { email: 'viewer@revoke.test', password: PASSWORD, roles: [ROLE.viewer] });
    const viewer = await signIn(worker, 'viewer@revoke.test', PASSWORD);
    expect((await owner('POST', `/areas/${areaId}/members/${id}/revoke`, { plan: 'stop' }, viewer)).status).toBe(403);
    const anonymous = await worker.fetch(`/api/owner/members/areas/${areaId}/members/${id}/revoke`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const noCrumb = await worker.fetch(`/api/owner/members/areas/${areaId}/members/${id}/revoke`, { method: 'POST', headers: { Cookie: ownerSession.cookie } });
    expect(noCrumb.status).toBe(401);
    expect((await row('granted@revoke.test')).state).toBe('active');

    const done = await owner('POST', `/areas/${areaId}/members/${id}/revoke`, { plan: 'stop' });
    expect(done.status).toBe(200);
    expect(done.json.planStopped).toBe(false);
    const [mail] = await mailsTo('granted@revoke.test');
    expect(mail!.text).toMatch(/^Your access to Throwing Club at .+ has ended\.\n\n/);
    expect(mail!.text).not.toContain('payments');
  });
});

describe('a revoke and a renewal at the same moment', () => {
  const db = () => openDb(worker.db as never);
  const provider = () => paymentProviderFor('test')!;
  type Charge = Parameters<NonNullable<ReturnType<typeof provider>['chargeSaved']>>[0];
  const revoke = (membershipId: string) => owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`, { plan: 'stop' });

  it('a revoke landing after the renewal claimed the cycle: nothing is charged', async () => {
    const { v, sub, membershipId } = await subscribed('claimed');
    await onlyDue(sub.id);
    let charges = 0;
    const counting = { ...provider(), chargeSaved: (r: Charge) => ((charges += 1), provider().chargeSaved!(r)) };
    const deps = {
      // Called after the claim, before the charge: the owner's revoke lands here.
      providerFor: async () => (expect((await revoke(membershipId)).json.planStopped).toBe(true), counting),
      siteOf: async () => undefined,
    };
    const tally = await renewDueSubscriptions(db(), deps, (sub.next_billing_at as number) + 1000);
    expect(tally).toMatchObject({ renewed: 0, skipped: 1, failed: 0 });
    expect(charges).toBe(0);
    expect(await subscription(sub.id)).toMatchObject({ status: 'canceled', next: null, cycles: 1 });
    expect(await renewalPayments(sub.id)).toEqual([]);
    expect((await row('claimed@revoke.test')).state).toBe('revoked');
    expect(await reads(v)).toBe(false);
  });

  it('a revoke landing while the card is charged: the charge is refunded and no renewal is recorded', async () => {
    const { v, sub, membershipId } = await subscribed('charging');
    await onlyDue(sub.id);
    const during = {
      ...provider(),
      async chargeSaved(r: Charge) {
        expect((await revoke(membershipId)).json.planStopped).toBe(true);
        return provider().chargeSaved!(r);
      },
    };
    const tally = await renewDueSubscriptions(db(), { providerFor: () => during, siteOf: async () => undefined }, (sub.next_billing_at as number) + 1000);
    expect(tally).toMatchObject({ renewed: 0, skipped: 1, failed: 0 });
    expect(await renewalPayments(sub.id)).toEqual([{ status: 'refunded', orderId: null }]);
    expect(await renewalOrders(sub.id)).toEqual([]);
    expect(await subscription(sub.id)).toMatchObject({ status: 'canceled', next: null, cycles: 1 });
    expect((await row('charging@revoke.test')).state).toBe('revoked');
    expect(await reads(v)).toBe(false);
  });

  it('two revokes at once: one answers 200, the other 404; one mail, one cancel', async () => {
    const { sub, membershipId } = await subscribed('twice');
    const answers = await Promise.all([revoke(membershipId), owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`, { plan: 'keep' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await mailsTo('twice@revoke.test')).toHaveLength(1);
    const won = answers.find((a) => a.status === 200)!;
    expect((await subscription(sub.id)).status).toBe(won.json.planStopped ? 'canceled' : 'active');
  });

  it('run together, the revoke always wins: revoked, canceled, and no renewal charge kept', async () => {
    for (let n = 0; n < 3; n++) {
      const { v, sub, membershipId } = await subscribed(`together${n}`);
      await onlyDue(sub.id);
      const deps = { providerFor: () => provider(), siteOf: async () => undefined };
      const [, revoked] = await Promise.all([renewDueSubscriptions(db(), deps, (sub.next_billing_at as number) + 1000), revoke(membershipId)]);
      expect(revoked.status).toBe(200);
      expect((await row(`together${n}@revoke.test`)).state).toBe('revoked');
      expect((await subscription(sub.id)).status).toBe('canceled');
      expect(await reads(v)).toBe(false);
      // A renewal that finished before the revoke is a paid order; any other charge was refunded.
      const payments = await renewalPayments(sub.id);
      const orders = await renewalOrders(sub.id);
      expect(payments.filter((p) => p.status === 'captured')).toHaveLength(orders.length);
      expect(payments.filter((p) => p.status !== 'captured').every((p) => p.status === 'refunded')).toBe(true);
    }
  });
});

describe("the member's mail in their language", () => {
  it('is in French for a member whose account language is French, when the site publishes French', async () => {
    const languages = await worker.fetch('/api/multilingual/languages', {
      method: 'PUT', headers: { ...ownerSession.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ languages: ['en-US', 'fr'] }),
    });
    expect(languages.status).toBe(200);
    const { membershipId } = await subscribed('francais');
    const session = await signIn(worker, 'francais@revoke.test', PASSWORD);
    const locale = await worker.fetch('/api/site-users/account/locale', { method: 'POST', headers: { ...session.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'fr' }) });
    expect(locale.status).toBe(200);
    expect((await owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`, { plan: 'stop' })).status).toBe(200);
    const [mail] = await mailsTo('francais@revoke.test');
    expect(mail!.subject).toMatch(/\u00a0: votre accès à Throwing Club a pris fin$/);
    expect(mail!.text).toContain('Votre formule est arrêtée\u00a0: aucun autre paiement ne sera prélevé.');
  });

  it("keeping the plan, the French mail's account link carries /fr; English stays unprefixed (issue 29)", async () => {
    const { membershipId } = await subscribed('garde');
    const session = await signIn(worker, 'garde@revoke.test', PASSWORD);
    const locale = await worker.fetch('/api/site-users/account/locale', { method: 'POST', headers: { ...session.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'fr' }) });
    expect(locale.status).toBe(200);
    expect((await owner('POST', `/areas/${areaId}/members/${membershipId}/revoke`, { plan: 'keep' })).status).toBe(200);
    const [mail] = await mailsTo('garde@revoke.test');
    expect(mail!.text).toMatch(/: http:\/\/localhost\/fr\/account\n/);
    expect(mail!.text).not.toContain('http://localhost/account');
    const [english] = await mailsTo('kept@revoke.test');
    expect(english!.text).toContain('in your account: http://localhost/account\n');
  });
});
