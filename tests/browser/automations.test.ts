import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { TestReceiver, verifyHook } from '../../edge/services/webhooks/test-receiver.js';

/**
 * The automations screen (client/editor/screens/automations/) in Chromium: an owner adds a
 * webhook (a private address is refused beside the field), copies the secret shown once,
 * sends a test, and sees it delivered in the log and the site connected (SPEC §4). The
 * receiver is a local server, allowed by WEBHOOK_DEV_ALLOW_ORIGINS (its exact origin only).
 */
const receiver = new TestReceiver();
const bindings: Record<string, string> = {};
// Registered before useStorefront's, so the worker starts knowing the receiver's origin.
beforeAll(async () => {
  await receiver.start();
  bindings.WEBHOOK_DEV_ALLOW_ORIGINS = receiver.url;
});
const store = useStorefront({ bindings });
afterAll(() => receiver.stop());

const POLL = { timeout: 30_000 };

describe('the automations screen in Chromium', () => {
  it('adds a webhook, sends a test, and shows it delivered in the log', async () => {
    store.allow(/HTTP 400 |status of 400/);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/automations'));
    await page.getByRole('heading', { name: 'Automations', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Awaiting connection' }).waitFor(POLL);

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('URL').fill('https://169.254.169.254/latest/meta-data/');
    await dialog.getByRole('checkbox', { name: 'Order paid' }).check();
    await dialog.getByRole('checkbox', { name: 'Form submitted' }).check();
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    await dialog.getByText('This URL points at a private or local network address, which webhooks may not reach.').waitFor(POLL);
    expect(await store.worker.db.prepare('SELECT count(*) AS n FROM webhook_subscriptions').first('n')).toBe(0);

    await dialog.getByLabel('URL').fill(`${receiver.url}/from-browser`);
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    const added = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = (await added.locator('[data-secret]').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Done' }).click();

    const card = page.locator('[data-webhook]').filter({ hasText: `${receiver.url}/from-browser` });
    await card.getByText('Awaiting connection').waitFor(POLL);
    await card.getByText('Order paid, Form submitted').waitFor();
    await card.getByText('No deliveries yet.').waitFor(POLL);

    await card.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test delivered (200)').waitFor(POLL);
    const logRow = card.locator('table tbody tr[data-status="delivered"]');
    await logRow.waitFor(POLL);
    expect(await logRow.locator('td').allTextContents()).toEqual(['Test', 'Delivered', '200', '1', '—', expect.any(String)]);
    await card.getByText('Connected', { exact: true }).waitFor(POLL);
    await page.getByRole('status').filter({ hasText: 'Connected (1)' }).waitFor(POLL);

    const hooks = receiver.at('/from-browser');
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.json.type).toBe('webhook.test');
    expect(verifyHook(hooks[0]!, secret, Math.floor(Date.now() / 1000))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
