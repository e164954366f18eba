import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ifMatch, pageClient } from '../pages/test-pages.js';
import { TestVisitor } from './test-visitor.js';

/**
 * Donations (issue 30) on the real worker: POST /api/commerce/donations (amount bounds,
 * Idempotency-Key under 20 concurrent retries), the no-JS donate form (203) and contribution
 * confirmed (204), the donation block on a published page, and the owner's orders and CSV.
 */
let worker: RunningWorker;
let owner: SignedIn;
beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
});
afterAll(() => worker?.dispose());

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED = { ...CARD, number: '4000000000000002' };
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;

async function visitor(ip: string): Promise<TestVisitor> {
  const v = new TestVisitor(worker, ip);
  await v.visit('/api/commerce/shopping-cart');
  return v;
}

const give = (v: TestVisitor, key: string, body: Record<string, unknown>) =>
  v.send('POST', '/api/commerce/donations', { email: 'giver@example.com', payment: { provider: 'test', card: CARD }, ...body }, { headers: { 'Idempotency-Key': key } });

/** The hidden fields of a rendered donate form. */
function formFields(html: string): { crumb: string; idempotencyKey: string } {
  return { crumb: /name="crumb" value="([^"]+)"/.exec(html)![1]!, idempotencyKey: /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]! };
}

