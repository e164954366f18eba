import { describe, expect, it } from 'vitest';
import { trialDaysRemaining, trialEndsOn } from '../../domain/platform/trial.js';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The billing screen (client/editor/screens/billing/) and the owner shell's trial banner in
 * Chromium, the browser's clock set to the trial's last day: the banner says "1 day left in
 * your trial", its link opens the SPEC §2 trial-upgrade path, and choosing a plan (local test
 * billing; the declining card first) makes the site paid and the banner goes.
 */
const store = useStorefront();

describe('billing in Chromium', () => {
  it('shows the trial days on the banner at the browser clock and upgrades the site', async () => {
    store.allow(/HTTP 402 |status of 402/);
    const tz = 'America/New_York';
    const ends = trialEndsOn(Date.now(), tz, 14);
    await store.worker.db.prepare('UPDATE websites SET subscription_state = 3, trial_ends_on = ?, plan = ? WHERE is_default = 1').bind(ends, 'business').run();
    const lastDay = ends - 2 * 60 * 60_000; // 22:00 on the trial's last local day
    expect(trialDaysRemaining(ends, lastDay, tz)).toBe(1);

    const { page } = await signedInOwner(store);
    await page.clock.install({ time: lastDay });
    await openOwnerApp(page, store.url('/config/'));
    const banner = page.locator('[data-subscription-banner][data-state="trial"]');
    await expect.poll(() => banner.textContent()).toBe('1 day left in your trial. Upgrade');

    await banner.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByRole('heading', { name: 'Upgrade your trial', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/billing/upgrade');
    expect(await page.locator('[data-billing-state]').textContent()).toBe('Trial');
    expect(await page.locator('[data-billing-plan]').textContent()).toBe('Business');

    const commerce = page.locator('[data-plan="commerce"]');
    await page.getByLabel('Card number (test billing)').fill('4000 0000 0000 0002');
    await commerce.getByRole('button', { name: 'Choose Commerce' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();

    await page.getByLabel('Card number (test billing)').fill('4242 4242 4242 4242');
    await commerce.getByRole('button', { name: 'Choose Commerce' }).click();
    await page.waitForURL((url) => url.pathname === '/config/billing');
    await expect.poll(() => page.locator('[data-billing-state]').textContent()).toBe('Paid');
    expect(await page.locator('[data-billing-plan]').textContent()).toBe('Commerce');
    expect(await commerce.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
    expect(await page.locator('[data-subscription-banner]').count()).toBe(0);
    const row = await store.worker.db.prepare('SELECT subscription_state AS state, plan FROM websites WHERE is_default = 1').first();
    expect(row).toEqual({ state: 8, plan: 'commerce' });

    // Past due (state 2): the site stays up and the banner sends the owner to billing.
    await store.worker.db.prepare('UPDATE websites SET subscription_state = 2, content_version = content_version + 1 WHERE is_default = 1').run();
    try {
      await openOwnerApp(page, store.url('/config/'));
      const pastDue = page.locator('[data-subscription-banner][data-state="past-due"]');
      await expect.poll(() => pastDue.textContent()).toBe('Your last payment did not go through. Your site stays online while you update your payment details. Update your payment');
      await pastDue.getByRole('link', { name: 'Update your payment' }).click();
      await page.waitForURL((url) => url.pathname === '/config/billing');
      // Expired (state 1): an owner screen's API answers 402 and the screen says how to renew; the banner links to it.
      await store.worker.db.prepare('UPDATE websites SET subscription_state = 1, content_version = content_version + 1 WHERE is_default = 1').run();
      await openOwnerApp(page, store.url('/config/products'));
      await page.getByText('This site has expired. Renew your plan in Billing to use it again; nothing has been deleted.').first().waitFor();
      const expired = page.locator('[data-subscription-banner][data-state="expired"]');
      expect(await expired.getByRole('link', { name: 'Renew your plan' }).getAttribute('href')).toBe('/config/billing/upgrade');
    } finally {
      await store.worker.db.prepare('UPDATE websites SET subscription_state = 8, content_version = content_version + 1 WHERE is_default = 1').run();
    }
  });

  it('lines the plans\' buttons up at the foot of their cards at 1280 px', async () => {
    await store.worker.db.prepare('UPDATE websites SET subscription_state = 3, trial_ends_on = ?, content_version = content_version + 1 WHERE is_default = 1').bind(Date.now() + 5 * 86_400_000).run();
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/billing/upgrade'));
    await page.locator('[data-plan="commerce"]').waitFor();
    const bottoms = await page.locator('.billing-plan button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().bottom)));
    expect(bottoms.length).toBeGreaterThan(1);
    expect(new Set(bottoms).size, JSON.stringify(bottoms)).toBe(1);
  });
});
