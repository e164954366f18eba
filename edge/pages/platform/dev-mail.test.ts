import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, testAddress, type RunningWorker } from '../../test-support.js';

/**
 * The local mail reader on the platform host (GET /dev/mail): with the local mail default a
 * new owner reads the verification link there; with a production mail provider (or a
 * platform host that is not local) the path is the platform's 404 page.
 */
let local: RunningWorker;
let production: RunningWorker;
const HOST = 'app.localhost';
const CRUMB = 'crumb-for-dev-mail-tests-0123';

beforeAll(async () => {
  [local, production] = await Promise.all([
    startWorker(),
    startWorker({ migrateOnly: true, bindings: { MAIL_PROVIDER: 'postmark', MAIL_API_TOKEN: 'token', MAIL_FROM: 'Atelier <mail@example.com>' } }),
  ]);
});
afterAll(async () => Promise.all([local?.dispose(), production?.dispose()]));

const signUp = (worker: RunningWorker, email: string) =>
  worker.fetch('/sign-up', {
    host: HOST,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${CRUMB}`, 'CF-Connecting-IP': testAddress() },
    body: new URLSearchParams({ crumb: CRUMB, email, password: 'reader-Pass-1' }).toString(),
  });

describe('GET /dev/mail', () => {
  it('lists the platform mails with their links, and points the sign-up page at it', async () => {
    const res = await signUp(local, 'reader.owner@example.test');
    expect(res.status).toBe(202);
    expect(await res.text()).toContain('href="/dev/mail"');

    const page = await local.fetch('/dev/mail', { host: HOST });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const body = await page.text();
    expect(body).toContain('reader.owner@example.test');
    const link = /<a href="(http:\/\/app\.localhost\/verify\?token=[A-Za-z0-9_-]+)" data-mail-link>/.exec(body)?.[1];
    expect(link).toBeDefined();
    // The link works: it is the mailed verification link.
    const verify = await local.fetch(new URL(link!).pathname + new URL(link!).search, { host: HOST });
    expect(verify.status).toBe(200);
    expect(await verify.text()).toContain('Confirm my email');

    // Filtered by recipient; the demo site's own mail is never listed (another website's outbox).
    const other = await local.fetch('/dev/mail?to=nobody@example.test', { host: HOST });
    expect(await other.text()).toContain('No mail yet.');
    await local.db
      .prepare("INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, status, attempts, created_on) SELECT 'dev-mail-site', id, 'order-confirmation', 'reader.owner@example.test', 'A site mail', 'x', 'queued', 0, ? FROM websites WHERE is_default = 1")
      .bind(Date.now())
      .run();
    const again = await (await local.fetch('/dev/mail', { host: HOST })).text();
    expect(again).toContain('reader.owner@example.test');
    expect(again).not.toContain('A site mail');
  });

  it('shows the reset link a reset request mails (queued after the response)', async () => {
    const res = await local.fetch('/reset', {
      host: HOST,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${CRUMB}`, 'CF-Connecting-IP': testAddress() },
      body: new URLSearchParams({ crumb: CRUMB, email: 'reader.owner@example.test' }).toString(),
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toContain('href="/dev/mail"');
    const resetLink = async () => {
      const body = await (await local.fetch('/dev/mail?to=reader.owner@example.test', { host: HOST })).text();
      return /data-mail-kind="platform-password-reset"[\s\S]*?<a href="(http:\/\/app\.localhost\/reset\?token=[A-Za-z0-9_-]+)"/.exec(body)?.[1];
    };
    await expect.poll(resetLink).toBeDefined();
    const link = new URL((await resetLink())!);
    const form = await local.fetch(link.pathname + link.search, { host: HOST });
    expect(await form.text()).toContain('Choose a new password');
  });

  it('escapes what a mail holds', async () => {
    await local.db
      .prepare("INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, status, attempts, created_on) VALUES (?, 'platform', 'platform-verify-email', ?, ?, ?, 'queued', 0, ?)")
      .bind('dev-mail-xss', 'x@example.test', '<img src=x onerror=alert(1)>', 'Open http://app.localhost/verify?token=a"><script>alert(2)</script> now', Date.now())
      .run();
    const body = await (await local.fetch('/dev/mail?to=x@example.test', { host: HOST })).text();
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).not.toContain('<script>alert(2)');
    expect(body).toContain('href="http://app.localhost/verify?token=a"');
  });

  it('is not there with a production mail provider, nor on a site host', async () => {
    const res = await production.fetch('/dev/mail', { host: HOST });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Local mail');
    const signUpPage = await signUp(production, 'prod.owner@example.test');
    expect(signUpPage.status).toBe(202);
    expect(await signUpPage.text()).not.toContain('/dev/mail');
    // The demo site's host has no such page (the platform app only serves the platform host).
    expect((await local.fetch('/dev/mail')).status).toBe(404);
  });
});
