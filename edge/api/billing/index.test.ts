import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialDaysRemaining, trialEndsOn } from '../../../domain/platform/trial.js';
import { createApp } from '../../app.js';
import { PERMISSION_TAG, type Permission } from '../../middleware/roles/index.js';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** Trials, plans and billing over HTTP (issue 34): /api/owner/billing, plan gating, expiry by the Cron job. */
let worker: RunningWorker;
let owner: SignedIn;
let billingRole: SignedIn;
let editor: SignedIn;
let siteId: string;

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  await createSiteUser(worker, { email: 'billing@billing.test', password: 'billing-Password-1', roles: [2] });
  await createSiteUser(worker, { email: 'editor@billing.test', password: 'billing-Password-1', roles: [4] });
  billingRole = await signIn(worker, 'billing@billing.test', 'billing-Password-1');
  editor = await signIn(worker, 'editor@billing.test', 'billing-Password-1');
  siteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
}, 120_000);
afterAll(() => worker?.dispose());

async function call(who: SignedIn | undefined, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = who ? { ...who.headers } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await worker.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

const setSite = (columns: string, ...values: unknown[]) =>
  worker.db.prepare(`UPDATE websites SET ${columns}, content_version = content_version + 1 WHERE id = ?`).bind(...values, siteId).run();
const siteRow = () => worker.db.prepare('SELECT plan, subscription_state, trial_ends_on, content_version, billing_reference FROM websites WHERE id = ?').bind(siteId).first<any>();

describe('GET /api/owner/billing', () => {
  it('shows the demo site paid on the Commerce plan, with the regular upgrade destination', async () => {
    const res = await call(owner, 'GET', '/api/owner/billing');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ plan: 'commerce', planName: 'Commerce', state: 8, stateName: 'paid', trialDaysLeft: null, expired: false, provider: 'test' });
    expect(res.json.upgradeUrl).toBe('/config/billing/website-subscriptions');
    expect(res.json.plans.map((p: { id: string }) => p.id)).toEqual(['personal', 'business', 'commerce']);
  });

  it('answers the billing role, refuses other roles (403) and anonymous visitors (401)', async () => {
    expect((await call(billingRole, 'GET', '/api/owner/billing')).status).toBe(200);
    expect((await call(editor, 'GET', '/api/owner/billing')).status).toBe(403);
    expect((await call(undefined, 'GET', '/api/owner/billing')).status).toBe(401);
    expect((await call(editor, 'POST', '/api/owner/billing/subscribe', { plan: 'business' })).status).toBe(403);
  });

  it('counts trial days by the SPEC rule in the site time zone, with the trial-upgrade destination', async () => {
    const ends = trialEndsOn(Date.now(), 'America/New_York', 5);
    await setSite('subscription_state = 3, trial_ends_on = ?', ends);
    const res = await call(owner, 'GET', '/api/owner/billing');
    expect(res.json).toMatchObject({ state: 3, stateName: 'trial', trialEndsOn: ends, upgradeUrl: '/config/billing/upgrade' });
    expect(res.json.trialDaysLeft).toBe(trialDaysRemaining(ends, Date.now(), 'America/New_York'));
    expect([4, 5]).toContain(res.json.trialDaysLeft); // 5 unless the local day turned between the two lines
    await setSite('subscription_state = 8, trial_ends_on = NULL');
  });

  it('refuses a plan that does not exist (400) and a declined card (402), changing nothing', async () => {
    expect((await call(owner, 'POST', '/api/owner/billing/subscribe', { plan: 'platinum' })).status).toBe(400);
    const before = await siteRow();
    const declined = await call(owner, 'POST', '/api/owner/billing/subscribe', { plan: 'business', card: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.json).toEqual({ error: 'payment_declined', message: 'Your card was declined.' });
    expect(await siteRow()).toEqual(before);
  });

  it('has no Stripe card set-up with the local test provider (404), and refuses a malformed SetupIntent id (400)', async () => {
    expect((await call(owner, 'GET', '/api/owner/billing')).json.stripePublishableKey).toBeNull();
    const setup = await call(owner, 'POST', '/api/owner/billing/card-setup', { plan: 'business' });
    expect(setup.status).toBe(404);
    expect(setup.json.error).toBe('not_found');
    expect((await call(editor, 'POST', '/api/owner/billing/card-setup', { plan: 'business' })).status).toBe(403);
    expect((await call(owner, 'POST', '/api/owner/billing/subscribe', { plan: 'business', setupIntent: 'pi_123' })).status).toBe(400);
  });

  it('needs the crumb to subscribe', async () => {
    const res = await worker.fetch('/api/owner/billing/subscribe', { method: 'POST', headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' }, body: '{"plan":"business"}' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error).toBe('crumb_fail');
    expect((await siteRow()).plan).toBe('commerce');
  });
});

describe('plan gating', () => {
  it('answers 403 naming the plan that has a feature when the site plan lacks it, and works once the plan has it', async () => {
    await setSite("plan = 'personal'");
    const gift = await call(owner, 'GET', '/api/commerce/owner/gift-cards');
    expect(gift.status).toBe(403);
    expect(gift.json).toMatchObject({ error: 'plan_required', message: 'Gift cards is part of the Business plan. Upgrade your plan to use it.', plan: 'business' });
    const products = await call(owner, 'GET', '/api/owner/products');
    expect(products.status).toBe(403);
    expect(products.json.message).toContain('Business plan');
    expect((await call(owner, 'GET', '/api/owner/members/areas')).json.error).toBe('plan_required');
    // Storefront routes of the store answer the same refusal; analytics is on every plan.
    const cart = await worker.fetch('/cart');
    expect(cart.status).toBe(403);
    expect(await cart.text()).toContain('Selling online is part of the Business plan.');
    // The same pages under a language prefix (issue 29) are gated alike.
    for (const path of ['/fr/cart', '/fr/checkout', '/de-ch/members/area']) {
      const prefixed = await worker.fetch(path);
      expect(prefixed.status, path).toBe(403);
      expect(await prefixed.text(), path).toContain('part of the Business plan');
    }
    expect((await call(owner, 'GET', '/api/census/dashboard')).status).toBe(200);
    // Stripe's events about money already taken are never refused by the plan.
    const webhook = await call(undefined, 'POST', '/api/commerce/payments/stripe/webhook', {});
    expect(webhook.json?.error).not.toBe('plan_required');

    // Upgrading through the API (local test provider) turns them on.
    const upgraded = await call(owner, 'POST', '/api/owner/billing/subscribe', { plan: 'business' });
    expect(upgraded.status).toBe(200);
    expect(upgraded.json).toMatchObject({ plan: 'business', state: 8 });
    expect((await call(owner, 'GET', '/api/commerce/owner/gift-cards')).status).toBe(200);
    expect((await call(owner, 'GET', '/api/owner/products')).status).toBe(200);
    expect((await worker.fetch('/cart')).status).toBe(200);
    const subs = await call(owner, 'GET', '/api/commerce/owner/subscriptions');
    expect(subs.status).toBe(403);
    expect(subs.json.message).toBe('Product subscriptions is part of the Commerce plan. Upgrade your plan to use it.');
    expect(subs.json.upgradeUrl).toBe('/config/billing/website-subscriptions');

    expect((await call(owner, 'POST', '/api/owner/billing/subscribe', { plan: 'commerce' })).status).toBe(200);
    expect((await call(owner, 'GET', '/api/commerce/owner/subscriptions')).status).toBe(200);
  });
});

describe('trial expiry (Cron) and renewal', () => {
  const counts = async () =>
    worker.db
      .prepare(
        `SELECT (SELECT count(*) FROM items WHERE website_id = ?1) AS items, (SELECT count(*) FROM orders WHERE website_id = ?1) AS orders,
                (SELECT count(*) FROM pages WHERE website_id = ?1) AS pages, (SELECT count(*) FROM forms WHERE website_id = ?1) AS forms`,
      )
      .bind(siteId)
      .first();

  it('flips an ended trial to expired once, shows visitors the unavailable page, keeps the owner area, and renewing brings the site back unchanged', async () => {
    const home = await worker.fetch('/');
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    const before = await counts();

    const now = Date.now();
    const ends = now + 60 * 60_000;
    await setSite('subscription_state = 3, trial_ends_on = ?', ends);
    // Before the end: still a trial.
    expect((await worker.scheduled('* * * * *', ends - 1)).outcome).toBe('ok');
    expect((await siteRow()).subscription_state).toBe(3);
    // Two overlapping runs after the end: the site expires once (one version step).
    const version = (await siteRow()).content_version;
    const runs = await Promise.all([worker.scheduled('* * * * *', ends + 1000), worker.scheduled('* * * * *', ends + 2000)]);
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'ok']);
    const expired = await siteRow();
    expect(expired.subscription_state).toBe(1);
    expect(expired.content_version).toBe(version + 1);

    // Visitors: the unavailable page, no store, no forms, APIs refuse. A page cached just
    // before may still be served within the page cache's version bound (about a second).
    await expect.poll(async () => (await worker.fetch('/')).status).toBe(503);
    for (const path of ['/', '/shop', '/cart', '/checkout']) {
      const res = await worker.fetch(path);
      expect(res.status, path).toBe(503);
      expect(await res.text()).toContain('This site is not available');
    }
    const form = await call(undefined, 'POST', '/api/form/SaveFormSubmission', { key: 'x', form: '{}' });
    expect(form.status).toBe(503);
    expect(form.json.error).toBe('site_unavailable');
    expect((await call(undefined, 'GET', '/api/commerce/shopping-cart')).status).toBe(503);
    // The owner: the owner area and billing stay open and show how to renew.
    const area = await call(owner, 'GET', '/config/');
    expect(area.status).toBe(200);
    expect(area.text).toContain('/config/billing/upgrade');
    const view = await call(owner, 'GET', '/api/owner/billing');
    expect(view.json).toMatchObject({ state: 1, expired: true, trialDaysLeft: null, upgradeUrl: '/config/billing/upgrade' });
    expect(await counts()).toEqual(before);

    // Renewing (local test provider) brings everything back as it was.
    const renewed = await call(owner, 'POST', '/api/owner/billing/subscribe', { plan: 'commerce' });
    expect(renewed.status).toBe(200);
    expect(renewed.json).toMatchObject({ state: 8, expired: false, plan: 'commerce' });
    expect((await siteRow()).billing_reference).toMatch(/^test_sub_/);
    const back = await worker.fetch('/');
    expect(back.status).toBe(200);
    const backHtml = await back.text();
    const title = (html: string) => html.match(/<title>[^<]*<\/title>/)?.[0];
    expect(title(backHtml)).toBe(title(homeHtml));
    expect(backHtml.length).toBeGreaterThan(homeHtml.length * 0.9);
    expect(await counts()).toEqual(before);
    // A renewed site is not expired again by the next run.
    await worker.scheduled('* * * * *', ends + 60_000);
    expect((await siteRow()).subscription_state).toBe(8);
  });

  it('locks every owner API of an expired site but billing with 402 naming renewal (the permission table walked); shoppers get 503', async () => {
    const routes = new Map<string, { method: string; path: string; permission: Permission }>();
    for (const route of createApp().routes) {
      const permission = (route.handler as { [PERMISSION_TAG]?: Permission })[PERMISSION_TAG];
      if (!permission || !route.path.startsWith('/api/')) continue;
      const method = route.method === 'ALL' ? 'GET' : route.method;
      const path = route.path.replace(/:[^/]+/g, 'walk-id').replace(/\*/g, 'walk');
      routes.set(`${method} ${path}`, { method, path, permission });
    }
    expect(routes.size).toBeGreaterThan(100);
    const before = await counts();
    await setSite('subscription_state = 1');
    try {
      const open: string[] = [];
      for (const [key, route] of routes) {
        const res = await call(owner, route.method, route.path, route.method === 'GET' ? undefined : {});
        if (route.permission === 'billing') {
          expect(res.status, key).not.toBe(402);
          open.push(key);
          continue;
        }
        expect(res.status, key).toBe(402);
        expect(res.json, key).toEqual({ error: 'site_expired', message: 'This site has expired. Renew your plan in Billing to use it again; nothing has been deleted.', renewUrl: '/config/billing/upgrade' });
      }
      expect(open.sort()).toEqual(['GET /api/owner/billing', 'POST /api/owner/billing/card-setup', 'POST /api/owner/billing/subscribe']);
      // Shoppers and anonymous callers get the visitors' answer; the owner area shows the renew link.
      expect((await call(undefined, 'GET', '/api/owner/products')).json.error).toBe('site_unavailable');
      expect((await call(editor, 'GET', '/api/owner/billing')).status).toBe(403);
      const area = await call(owner, 'GET', '/config/products');
      expect(area.status).toBe(200);
      expect(area.text).toContain('data-subscription-banner');
      expect(area.text).toContain('/config/billing/upgrade');
      expect(await counts()).toEqual(before);
    } finally {
      await setSite('subscription_state = 8');
    }
    expect((await call(owner, 'GET', '/api/owner/products')).status).toBe(200);
  });

  it("answers a live API token's caller on an expired site 402 like an owner; a revoked or made-up token gets the visitors' 503", async () => {
    const made = await call(owner, 'POST', '/api/owner/api-tokens', { name: 'Expiry', scopes: ['theme:read'], expiresInDays: 30 });
    const revoked = await call(owner, 'POST', '/api/owner/api-tokens', { name: 'Revoked', scopes: ['theme:read'], expiresInDays: 30 });
    expect([made.status, revoked.status]).toEqual([201, 201]);
    expect((await call(owner, 'DELETE', `/api/owner/api-tokens/${revoked.json.token.id}`)).status).toBe(200);
    const bearer = async (secret: string, path = '/api/owner/theme/versions') => {
      const res = await worker.fetch(path, { headers: { Authorization: `Bearer ${secret}` } });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    expect((await bearer(made.json.secret)).status).toBe(200);
    const uses = async () => (await worker.db.prepare('SELECT count(*) AS n FROM api_token_uses WHERE token_id = ?').bind(made.json.token.id).first<{ n: number }>())!.n;
    const usesBefore = await uses();
    await setSite('subscription_state = 1');
    try {
      const expired = { error: 'site_expired', message: 'This site has expired. Renew your plan in Billing to use it again; nothing has been deleted.', renewUrl: '/config/billing/upgrade' };
      expect(await bearer(made.json.secret)).toEqual({ status: 402, json: expired });
      // Any API but billing, whatever the token's scopes: the caller learns how to renew.
      expect(await bearer(made.json.secret, '/api/owner/products')).toEqual({ status: 402, json: expired });
      expect((await bearer(revoked.json.secret)).json.error).toBe('site_unavailable');
      expect((await bearer(revoked.json.secret)).status).toBe(503);
      expect((await bearer(`atl_${'x'.repeat(43)}`)).status).toBe(503);
      // The refused calls are not logged as uses of the token.
      expect(await uses()).toBe(usesBefore);
    } finally {
      await setSite('subscription_state = 8');
    }
    expect((await bearer(made.json.secret)).status).toBe(200);
  });

  it('keeps a past-due site up; its owner sees a banner linking to billing', async () => {
    await setSite('subscription_state = 2');
    try {
      expect((await worker.fetch('/')).status).toBe(200);
      expect((await call(owner, 'GET', '/api/owner/products')).status).toBe(200);
      const area = await call(owner, 'GET', '/config/');
      expect(area.text).toContain('Your last payment did not go through.');
      expect(area.text).toMatch(/<a href="\/config\/billing">Update your payment<\/a>/);
      expect((await call(owner, 'GET', '/api/owner/billing')).json).toMatchObject({ state: 2, stateName: 'pastDue', expired: false });
    } finally {
      await setSite('subscription_state = 8');
    }
  });

  it('never treats a parking or cover page as expired (SPEC §4)', async () => {
    await setSite("subscription_state = 1, site_type = 'cover-page'");
    expect((await worker.fetch('/')).status).toBe(200);
    await setSite("subscription_state = 8, site_type = 'site'");
  });
});
