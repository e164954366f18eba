import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { placeOrder } from '../commerce/test-checkout.js';
import { shopper } from '../commerce/test-subscription.js';
import type { TestVisitor } from '../commerce/test-visitor.js';
import { ifMatch, pageClient, textLayout } from '../pages/test-pages.js';

/**
 * Issue 30, paid access: a 'recurring' or 'one-time' member area sells its access as a hidden
 * paywall product (type 5) through the store checkout or a subscription; the order's batch
 * grants the membership (208), and a subscription's membership follows its state through
 * cancel, failed renewals (the Cron) and renewal.
 */
let worker: RunningWorker;
let ownerSession: SignedIn;
let pagesApi: ReturnType<typeof pageClient>;
const PASSWORD = 'members-Paid-1';
const SENTINEL_MONTHLY = 'zqxmonthlysentinel';
const SENTINEL_ONCE = 'zqxoncesentinel';
let monthlyArea: string;
let onceArea: string;
let ip = 40;
type Row = Record<string, any>;

async function owner(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await worker.fetch(`/api/owner/members${path}`, {
    method,
    headers: { ...ownerSession.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text), text };
}

async function publishedPage(slug: string, words: string): Promise<string> {
  const created = await pagesApi('POST', '', { title: `Page ${slug}`, slug });
  const id = created.json.page.id as string;
  expect((await pagesApi('PUT', `/${id}/draft`, { layout: textLayout(words) }, ifMatch(1))).status).toBe(200);
  expect((await pagesApi('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  return id;
}

/** A new shopper account, signed in, with a crumb. */
async function member(name: string): Promise<TestVisitor> {
  await createSiteUser(worker, { email: `${name}@paid.test`, password: PASSWORD });
  return shopper(worker, `198.51.100.${ip++}`, await signIn(worker, `${name}@paid.test`, PASSWORD));
}

/** The buy button's form post; returns where it sends the visitor. */
function formPost(v: TestVisitor, path: string, fields: Record<string, string>): Promise<Response> {
  return worker.fetch(path, {
    method: 'POST', redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') },
    body: new URLSearchParams({ crumb: v.cookie('crumb')!, ...fields }).toString(),
  });
}

async function buy(v: TestVisitor, area: string): Promise<string> {
  const res = await formPost(v, '/members/buy', { area, return: '/x' });
  expect(res.status, await res.clone().text()).toBe(303);
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    v.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return res.headers.get('location')!;
}

async function subscribeTo(v: TestVisitor, area: string): Promise<Row> {
  const location = await buy(v, area);
  const cartToken = /^\/checkout\?cartToken=([A-Za-z0-9_-]+)$/.exec(location)![1]!;
  const placed = await placeOrder(v, { address: undefined, extra: { cartToken, email: 'buyer@paid.test' } });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  expect(placed.json.confirmationUrl).toBe(`/membership-confirmed?area=${area}`);
  return (await worker.db.prepare('SELECT * FROM subscriptions WHERE first_order_id = ?').bind(placed.json.order.id).first<Row>())!;
}

const read = async (v: TestVisitor, path: string) => {
  const res = await v.send('GET', `${path}?format=json`);
  return { status: res.status, text: JSON.stringify(res.json) };
};
const memberState = async (area: string, email: string) =>
  ((await owner('GET', `/areas/${area}/members`)).json.members as Row[]).find((m) => m.email === email);
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
  pagesApi = pageClient(worker, ownerSession);
  const monthlyPage = await publishedPage('monthly-article', `Monthly words ${SENTINEL_MONTHLY}`);
  const oncePage = await publishedPage('once-article', `Once words ${SENTINEL_ONCE}`);
  const monthly = await owner('POST', '/areas', { name: 'Kiln Club', access: 'recurring', priceCents: 900, currency: 'USD', pages: [{ pageId: monthlyPage, teaserSections: null }] });
  expect(monthly.status, monthly.text).toBe(201);
  monthlyArea = monthly.json.area.id;
  const once = await owner('POST', '/areas', { name: 'Glaze Atlas', access: 'one-time', priceCents: 2500, currency: 'USD', pages: [{ pageId: oncePage, teaserSections: null }] });
  expect(once.status, once.text).toBe(201);
  onceArea = once.json.area.id;
}, 120_000);
afterAll(() => worker?.dispose());

describe('paid member areas', () => {
  it('sells a paid area as a hidden paywall product (type 5) with a monthly plan for recurring access', async () => {
    const rows = await worker.db
      .prepare(
        `SELECT a.access, p.product_type AS type, p.visible, p.is_subscribable AS sub, v.price_cents AS price, (SELECT COUNT(*) FROM subscription_plans s WHERE s.product_id = p.item_id) AS plans
         FROM member_areas a JOIN products p ON p.item_id = a.product_id JOIN variants v ON v.product_id = p.item_id WHERE a.id IN (?, ?) ORDER BY a.access`,
      )
      .bind(monthlyArea, onceArea)
      .all<Row>();
    expect(rows.results).toEqual([
      { access: 'one-time', type: 5, visible: 0, sub: 0, price: 2500, plans: 0 },
      { access: 'recurring', type: 5, visible: 0, sub: 1, price: 900, plans: 1 },
    ]);
    // Hidden from the store and the site search.
    const shop = await (await worker.fetch('/shop?format=json')).text();
    expect(shop).not.toContain('Kiln Club membership');
    // Nor in the owner's product table: the Members screen manages it.
    const ownerList = await worker.fetch('/api/owner/products?limit=200', { headers: ownerSession.headers });
    expect(ownerList.status).toBe(200);
    const listed = await ownerList.text();
    expect(listed).toContain('Moon Jar');
    expect(listed).not.toContain('Kiln Club membership');
    // A price change reaches the product.
    const area = await owner('GET', `/areas/${monthlyArea}`);
    const body = { name: 'Kiln Club', access: 'recurring', priceCents: 1200, currency: 'USD', pages: area.json.area.pages.map((p: Row) => ({ pageId: p.pageId, teaserSections: null })) };
    expect((await owner('PUT', `/areas/${monthlyArea}`, body, { 'If-Match': `"${area.json.area.version}"` })).status).toBe(200);
    const price = await worker.db.prepare('SELECT v.price_cents AS p FROM variants v JOIN member_areas a ON a.product_id = v.product_id WHERE a.id = ?').bind(monthlyArea).first<Row>();
    expect(price!.p).toBe(1200);
  });

  it('the paywall (107) lists the area option with its price; signed in, a buy button', async () => {
    const anonymous = await (await worker.fetch('/monthly-article')).text();
    expect(anonymous).toContain('Access to Kiln Club: $12.00 a month.');
    expect(anonymous).not.toContain(SENTINEL_MONTHLY);
    const v = await member('looker');
    const page = await v.send('GET', '/monthly-article?format=json');
    expect(page.status).toBe(403);
    const html = await (await worker.fetch('/once-article', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } })).text();
    expect(html).toContain('Access to Glaze Atlas: $25.00, paid once.');
    expect(html).toContain('action="/members/buy"');
    expect(html).toContain('Buy access for $25.00');
  });

  it('a guest buys the monthly plan: an account is made by email, a set-password mail goes out, and the access waits on that account', async () => {
    const guest = await shopper(worker, `198.51.100.${ip++}`);
    const paywall = await (await worker.fetch('/monthly-article', { headers: { Cookie: [...guest.jar].map(([k, val]) => `${k}=${val}`).join('; ') } })).text();
    expect(paywall).toContain('action="/members/buy"');
    expect(paywall).toContain('Already a member?');
    const location = await buy(guest, monthlyArea);
    const cartToken = /^\/checkout\?cartToken=([A-Za-z0-9_-]+)$/.exec(location)![1]!;
    const placed = await placeOrder(guest, { address: undefined, extra: { cartToken, email: 'New.Reader@Paid.test' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.confirmationUrl).toBe(`/membership-confirmed?area=${monthlyArea}&guest=1`);
    const confirmed = await worker.fetch(placed.json.confirmationUrl, { headers: { Cookie: [...guest.jar].map(([k, val]) => `${k}=${val}`).join('; ') } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your access to Kiln Club is on the account with the email you gave at checkout.');
    // The account, the membership on it, the subscription linked to it, and the mail with the link.
    const account = await worker.db.prepare("SELECT id, email_verified_on AS verified FROM site_users WHERE email = 'new.reader@paid.test'").first<Row>();
    expect(account).toMatchObject({ verified: null });
    expect(await memberState(monthlyArea, 'new.reader@paid.test')).toMatchObject({ state: 'active', source: 'subscription' });
    expect((await worker.db.prepare('SELECT s.site_user_id AS u FROM subscriptions s WHERE s.first_order_id = ?').bind(placed.json.order.id).first<Row>())!.u).toBe(account!.id);
    expect((await worker.db.prepare('SELECT site_user_id AS u FROM account_orders WHERE order_id = ?').bind(placed.json.order.id).first<Row>())!.u).toBe(account!.id);
    const mails = await worker.db.prepare("SELECT kind, text_body AS text, order_id AS orderId FROM mail_outbox WHERE to_address = 'new.reader@paid.test' AND kind LIKE 'member-%'").all<Row>();
    expect(mails.results.map((m) => m.kind)).toEqual(['member-set-password']);
    // It names the order that bought the access (fix5: listed on the owner's order detail).
    expect(mails.results[0]!.orderId).toBe(placed.json.order.id);
    expect(mails.results[0]!.text).toContain('Kiln Club');
    expect(mails.results[0]!.text).toMatch(/^Thank you for your purchase\. Your access to Kiln Club belongs to an account we made for this address\.\n\nChoose its password here:\n\nhttp:\/\/localhost\/account\/reset\/confirm\?token=[A-Za-z0-9_-]{43}\n\nThe link works for 24 hours\. Later, use "Forgot your password\?" at http:\/\/localhost\/account\/reset\n\n/);
    // The guest's own visit is still the paywall: the access is the account's, not the browser's.
    expect((await read(guest, '/monthly-article')).text).not.toContain(SENTINEL_MONTHLY);
    // No password opens the new account until the link sets one.
    expect((await guest.send('POST', '/api/site-users/account/session', { email: 'new.reader@paid.test', password: PASSWORD })).status).toBe(401);
    expect(mails.results[0]!.text).toContain('http://localhost/account/reset/confirm?token=');
    const token = /reset\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mails.results[0]!.text)![1]!;
    expect((await guest.send('POST', '/api/site-users/account/password-reset/confirm', { token, password: PASSWORD })).status).toBe(200);
    const reader = await shopper(worker, `198.51.100.${ip++}`, await signIn(worker, 'new.reader@paid.test', PASSWORD));
    expect((await read(reader, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);
  });

  it("a guest buying with an existing account's email gives that account the access and mails it a sign-in note, no second account", async () => {
    await createSiteUser(worker, { email: 'has.account@paid.test', password: PASSWORD });
    const guest = await shopper(worker, `198.51.100.${ip++}`);
    expect(await buy(guest, onceArea)).toBe('/checkout');
    const placed = await placeOrder(guest, { address: undefined, extra: { email: 'has.account@paid.test' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect((await worker.db.prepare("SELECT COUNT(*) AS n FROM site_users WHERE email = 'has.account@paid.test'").first<Row>())!.n).toBe(1);
    const mails = await worker.db.prepare("SELECT kind FROM mail_outbox WHERE to_address = 'has.account@paid.test' AND kind LIKE 'member-%'").all<Row>();
    expect(mails.results.map((m) => m.kind)).toEqual(['member-sign-in']);
    expect(await memberState(onceArea, 'has.account@paid.test')).toMatchObject({ state: 'active', source: 'purchase' });
    const holder = await shopper(worker, `198.51.100.${ip++}`, await signIn(worker, 'has.account@paid.test', PASSWORD));
    expect((await read(holder, '/once-article')).text).toContain(SENTINEL_ONCE);
  });

  it('one-time access: the shopping cart checkout grants it in the order batch and lands on 208', async () => {
    const v = await member('once');
    expect(await buy(v, onceArea)).toBe('/checkout');
    const placed = await placeOrder(v, { address: undefined, extra: { email: 'once@paid.test' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.confirmationUrl).toBe(`/membership-confirmed?area=${onceArea}`);
    const confirmed = await v.send('GET', `${placed.json.confirmationUrl}&format=json`);
    expect(confirmed.json.pageType).toBe(208);
    expect((await read(v, '/once-article')).text).toContain(SENTINEL_ONCE);
    expect(await memberState(onceArea, 'once@paid.test')).toMatchObject({ state: 'active', source: 'purchase' });
    // Every paid order of the area's product has its membership.
    const orphans = await worker.db
      .prepare(
        `SELECT COUNT(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN account_orders ao ON ao.order_id = o.id
         JOIN member_areas a ON a.product_id = l.item_id
         WHERE NOT EXISTS (SELECT 1 FROM memberships m WHERE m.area_id = a.id AND m.site_user_id = ao.site_user_id)`,
      )
      .first<Row>();
    expect(orphans!.n).toBe(0);
  });

  it("a guest's French checkout: the set-password mail's links carry /fr and the link works there (issue 29)", async () => {
    const guest = await shopper(worker, `198.51.100.${ip++}`);
    const location = await buy(guest, monthlyArea);
    const cartToken = /^\/checkout\?cartToken=([A-Za-z0-9_-]+)$/.exec(location)![1]!;
    const placed = await placeOrder(guest, { address: undefined, extra: { cartToken, email: 'lecteur@paid.test', language: 'fr' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const mail = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = 'lecteur@paid.test' AND kind = 'member-set-password'").first<Row>();
    // Its words in French too (lang15).
    expect(mail!.subject).toMatch(/^Choisissez votre mot de passe pour /);
    expect(mail!.text).toMatch(/^Merci pour votre achat\. Votre accès à .+ appartient à un compte/);
    expect(mail!.text).toContain('Le lien est valable 24 heures.');
    expect(mail!.text).not.toContain('Thank you');
    expect(mail!.text).toMatch(/http:\/\/localhost\/fr\/account\/reset\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail!.text).toContain('http://localhost/fr/account/reset\n');
    expect(mail!.text).not.toMatch(/localhost\/account/);
    const token = /reset\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const page = await worker.fetch(`/fr/account/reset/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-language')).toBe('fr');
  });

  it('bought from a French checkout, the landing on 208 keeps the /fr prefix (issue 29)', async () => {
    const v = await member('once-fr');
    expect(await buy(v, onceArea)).toBe('/checkout');
    const placed = await placeOrder(v, { address: undefined, extra: { email: 'once-fr@paid.test', language: 'fr' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.confirmationUrl).toBe(`/fr/membership-confirmed?area=${onceArea}`);
    const confirmed = await worker.fetch(placed.json.confirmationUrl, { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-language')).toBe('fr');
  });

  it('a deleted area no longer sells: its cart is refused at checkout, nothing charged', async () => {
    const pageId = await publishedPage('gone-article', 'Gone words');
    const gone = await owner('POST', '/areas', { name: 'Gone Club', access: 'one-time', priceCents: 500, currency: 'USD', pages: [{ pageId, teaserSections: null }] });
    const v = await member('late');
    await buy(v, gone.json.area.id);
    expect((await owner('DELETE', `/areas/${gone.json.area.id}`, undefined, { 'If-Match': '"1"' })).status).toBe(204);
    const before = await worker.db.prepare('SELECT COUNT(*) AS n FROM payments').first<Row>();
    const placed = await placeOrder(v, { address: undefined, extra: { email: 'late@paid.test' } });
    expect(placed.status).toBe(422);
    expect(placed.json.error).toBe('not_for_sale');
    expect(await worker.db.prepare('SELECT COUNT(*) AS n FROM payments').first<Row>()).toEqual(before);
  });

  it('recurring access follows the subscription: a failed renewal ends it, a paid retry brings it back, a cancel ends it', async () => {
    const v = await member('monthly');
    const sub = await subscribeTo(v, monthlyArea);
    expect(await memberState(monthlyArea, 'monthly@paid.test')).toMatchObject({ state: 'active', source: 'subscription' });
    expect((await read(v, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);

    await onlyDue(sub.id);
    await worker.db.prepare("UPDATE subscriptions SET payment_ref = 'pm_test_0341_x' WHERE id = ?").bind(sub.id).run();
    const due = (await worker.db.prepare('SELECT next_billing_at AS at FROM subscriptions WHERE id = ?').bind(sub.id).first<Row>())!.at as number;
    await cron(due + 1000);
    expect((await worker.db.prepare('SELECT status FROM subscriptions WHERE id = ?').bind(sub.id).first<Row>())!.status).toBe('past_due');
    const lapsed = await read(v, '/monthly-article');
    expect(lapsed.status).toBe(403);
    expect(lapsed.text).not.toContain(SENTINEL_MONTHLY);
    expect(await memberState(monthlyArea, 'monthly@paid.test')).toMatchObject({ state: 'ended' });

    await worker.db.prepare('UPDATE subscriptions SET payment_ref = ? WHERE id = ?').bind(sub.payment_ref, sub.id).run();
    const retry = (await worker.db.prepare('SELECT next_billing_at AS at FROM subscriptions WHERE id = ?').bind(sub.id).first<Row>())!.at as number;
    await cron(retry + 1000);
    expect((await worker.db.prepare('SELECT status, cycles_billed AS n FROM subscriptions WHERE id = ?').bind(sub.id).first<Row>())).toEqual({ status: 'active', n: 2 });
    expect((await read(v, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);
    expect(await memberState(monthlyArea, 'monthly@paid.test')).toMatchObject({ state: 'active' });

    // A cancel keeps access to the end of the period paid for; the renewal job then ends it.
    const paidThrough = (await worker.db.prepare('SELECT next_billing_at AS at FROM subscriptions WHERE id = ?').bind(sub.id).first<Row>())!.at as number;
    const cancel = await formPost(v, `/account/subscriptions/${sub.id}/cancel`, {});
    expect(cancel.status).toBe(303);
    expect((await worker.db.prepare('SELECT status FROM subscriptions WHERE id = ?').bind(sub.id).first<Row>())!.status).toBe('canceled');
    expect((await read(v, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);
    expect(await memberState(monthlyArea, 'monthly@paid.test')).toMatchObject({ state: 'active', endsOn: paidThrough });
    await cron(paidThrough - 1000);
    expect((await read(v, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);
    await cron(paidThrough + 1000);
    expect((await read(v, '/monthly-article')).status).toBe(403);
    expect(await memberState(monthlyArea, 'monthly@paid.test')).toMatchObject({ state: 'ended', endsOn: paidThrough });
    // Buying again starts a new subscription and the same membership comes back.
    await subscribeTo(v, monthlyArea);
    expect((await read(v, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);
  });

  it("the owner's cancel also keeps access to the end of the paid period; a past-due plan cancelled has none left", async () => {
    const v = await member('ownercancel');
    const sub = await subscribeTo(v, monthlyArea);
    const cancel = await worker.fetch(`/api/commerce/owner/subscriptions/${sub.id}/cancel`, { method: 'POST', headers: ownerSession.headers });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect((await read(v, '/monthly-article')).text).toContain(SENTINEL_MONTHLY);
    expect(await memberState(monthlyArea, 'ownercancel@paid.test')).toMatchObject({ state: 'active', endsOn: sub.next_billing_at });

    const late = await member('latepayer');
    const lateSub = await subscribeTo(late, monthlyArea);
    await worker.db.prepare("UPDATE subscriptions SET status = 'past_due' WHERE id = ?").bind(lateSub.id).run();
    expect((await formPost(late, `/account/subscriptions/${lateSub.id}/cancel`, {})).status).toBe(303);
    expect((await read(late, '/monthly-article')).status).toBe(403);
    expect(await memberState(monthlyArea, 'latepayer@paid.test')).toMatchObject({ state: 'ended', endsOn: null });
  });
});

describe('the site password covers the commerce APIs, the site-users APIs, the account and POST /donate', () => {
  it('answers 401 site_locked (JSON) until unlocked; the owner commerce API and the Stripe webhook stay open', async () => {
    expect((await owner('PUT', '/passwords/site', { password: 'open-sesame' })).status).toBe(200);
    try {
      const v = await shopper(worker, `198.51.100.${ip++}`);
      for (const [method, path, body] of [
        ['GET', '/api/commerce/shopping-cart', undefined],
        ['POST', '/api/commerce/shopping-cart/entries', { itemId: 'x', quantity: 1 }],
        ['POST', '/api/commerce/orders', { email: 'a@b.test' }],
        ['POST', '/api/3/commerce/cart/subscription', { itemId: 'x', qty: 1 }],
        ['GET', '/api/commerce/inventory/stock?itemId=x', undefined],
        ['POST', '/api/commerce/donations', { amount: 2500, email: 'a@b.test' }],
        ['POST', '/api/site-users/account/session', { email: 'monthly@paid.test', password: PASSWORD }],
        ['POST', '/api/site-users/account', { email: 'new@paid.test', password: PASSWORD }],
        ['GET', '/api/site-users/account', undefined],
        ['POST', '/api/site-users/account/password-reset', { email: 'monthly@paid.test' }],
        ['POST', '/api/site-users/account/notifications/restock', { itemId: 'x', email: 'a@b.test' }],
      ] as const) {
        const res = await v.send(method, path, body, { headers: { 'Idempotency-Key': 'lock-test-key-1' } });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json, `${method} ${path}`).toEqual({ error: 'site_locked', message: 'This site is password protected. Unlock it to continue.' });
      }
      // The account: the lock screen for its pages, 401 JSON for its posts.
      const account = await v.send('GET', '/account?format=json');
      expect(account.json).toMatchObject({ pageType: 103 });
      const signInPost = await formPost(v, '/account/sign-in', { email: 'monthly@paid.test', password: PASSWORD });
      expect(signInPost.status).toBe(401);
      expect(await signInPost.json()).toMatchObject({ error: 'site_locked' });
      // Under a language's prefix too (issue 29).
      expect((await v.send('GET', '/fr/account?format=json')).json).toMatchObject({ pageType: 103 });
      const frenchPost = await formPost(v, '/fr/account/sign-in', { email: 'monthly@paid.test', password: PASSWORD });
      expect(frenchPost.status).toBe(401);
      expect(await frenchPost.json()).toMatchObject({ error: 'site_locked' });
      // The donate form posted without JavaScript: the lock screen, 401, nothing charged.
      const payments = await worker.db.prepare('SELECT COUNT(*) AS n FROM payments').first<Row>();
      const donate = await formPost(v, '/donate', { amount: '25', email: 'a@b.test', cardNumber: '4242424242424242', expMonth: '12', expYear: '2030', cvc: '123', idempotencyKey: 'lock-test-donate-1' });
      expect(donate.status).toBe(401);
      expect(await donate.text()).toContain('data-page-type="103"');
      expect(await worker.db.prepare('SELECT COUNT(*) AS n FROM payments').first<Row>()).toEqual(payments);
      // Not the owner's routes (their own sign-in and role checks) nor Stripe's callbacks.
      expect((await worker.fetch('/api/commerce/owner/orders', { headers: ownerSession.headers })).status).toBe(200);
      expect((await worker.fetch('/api/site-users/account/notifications/restock', { headers: ownerSession.headers })).status).not.toBe(401);
      expect((await worker.fetch('/api/site-users/contributors', { headers: ownerSession.headers })).status).toBe(200);
      expect((await worker.fetch('/api/commerce/payments/stripe/webhook', { method: 'POST', body: '{}' })).status).not.toBe(401);
      // Unlocked, the cart answers.
      const unlock = await formPost(v, '/members/unlock', { scope: 'site', password: 'open-sesame', return: '/' });
      expect(unlock.status).toBe(303);
      for (const line of unlock.headers.getSetCookie()) {
        const pair = line.split(';')[0]!;
        v.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      expect((await v.send('GET', '/api/commerce/shopping-cart')).status).toBe(200);
      expect((await v.send('GET', '/api/site-users/account')).status).not.toBe(401);
    } finally {
      expect((await owner('DELETE', '/passwords/site')).status).toBe(200);
    }
  });
});