async function postForm(v: TestVisitor, fields: Record<string, string>) {
  const res = await worker.fetch('/donate', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; '), 'CF-Connecting-IP': '198.51.100.90' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('POST /api/commerce/donations', () => {
  it('cover-the-fee adds the fee rule to the charge; the bounds apply to the gift, so the largest gift may cover it', async () => {
    const v = await visitor('198.51.100.63');
    const res = await give(v, 'donation-fee-00001', { amount: 2500, coverFee: true });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.donation).toMatchObject({ grandTotal: 2603 });
    expect(res.json.donation.items[0].fieldAnswers).toContainEqual({ label: 'Covers the fee', value: '$1.03' });
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'captured' AND amount_cents = 2603", res.json.donation.id)).toBe(1);
    const top = await give(v, 'donation-fee-00002', { amount: 1_000_000, coverFee: true });
    expect(top.status, JSON.stringify(top.json)).toBe(201);
    expect(top.json.donation.grandTotal).toBe(1_029_030);
    expect((await give(v, 'donation-fee-00003', { amount: 99, coverFee: true })).status).toBe(400);
  });

  it('refuses amounts outside the limits, fractions and a missing key with 400 and the field, charging nothing', async () => {
    const v = await visitor('198.51.100.61');
    const before = await count('SELECT COUNT(*) AS n FROM payments');
    const low = await give(v, 'donation-low-0001', { amount: 99 });
    expect(low.status).toBe(400);
    expect(low.json).toEqual({ error: 'invalid_amount', message: 'The smallest donation is $1.00.', fields: { amount: 'The smallest donation is $1.00.' } });
    const high = await give(v, 'donation-high-0001', { amount: 1_000_001 });
    expect(high.status).toBe(400);
    expect(high.json.fields).toEqual({ amount: 'The largest donation is $10,000.00.' });
    // The edges themselves are allowed.
    expect((await give(v, 'donation-edge-min1', { amount: 100 })).status).toBe(201);
    expect((await give(v, 'donation-edge-max1', { amount: 1_000_000 })).status).toBe(201);
    const fraction = await give(v, 'donation-frac-0001', { amount: 10.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.json.fields.amount).toBe('Enter the amount as a number, like 25 or 25.50.');
    expect((await give(v, 'donation-text-0001', { amount: '2500' })).status).toBe(400);
    const noKey = await v.send('POST', '/api/commerce/donations', { amount: 2500, email: 'giver@example.com', payment: { provider: 'test', card: CARD } });
    expect(noKey.status).toBe(400);
    expect(noKey.json.fields['Idempotency-Key']).toBeDefined();
    // Only the two edge donations were charged.
    expect(await count('SELECT COUNT(*) AS n FROM payments')).toBe(before + 2);
    // No crumb: refused before anything else.
    expect((await v.send('POST', '/api/commerce/donations', { amount: 2500 }, { crumb: false, headers: { 'Idempotency-Key': 'donation-nocrumb' } })).status).toBe(401);
  });

  it('records a donation as an order of its own kind with a receipt in the outbox and a 204 page', async () => {
    const v = await visitor('198.51.100.62');
    const res = await give(v, 'donation-ok-000001', { amount: 2550, email: 'ada.giver@example.com', name: 'Ada <Giver>', message: 'For the kiln' });
    expect(res.status).toBe(201);
    const d = res.json.donation;
    expect(d).toMatchObject({ kind: 'donation', grandTotal: 2550, subtotal: 2550, shippingTotal: 0, taxTotal: 0, currency: 'USD', testMode: true, status: 'paid' });
    expect(d.items).toEqual([expect.objectContaining({ productName: 'Donation', quantity: 1, unitPrice: 2550, fieldAnswers: [{ label: 'Donor', value: 'Ada <Giver>' }, { label: 'Message', value: 'For the kiln' }] })]);
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'captured' AND amount_cents = 2550", d.id)).toBe(1);
    const mail = await worker.db.prepare("SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE kind = 'donation-receipt' AND to_address = 'ada.giver@example.com'").first<{ subject: string; text: string; html: string }>();
    expect(mail!.subject).toMatch(new RegExp(`: receipt for your donation #${d.orderNumber}$`));
    expect(mail!.text).toContain('Thank you for your donation of $25.50');
    expect(mail!.html).toContain('Dear Ada &#60;Giver&#62;,');
    expect(mail!.text).toMatch(/\/contribution-confirmed\?order=[^&]+&token=[A-Za-z0-9_-]{32}/);
    const page = await worker.fetch(res.json.confirmationUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('Thank you for your donation');
    expect(html).toContain('$25.50');
    expect(html).toContain(`#${d.orderNumber}`);
    const json = await (await worker.fetch(`${res.json.confirmationUrl}&format=json`)).json() as { pageType: number };
    expect(json.pageType).toBe(204);
    // A wrong token, or an ordinary order's link, is the not-found page.
    expect((await worker.fetch(`/contribution-confirmed?order=${d.id}&token=${'a'.repeat(32)}`)).status).toBe(404);
    expect((await worker.fetch('/contribution-confirmed')).status).toBe(404);
  });

  it('charges once for 20 concurrent retries of one key, and a later retry answers the same donation', async () => {
    const v = await visitor('198.51.100.63');
    const key = 'donation-race-000001';
    const answers = await Promise.all(Array.from({ length: 20 }, () => give(v, key, { amount: 4200, email: 'race.giver@example.com' })));
    for (const a of answers) expect([201, 409], JSON.stringify(a.json)).toContain(a.status);
    const won = answers.filter((a) => a.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(new Set(won.map((a) => a.json.donation.id)).size).toBe(1);
    const id = won[0]!.json.donation.id as string;
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = 'race.giver@example.com'")).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM payments WHERE order_id = ?', id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE amount_cents = 4200 AND order_id IS NULL")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'donation-receipt' AND to_address = 'race.giver@example.com'")).toBe(1);
    const again = await give(v, key, { amount: 4200, email: 'race.giver@example.com' });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json.donation.id).toBe(id);
    expect(await count('SELECT COUNT(*) AS n FROM payments WHERE order_id = ?', id)).toBe(1);
    // Another visitor cannot replay (or read) the key.
    const other = await visitor('198.51.100.64');
    expect((await give(other, key, { amount: 4200 })).status).toBe(422);
  });

  it('answers a declined card with 402 and frees the key for a retry', async () => {
    const v = await visitor('198.51.100.65');
    const declined = await v.send('POST', '/api/commerce/donations', { amount: 1500, email: 'declined.giver@example.com', payment: { provider: 'test', card: DECLINED } }, { headers: { 'Idempotency-Key': 'donation-declined-1' } });
    expect(declined.status).toBe(402);
    expect(declined.json.message).toBe('Your card was declined.');
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = 'declined.giver@example.com'")).toBe(0);
    const retried = await give(v, 'donation-declined-1', { amount: 1500, email: 'declined.giver@example.com' });
    expect(retried.status).toBe(201);
  });
});

