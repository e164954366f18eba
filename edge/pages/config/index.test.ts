import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, responseCookies, signIn, startWorker, type RunningWorker } from '../../test-support.js';

/** The server-rendered owner area (/config/) and shopper pages (/account) over HTTP. */
let worker: RunningWorker;
const PASSWORD = 'pages-Password-1';

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => worker?.dispose());

/** A browser-like visitor: keeps cookies, reads the form's crumb, posts forms. */
class Visitor {
  jar = new Map<string, string>();
  async get(path: string) {
    const res = await worker.fetch(path, { headers: { Cookie: this.cookie() }, redirect: 'manual' });
    this.absorb(res);
    return { status: res.status, html: await res.text(), headers: res.headers };
  }
  async post(path: string, fields: Record<string, string>) {
    const body = new URLSearchParams({ crumb: this.jar.get('crumb') ?? '', ...fields }).toString();
    const res = await worker.fetch(path, {
      method: 'POST',
      headers: { Cookie: this.cookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    this.absorb(res);
    return { status: res.status, html: await res.text(), headers: res.headers };
  }
  cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [name] = line.split('=');
      if (/Max-Age=0/.test(line)) this.jar.delete(name!);
    }
    for (const [k, v] of responseCookies(res)) this.jar.set(k, v);
  }
}

describe('/config/', () => {
  it('shows anonymous visitors a sign-in form whose crumb matches its cookie, never cached', async () => {
    const v = new Visitor();
    const page = await v.get('/config/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('<form method="post" action="/config/sign-in"');
    const field = /name="crumb" value="([^"]+)"/.exec(page.html)![1];
    expect(field).toBe(v.jar.get('crumb'));
    expect(page.html).not.toContain('data-owner-shell');
  });

  it('signs the owner in, shows the shell with the screens the role allows, signs out', async () => {
    const owner = await demoOwner();
    const v = new Visitor();
    await v.get('/config/');
    const wrong = await v.post('/config/sign-in', { email: owner.email, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Invalid email or password.');
    const ok = await v.post('/config/sign-in', { email: owner.email, password: owner.password });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/config/');
    const shell = await v.get('/config/');
    expect(shell.status).toBe(200);
    expect(shell.html).toContain('data-owner-shell');
    expect(shell.html).toContain('href="/config/contributors"');
    expect(shell.html).toContain('href="/config/outbox"');
    const out = await v.post('/config/sign-out', {});
    expect(out.status).toBe(303);
    expect((await v.get('/config/')).html).toContain('action="/config/sign-in"');
  });

  it('refuses a form post without the crumb', async () => {
    const v = new Visitor();
    await v.get('/config/');
    v.jar.set('crumb', 'another-crumb-0123456789abc');
    const res = await worker.fetch('/config/sign-in', {
      method: 'POST',
      headers: { Cookie: 'crumb=another-crumb-0123456789abc', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.test&password=x',
    });
    expect(res.status).toBe(401);
  });

  it('shows each screen only to roles allowed it; shoppers and "none" get 403', async () => {
    await createSiteUser(worker, { email: 'reporter@pages.test', password: PASSWORD, roles: [3] });
    await createSiteUser(worker, { email: 'nobody@pages.test', password: PASSWORD, roles: [14] });
    await createSiteUser(worker, { email: 'shopper@pages.test', password: PASSWORD });
    const reporter = await signIn(worker, 'reporter@pages.test', PASSWORD);
    const home = await worker.fetch('/config/', { headers: { Cookie: reporter.cookie } });
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).not.toContain('href="/config/contributors"');
    expect((await worker.fetch('/config/contributors', { headers: { Cookie: reporter.cookie } })).status).toBe(403);
    expect((await worker.fetch('/config/pages/any-page/edit', { headers: { Cookie: reporter.cookie } })).status).toBe(403);
    for (const email of ['nobody@pages.test', 'shopper@pages.test']) {
      const user = await signIn(worker, email, PASSWORD);
      const res = await worker.fetch('/config/', { headers: { Cookie: user.cookie } });
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('data-owner-shell');
    }
  });

  it('invites through the contributors API (what the app screen calls) and the invitee joins from the mailed link', async () => {
    const owner = await demoOwner();
    const admin = await signIn(worker, owner.email, owner.password);
    const json = (method: string, path: string, body?: unknown) =>
      worker.fetch(path, { method, headers: { ...admin.headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await json('POST', '/api/site-users/contributors/invitations', { email: 'helper@pages.test', roles: [15] })).status).toBe(202);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = 'helper@pages.test'").first<{ text: string }>();
    const link = /http:\/\/localhost(\/config\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const helper = new Visitor();
    const page = await helper.get(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('helper@pages.test');
    const token = /name="token" value="([^"]+)"/.exec(page.html)![1]!;
    const joined = await helper.post('/config/invitation', { token, password: PASSWORD });
    expect(joined.status).toBe(303);
    const shell = await helper.get('/config/');
    expect(shell.html).toContain('data-owner-shell');
    expect(shell.html).toContain('helper@pages.test');
    // Removing them ends their session.
    const { contributors } = (await (await json('GET', '/api/site-users/contributors')).json()) as { contributors: { email: string; siteUserId: string }[] };
    const id = contributors.find((p) => p.email === 'helper@pages.test')!.siteUserId;
    expect((await json('DELETE', `/api/site-users/contributors/${id}`)).status).toBe(200);
    expect((await helper.get('/config/')).html).toContain('action="/config/sign-in"');
  });

  it('answers every owner screen with the shell that loads the app: no server-rendered lists, a no-JavaScript note', async () => {
    const owner = await demoOwner();
    const admin = await signIn(worker, owner.email, owner.password);
    for (const path of ['/config/', '/config/orders', '/config/orders/1001', '/config/gift-cards', '/config/subscriptions', '/config/customers', '/config/restock', '/config/reviews', '/config/traffic', '/config/contributors', '/config/outbox', '/config/form-submissions', '/config/pages/any-page/edit', '/config/header-footer', '/config/tags', '/config/blog', '/config/blog/new']) {
      const res = await worker.fetch(path, { headers: { Cookie: admin.cookie } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="owner-app" data-props=');
      expect(html, path).toMatch(/<script type="module" src="\/client\/editor-[\w-]+\.js"/);
      expect(html, path).toContain('<noscript><p>The owner area needs JavaScript.');
      expect(html, path).not.toMatch(/<table|<form method="post" action="\/config\/(gift-cards|subscriptions|contributors)/);
    }
    // The old form posts are gone: the JSON APIs replace them.
    for (const path of ['/config/gift-cards/disable', '/config/subscriptions/cancel', '/config/contributors/invite', '/config/contributors/remove']) {
      const res = await worker.fetch(path, { method: 'POST', headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `crumb=${admin.xsrfToken}` });
      expect([404, 405], path).toContain(res.status);
    }
  });
});

describe('/account', () => {
  it('signs a shopper up, verifies through the mailed link and shows the account with no orders', async () => {
    const v = new Visitor();
    await v.get('/account/sign-up');
    const res = await v.post('/account/sign-up', { email: 'pages-shopper@pages.test', password: PASSWORD });
    expect(res.status).toBe(202);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = 'pages-shopper@pages.test'").first<{ text: string }>();
    const link = /http:\/\/localhost(\/account\/verify\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const confirm = await v.get(link);
    const token = /name="token" value="([^"]+)"/.exec(confirm.html)![1]!;
    expect((await v.post('/account/verify', { token })).headers.get('location')).toBe('/account');
    const page = await v.get('/account');
    expect(page.html).toContain('pages-shopper@pages.test');
    expect(page.html).toContain('data-orders-empty');
    expect(JSON.parse(decodeURIComponent(v.jar.get('SiteUserInfo')!))).toMatchObject({ authenticated: true });
  });

  it('escapes what visitors typed when a form comes back', async () => {
    const v = new Visitor();
    await v.get('/account');
    const res = await v.post('/account/sign-in', { email: '"><script>alert(1)</script>', password: 'x' });
    expect(res.status).toBe(401);
    expect(res.html).not.toContain('<script>alert(1)</script>');
    expect(res.html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('shows an invalid-link page for a guessed verification or reset token', async () => {
    expect((await worker.fetch('/account/verify?token=guess')).status).toBe(400);
    expect((await worker.fetch(`/account/reset/confirm?token=${'B'.repeat(43)}`)).status).toBe(400);
  });
});
