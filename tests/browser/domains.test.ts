import { describe, expect, it } from 'vitest';
import { localDnsKey } from '../../edge/services/domains/txt-resolver.js';
import { useStorefront } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The domains screen (client/editor/screens/domains/) in Chromium: an owner adds a domain
 * (a bad name is explained beside the field), sees the TXT record to add, verifies (refused
 * until the record exists in the local fake zone), makes it primary, goes back to the
 * platform address and removes the domain after confirming.
 */
const store = useStorefront();
const DOMAIN = 'shop.example-pottery.com';

describe('the domains screen in Chromium', () => {
  it('adds, verifies, makes primary and removes a domain', async () => {
    store.allow(/HTTP 40[09] |status of 40[09]/);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/domains'));
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
    await page.getByText('No domains yet').waitFor();

    await page.getByLabel('Domain').fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Enter a domain name such as shop.example.com.').waitFor();
    await page.getByLabel('Domain').fill(DOMAIN);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const card = page.locator(`[data-domain="${DOMAIN}"]`);
    await card.getByText('Waiting for verification').waitFor();
    await card.getByText(`_atelier-verify.${DOMAIN}`).waitFor();
    const value = (await card.locator('dd').nth(1).textContent())!.trim();
    expect(value).toMatch(/^atelier-verify=/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByRole('alert').filter({ hasText: 'No TXT record' }).waitFor();
    await store.worker.files.put(localDnsKey(`_atelier-verify.${DOMAIN}`), new TextEncoder().encode(value).buffer as never);
    await card.getByRole('button', { name: 'Verify' }).click();
    await page.locator(`[data-domain="${DOMAIN}"][data-state="verified"]`).getByText('Certificate: active').waitFor();

    await card.getByRole('button', { name: 'Make primary' }).click();
    await card.getByText('Primary', { exact: true }).waitFor();
    await page.locator('[data-primary-host]').getByText(DOMAIN).waitFor();
    const redirect = await store.worker.fetch('/shop', { host: 'fernandkiln.atelier.site', redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, `https://${DOMAIN}/shop`]);

    await page.getByRole('button', { name: 'Make fernandkiln.atelier.site primary' }).click();
    await page.locator('[data-primary-host]').getByText('fernandkiln.atelier.site').waitFor();
    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: `Remove ${DOMAIN}?` }).getByRole('button', { name: 'Remove domain' }).click();
    await page.getByText('No domains yet').waitFor();
  });
});