describe('a donation whose request died after the charge', () => {
  /** The key row a request left when it died right after charging `cents` (its lease over). */
  async function deadPaidKey(v: TestVisitor, key: string, cents: number): Promise<string> {
    const site = (await worker.db.prepare('SELECT id FROM websites LIMIT 1').first<{ id: string }>())!.id;
    const attemptId = `dead-${key}`;
    const requester = createHash('sha256').update(`requester:${v.cookie('crumb')}`).digest('hex');
    const now = Date.now();
    await worker.db
      .prepare(
        `INSERT INTO idempotency_keys (website_id, key, requester_hash, created_on, lease_until, attempt_id, coupon_ids, secured_on, paid_on, payment_provider, payment_ref, paid_cents, currency, order_facts)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, '[]', ?7, ?8, 'test', ?9, ?10, 'USD', 'null')`,
      )
      .bind(site, `donation:${key}`, requester, now - 5000, now - 1000, attemptId, now - 4000, now - 3000, `test_${attemptId}_1`, cents)
      .run();
    return `test_${attemptId}_1`;
  }

  it('is recorded from the charge already taken when the donor retries, never charged again', async () => {
    const v = await visitor('198.51.100.66');
    const ref = await deadPaidKey(v, 'donation-dead-retry', 3300);
    const retried = await give(v, 'donation-dead-retry', { amount: 3300, email: 'dead.giver@example.com' });
    expect(retried.status).toBe(201);
    const rows = await worker.db.prepare('SELECT provider_ref AS ref, status FROM payments WHERE order_id = ?').bind(retried.json.donation.id).all<{ ref: string; status: string }>();
    expect(rows.results).toEqual([{ ref, status: 'captured' }]);
  });

  it('is refunded by the Cron reconciler when nobody retries', async () => {
    const v = await visitor('198.51.100.67');
    const ref = await deadPaidKey(v, 'donation-dead-cron', 2100);
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'refunded' AND order_id IS NULL", ref)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = 'donation:donation-dead-cron'")).toBe(0);
  });
});

