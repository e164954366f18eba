import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES as R } from '../../../domain/messages/form-messages.js';
import { TestVisitor } from '../forms/test-visitor.js';
import { RESTOCK_PATH as PATH, signupsOf, soldOutMoonJar, type SoldOutVariant } from './test-restock.js';

/**
 * SPEC §3 Restock sign-up on a site that requires a bot check: the deployment's verifier
 * (here the offline `local` one) must accept the token minted for PRODUCT_WAITLIST_SUBMISSION.
 */
let worker: RunningWorker;
let moonJar: SoldOutVariant;
let html: string;
beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE: 'off', CAPTCHA_PROVIDER: 'local' } });
  await worker.db.prepare("UPDATE websites SET captcha_site_key = 'restock-site-key'").run();
  ({ html, moonJar } = await soldOutMoonJar(worker));
});
afterAll(() => worker?.dispose());

const signups = (email: string) => signupsOf(worker, email);

describe('restock sign-up with the site bot check', () => {
  it("renders the sold-out form's captcha container and hands the product form the site key and the deployment's provider", () => {
    expect(html).toContain('<div class="captcha-container"></div>');
    expect(html).toContain(`data-prop-captcha="${JSON.stringify({ siteKey: 'restock-site-key', provider: 'local' }).replace(/"/g, '&quot;')}"`);
  });

  it('refuses a sign-up without a token, and stores nothing', async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    const res = await v.req('POST', PATH, { ...moonJar, email: 'no-token@example.com' });
    expect(res).toMatchObject({ status: 400, json: { error: 'captcha_required', message: FORM_MESSAGES.captchaIncomplete } });
    const empty = await v.req('POST', PATH, { ...moonJar, email: 'no-token@example.com', recaptchaEnterpriseV3Token: '' });
    expect(empty.status).toBe(400);
    expect(await signups('no-token@example.com')).toHaveLength(0);
  });

  it("refuses a bad token and one minted for another action (the contact form's), and stores nothing", async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    for (const token of ['forged', 'local-pass:FORM_BLOCK_SUBMISSION']) {
      const res = await v.req('POST', PATH, { ...moonJar, email: 'bad-token@example.com', recaptchaEnterpriseV3Token: token });
      expect(res).toMatchObject({ status: 400, json: { error: 'captcha_failed', message: R.failed } });
    }
    expect(await signups('bad-token@example.com')).toHaveLength(0);
  });

  it('signs up with a token for PRODUCT_WAITLIST_SUBMISSION', async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    const res = await v.req('POST', PATH, { ...moonJar, email: 'human@example.com', recaptchaEnterpriseV3Token: 'local-pass:PRODUCT_WAITLIST_SUBMISSION' });
    expect(res).toMatchObject({ status: 200, json: { success: true } });
    expect(await signups('human@example.com')).toHaveLength(1);
  });

  it('renders no container once the site has no key, and signs up without a token', async () => {
    await worker.db.prepare('UPDATE websites SET captcha_site_key = NULL').run();
    try {
      const page = (await new TestVisitor(worker).req('GET', '/shop/moon-jar')).text;
      expect(page).toContain('class="product-restock-notification"');
      expect(page).not.toContain('captcha-container');
      const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
      expect((await v.req('POST', PATH, { ...moonJar, email: 'keyless@example.com' })).status).toBe(200);
    } finally {
      await worker.db.prepare("UPDATE websites SET captcha_site_key = 'restock-site-key'").run();
    }
  });
});