describe('the donate form without JavaScript (203, 204)', () => {
  it('takes a custom amount from the block, posts with the crumb, lands on 204, and a resent form charges once', async () => {
    const v = new TestVisitor(worker, '198.51.100.90');
    const page = await v.visit('/donate?custom=12.34');
    expect(page.status).toBe(200);
    const html = (await worker.fetch('/donate?custom=12.34', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } }).then((r) => r.text()));
    expect(html).toContain('data-page-type="203"');
    expect(html).toContain('name="amount" type="number" inputmode="decimal" autocomplete="off" required min="1.00" max="10000.00" step="0.01" value="12.34"');
    expect(html).not.toContain('data-island="donat');
    const { crumb, idempotencyKey } = formFields(html);
    const fields = { crumb, idempotencyKey, amount: '12.34', email: 'form.giver@example.com', name: 'Form Giver', message: '', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123' };
    const sent = await postForm(v, fields);
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(/^\/contribution-confirmed\?order=[^&]+&token=[A-Za-z0-9_-]{32}$/);
    const thanks = await worker.fetch(sent.location!);
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain('You gave <strong>$12.34</strong>');
    // The same form sent again (a double click, a reload) shows the same donation, charging nothing more.
    const resent = await postForm(v, fields);
    expect(resent.status).toBe(200);
    expect(resent.html).toContain('Thank you for your donation');
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = 'form.giver@example.com'")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.email = 'form.giver@example.com'")).toBe(1);
  });

  it('shows errors on the form: amount bounds (400), a declined card (402); refuses a post without the crumb or as JSON', async () => {
    const v = new TestVisitor(worker, '198.51.100.91');
    await v.visit('/donate');
    const html = await worker.fetch('/donate', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } }).then((r) => r.text());
    const { crumb, idempotencyKey } = formFields(html);
    // The form is per visitor (its crumb and key): never stored by a cache, a new key on each load.
    const again = await worker.fetch('/donate');
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    expect(formFields(await again.text()).idempotencyKey).not.toBe(idempotencyKey);
    const base = { crumb, idempotencyKey, email: 'bounds.giver@example.com', name: '', message: '', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123' };
    const low = await postForm(v, { ...base, amount: '0.50' });
    expect(low.status).toBe(400);
    expect(low.html).toContain('The smallest donation is $1.00.');
    expect(low.html).toContain('value="0.50"');
    const high = await postForm(v, { ...base, amount: '10000.01' });
    expect(high.status).toBe(400);
    expect(high.html).toContain('The largest donation is $10,000.00.');
    const junk = await postForm(v, { ...base, amount: '12.345' });
    expect(junk.status).toBe(400);
    expect(junk.html).toContain('Enter the amount as a number, like 25 or 25.50.');
    const declined = await postForm(v, { ...base, amount: '20', cardNumber: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = 'bounds.giver@example.com'")).toBe(0);
    const noCrumb = await postForm(v, { ...base, crumb: '', amount: '20' });
    expect(noCrumb.status).toBe(401);
    const asJson = await worker.fetch('/donate', { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}` }, body: '{}' });
    expect(asJson.status).toBe(415);
    // Out-of-range amounts from a link are shown, not charged.
    expect((await worker.fetch('/donate?amount=5')).status).toBe(400);
  });

  it('the donation block on a published page offers the suggested amounts in a GET form to /donate', async () => {
    const pages = pageClient(worker, owner);
    const created = await pages('POST', '', { title: 'Support us', slug: 'support-us' });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;
    const layout = { sections: [{ id: 's1', design: {}, blocks: [{ id: 'd1', type: 'donation', props: { title: 'Keep the kiln warm', amounts: [500, 2500, 50, 7500].map((cents) => ({ cents })) }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] };
    expect((await pages('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
    expect((await pages('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    const html = await (await worker.fetch('/support-us')).text();
    expect(html).toContain('<form class="donation-form" method="get" action="/donate">');
    expect(html).toContain('<input type="radio" name="amount" value="2500" checked> $25.00');
    expect(html).toContain('value="7500"');
    // Below the site's minimum: left out.
    expect(html).not.toContain('value="50"');
    expect(html).toContain('<input type="number" name="custom" inputmode="decimal" autocomplete="off" min="1.00" max="10000.00" step="0.01">');
    // Cover-the-fee: a checkbox carried to the donate page, with the rule.
    expect(html).toContain('<label class="donation-cover-fee"><input type="checkbox" name="coverFee" value="1"> Cover the card fee (2.9% + $0.30)</label>');
  });

  it('cover-the-fee without JavaScript: the donate page shows the fee and the total, the charge and page 204 include it', async () => {
    const v = new TestVisitor(worker, '198.51.100.92');
    await v.visit('/donate');
    const cookie = [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ');
    const html = await worker.fetch('/donate?amount=2500&coverFee=1', { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(html).toContain('<input type="checkbox" name="coverFee" value="1" checked aria-describedby="donate-fee-total"> Cover the card fee (2.9% + $0.30) so all of your gift arrives');
    expect(html).toContain('On $25.00 the fee is $1.03, so you give $26.03.');
    // Unchecked when the block did not ask for it; no total without a usable amount.
    expect(await worker.fetch('/donate?amount=2500').then((r) => r.text())).toContain('<input type="checkbox" name="coverFee" value="1" aria-describedby="donate-fee-total">');
    expect(await worker.fetch('/donate').then((r) => r.text())).not.toContain('donate-total');
    const { crumb, idempotencyKey } = formFields(html);
    const base = { crumb, idempotencyKey, amount: '25.00', email: 'fee.giver@example.com', name: 'Fee Giver', message: '', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123' };
    // A refused form keeps the box checked and the total for what was typed.
    const refused = await postForm(v, { ...base, coverFee: '1', email: 'not-an-email' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('name="coverFee" value="1" checked');
    expect(refused.html).toContain('On $25.00 the fee is $1.03, so you give $26.03.');
    const sent = await postForm(v, { ...base, coverFee: '1' });
    expect(sent.status).toBe(303);
    const thanks = await (await worker.fetch(sent.location!)).text();
    expect(thanks).toContain('You gave <strong>$26.03</strong>');
    expect(thanks).toContain('This includes $1.03 to cover the card fee.');
    expect(await count("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.email = 'fee.giver@example.com' AND p.amount_cents = 2603 AND o.grand_total_cents = 2603")).toBe(1);
    // Without the box: the gift alone, and page 204 says nothing of a fee.
    const plain = await postForm(v, { ...base, idempotencyKey: `${idempotencyKey}x`, email: 'nofee.giver@example.com' });
    expect(plain.status).toBe(303);
    const plainThanks = await (await worker.fetch(plain.location!)).text();
    expect(plainThanks).toContain('You gave <strong>$25.00</strong>');
    expect(plainThanks).not.toContain('contribution-fee');
  });
});

describe("the owner's donation limits (commerce preferences, namespace donations)", () => {
  const prefs = (method: string, body?: unknown) =>
    worker.fetch('/api/v1/commerce-preferences/donations', { method, headers: { ...owner.headers, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

  it('defaults when unset; refuses a largest below the smallest and fractions', async () => {
    expect(await (await prefs('GET')).json()).toMatchObject({ limits: {} });
    const crossed = await prefs('PUT', { limits: { USD: { minCents: 5000, maxCents: 4999 } } });
    expect(crossed.status).toBe(400);
    expect(((await crossed.json()) as { fields: Record<string, string> }).fields).toEqual({ 'limits.USD.maxCents': 'The largest donation must be at least the smallest.' });
    const fraction = await prefs('PUT', { limits: { USD: { minCents: 10.5, maxCents: 5000 } } });
    expect(((await fraction.json()) as { fields: Record<string, string> }).fields).toEqual({ 'limits.USD.minCents': 'Enter the smallest donation in whole minor units.' });
    expect((await prefs('PUT', { limits: { XXX: { minCents: 1, maxCents: 5 } } })).status).toBe(400);
    // A signed-out visitor may not read or set them.
    expect((await worker.fetch('/api/v1/commerce-preferences/donations')).status).toBe(401);
  });

  it('are enforced at the boundaries (min-1, min, max, max+1) by the API and the form, and shown on the block and the form', async () => {
    const set = await prefs('PUT', { limits: { USD: { minCents: 500, maxCents: 20_000 }, JPY: { minCents: 300, maxCents: 90_000 } } });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await set.json()).toMatchObject({ limits: { USD: { minCents: 500, maxCents: 20_000 } } });
    try {
      const v = await visitor('198.51.100.70');
      const low = await give(v, 'donation-lim-min-1', { amount: 499 });
      expect(low.status).toBe(400);
      expect(low.json).toEqual({ error: 'invalid_amount', message: 'The smallest donation is $5.00.', fields: { amount: 'The smallest donation is $5.00.' } });
      expect((await give(v, 'donation-lim-min-0', { amount: 500 })).status).toBe(201);
      expect((await give(v, 'donation-lim-max-0', { amount: 20_000 })).status).toBe(201);
      const high = await give(v, 'donation-lim-max-1', { amount: 20_001 });
      expect(high.status).toBe(400);
      expect(high.json.message).toBe('The largest donation is $200.00.');

      const f = new TestVisitor(worker, '198.51.100.93');
      await f.visit('/donate');
      const cookie = [...f.jar].map(([k, val]) => `${k}=${val}`).join('; ');
      const html = await worker.fetch('/donate', { headers: { Cookie: cookie } }).then((r) => r.text());
      expect(html).toContain('min="5.00" max="200.00" step="0.01"');
      expect(html).toContain('Between $5.00 and $200.00.');
      const { crumb, idempotencyKey } = formFields(html);
      const base = { crumb, email: 'limits.giver@example.com', name: '', message: '', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123' };
      const formLow = await postForm(f, { ...base, idempotencyKey: `${idempotencyKey}a`, amount: '4.99' });
      expect(formLow.status).toBe(400);
      expect(formLow.html).toContain('The smallest donation is $5.00.');
      expect((await postForm(f, { ...base, idempotencyKey: `${idempotencyKey}b`, amount: '5.00' })).status).toBe(303);
      expect((await postForm(f, { ...base, idempotencyKey: `${idempotencyKey}c`, amount: '200' })).status).toBe(303);
      const formHigh = await postForm(f, { ...base, idempotencyKey: `${idempotencyKey}d`, amount: '200.01' });
      expect(formHigh.status).toBe(400);
      expect(formHigh.html).toContain('The largest donation is $200.00.');
      expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = 'limits.giver@example.com'")).toBe(2);
      // A link with an amount outside the owner's limits shows the error.
      expect((await worker.fetch('/donate?amount=20001')).status).toBe(400);

      // The block (its page re-rendered: the setting moved the content version) drops $2.00 (below $5.00) and $250.00 (above $200.00).
      const pages = pageClient(worker, owner);
      const created = await pages('POST', '', { title: 'Limits page', slug: 'limits-page' });
      const id = created.json.page.id as string;
      const layout = { sections: [{ id: 's1', design: {}, blocks: [{ id: 'd1', type: 'donation', props: { amounts: [200, 500, 20_000, 25_000].map((cents) => ({ cents })), offerCoverFee: false }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] };
      expect((await pages('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
      expect((await pages('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
      const block = await (await worker.fetch('/limits-page')).text();
      expect(block).toContain('value="500"');
      expect(block).toContain('value="20000"');
      expect(block).not.toContain('value="200"');
      expect(block).not.toContain('value="25000"');
      expect(block).toContain('min="5.00" max="200.00" step="0.01"');
      expect(block).toContain('Between $5.00 and $200.00.');
      // The owner turned the cover-the-fee box off on this block.
      expect(block).not.toContain('name="coverFee"');
    } finally {
      expect((await prefs('PUT', { limits: {} })).status).toBe(200);
    }
    expect((await worker.fetch('/donate?amount=20001')).status).toBe(200);
  });
});

describe('monthly donations (a subscription renewed by the renewal Cron)', () => {
  const RENEWAL_CRON = '7 * * * *';
  const subOf = (email: string) =>
    worker.db.prepare('SELECT id, item_id AS itemId, product_name AS productName, renewal_total_cents AS cents, anchor_on AS anchor, next_billing_at AS next, status FROM subscriptions WHERE email = ?').bind(email).first<{ id: string; itemId: string; productName: string; cents: number; anchor: number; next: number | null; status: string }>();
  /** Month n after `anchor` as the billing dates count it (same day, UTC). */
  const monthAfter = (anchor: number, n: number) => { const d = new Date(anchor); d.setUTCMonth(d.getUTCMonth() + n); return d.getTime(); };

  it('the form takes a monthly gift: first charge, a renewal with a receipt one month later, the donor stops it from page 204', async () => {
    const v = new TestVisitor(worker, '198.51.100.94');
    await v.visit('/donate');
    const cookie = [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ');
    const html = await worker.fetch('/donate?amount=1500&frequency=monthly', { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(html).toContain('<input type="radio" name="frequency" value="monthly" checked> Monthly (cancel at any time)');
    const { crumb, idempotencyKey } = formFields(html);
    const email = 'monthly.giver@example.com';
    const sent = await postForm(v, { crumb, idempotencyKey, amount: '15', frequency: 'monthly', email, name: 'Monthly Giver', message: '', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123' });
    expect(sent.status).toBe(303);
    const first = await worker.fetch(sent.location!, { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(first).toContain('You gave <strong>$15.00</strong>');
    expect(first).toContain('This is a monthly donation: you get a receipt each month.');
    expect(first).toContain('Stop my monthly donation');
    const sub = (await subOf(email))!;
    expect(sub).toMatchObject({ itemId: 'donation', productName: 'Monthly donation', cents: 1500, status: 'active' });
    expect(sub.next).toBe(monthAfter(sub.anchor, 1));
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = ? AND substr(purchased_cart_id, 1, 9) = 'donation:'", email)).toBe(1);

    // A second before the month is up: nothing; at the month: one renewal, a donation too, with its receipt.
    expect((await worker.scheduled(RENEWAL_CRON, sub.next! - 1000)).outcome).toBe('ok');
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ?', email)).toBe(1);
    expect((await worker.scheduled(RENEWAL_CRON, sub.next!)).outcome).toBe('ok');
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ? AND purchased_cart_id = ?', email, `donation:renewal:${sub.id}:2`)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.email = ? AND p.status = 'captured' AND p.amount_cents = 1500", email)).toBe(2);
    const receipt = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ? AND subject LIKE '%monthly donation'").bind(email).first<{ subject: string; text: string }>();
    expect(receipt!.text).toContain('Thank you for your monthly donation of $15.00');
    expect((await subOf(email))!.next).toBe(monthAfter(sub.anchor, 2));
    // The owner sees both gifts as donations and the subscription marked as one.
    const list = await (await worker.fetch(`/api/commerce/owner/orders?q=${email}`, { headers: owner.headers })).json() as { orders: { kind: string }[] };
    expect(list.orders.map((o) => o.kind)).toEqual(['donation', 'donation']);
    const subs = await (await worker.fetch('/api/commerce/owner/subscriptions', { headers: owner.headers })).json() as { subscriptions: { id: string; kind: string; productName: string }[] };
    expect(subs.subscriptions.find((x) => x.id === sub.id)).toMatchObject({ kind: 'donation', productName: 'Monthly donation' });

    // The donor stops it with the link's token (a wrong token is not found), and the next month charges nothing.
    const link = new URL(sent.location!, 'http://x');
    const stop = (token: string) => worker.fetch('/contribution-confirmed/cancel', {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ crumb, order: link.searchParams.get('order')!, token }).toString(),
    });
    expect((await stop('a'.repeat(32))).status).toBe(404);
    expect((await subOf(email))!.status).toBe('active');
    const stopped = await stop(link.searchParams.get('token')!);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('Your monthly donation is stopped');
    expect(await subOf(email)).toMatchObject({ status: 'canceled', next: null });
    expect((await worker.scheduled(RENEWAL_CRON, monthAfter(sub.anchor, 2))).outcome).toBe('ok');
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ?', email)).toBe(2);
  });

  it('through the JSON API; the owner cancels it and no renewal follows', async () => {
    const v = await visitor('198.51.100.95');
    const email = 'monthly.api@example.com';
    const res = await give(v, 'donation-monthly-api1', { amount: 2000, frequency: 'monthly', email });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.donation.items[0]).toMatchObject({ productName: 'Monthly donation', fieldAnswers: expect.arrayContaining([{ label: 'Frequency', value: 'Monthly' }]) });
    const sub = (await subOf(email))!;
    expect((await give(v, 'donation-monthly-api2', { amount: 2000, frequency: 'yearly', email: 'x@example.com' })).status).toBe(400);
    const cancel = await worker.fetch(`/api/commerce/owner/subscriptions/${sub.id}/cancel`, { method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: '{}' });
    expect(cancel.status).toBe(200);
    expect((await worker.scheduled(RENEWAL_CRON, sub.next!)).outcome).toBe('ok');
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ?', email)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.email = ?', email)).toBe(1);
  });
});

describe("the owner's orders", () => {
  it('mark donations in the list, the detail and the CSV export', async () => {
    const headers = owner.headers;
    const list = await (await worker.fetch('/api/commerce/owner/orders?q=ada.giver', { headers })).json() as { orders: { kind: string; orderNumber: number }[] };
    expect(list.orders.length).toBe(1);
    expect(list.orders[0]!.kind).toBe('donation');
    const detail = await (await worker.fetch(`/api/commerce/owner/orders/${list.orders[0]!.orderNumber}`, { headers })).json() as { order: { kind: string } };
    expect(detail.order.kind).toBe('donation');
    const csv = await (await worker.fetch('/api/commerce/owner/orders.csv?q=ada.giver', { headers })).text();
    expect(csv.split('\r\n')[1]).toMatch(/,25\.50,USD,paid,yes,donation$/);
    // The Kind filter: donations only, or orders only, in the list and the export.
    const onlyDonations = await (await worker.fetch('/api/commerce/owner/orders?kind=donation&limit=200', { headers })).json() as { orders: { kind: string }[] };
    expect(onlyDonations.orders.length).toBeGreaterThan(3);
    expect(onlyDonations.orders.every((o) => o.kind === 'donation')).toBe(true);
    const onlyOrders = await (await worker.fetch('/api/commerce/owner/orders?kind=order&q=ada.giver', { headers })).json() as { orders: unknown[] };
    expect(onlyOrders.orders).toEqual([]);
    const ordersCsv = await (await worker.fetch('/api/commerce/owner/orders.csv?kind=order', { headers })).text();
    expect(ordersCsv).not.toContain(',donation\r\n');
    expect((await worker.fetch('/api/commerce/owner/orders?kind=gift', { headers })).status).toBe(400);
  });
});
