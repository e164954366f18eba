import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch, pageClient } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';
import { demoOwnerSession, openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 30 in Chromium: a visitor types a custom amount in the donation block, pays on the
 * donate page (203) with the test card, sees contribution confirmed (204), and the owner finds
 * the donation, marked, in the Orders screen. The block and the form need no JavaScript.
 */
const store = useStorefront();

beforeAll(async () => {
  const owner = await demoOwnerSession(store.worker);
  const pages = pageClient(store.worker, owner);
  const created = await pages('POST', '', { title: 'Support the studio', slug: 'support-the-studio' });
  const id = created.json.page.id as string;
  const layout = { sections: [{ id: 's1', design: {}, blocks: [{ id: 'd1', type: 'donation', props: { title: 'Keep the kiln warm' }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] };
  expect((await pages('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
  expect((await pages('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
}, 120_000);

describe('a donation', () => {
  it('a custom amount with the test card lands on the thank-you page; the owner sees it in Orders', async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/support-the-studio'));
    await page.getByRole('heading', { name: 'Keep the kiln warm' }).waitFor();
    await page.getByLabel('Or enter another amount').fill('17.25');
    await page.getByRole('button', { name: 'Donate' }).click();

    await page.getByRole('heading', { name: 'Make a donation' }).waitFor();
    await expect(page.getByLabel('Amount (USD)').inputValue()).resolves.toBe('17.25');
    await page.getByLabel('Email (for your receipt)').fill('browser.giver@example.com');
    await page.getByLabel('Your name', { exact: true }).fill('Browser Giver');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month (MM)').fill('12');
    await page.getByLabel('Expiry year (YYYY)').fill('2099');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Donate' }).click();

    await page.getByRole('heading', { name: 'Thank you for your donation' }).waitFor();
    expect(await page.locator('.contribution-amount').textContent()).toContain('$17.25');
    expect(new URL(page.url()).pathname).toBe('/contribution-confirmed');
    // The receipt is queued in the outbox with the same amount.
    const receipt = await store.worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind = 'donation-receipt' AND to_address = 'browser.giver@example.com'").first<{ text: string }>();
    expect(receipt!.text).toContain('Thank you for your donation of $17.25');

    const owner = await signedInOwner(store);
    await openOwnerApp(owner.page, store.url('/config/orders'));
    const row = owner.page.locator('tr', { hasText: 'browser.giver@example.com' });
    await row.locator('[data-order-kind="donation"]').waitFor();
    expect(await row.textContent()).toContain('$17.25');
  });

  it('the block\'s cover-the-fee and monthly choices reach the donate page, which shows the total; page 204 shows both', async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/support-the-studio'));
    await page.getByRole('heading', { name: 'Keep the kiln warm' }).waitFor();
    await page.getByLabel('$25.00').check();
    await page.getByLabel('Cover the card fee (2.9% + $0.30)').check();
    await page.getByLabel('Monthly').check();
    await page.getByRole('button', { name: 'Donate' }).click();

    await page.getByRole('heading', { name: 'Make a donation' }).waitFor();
    expect(await page.locator('.donate-total').textContent()).toBe('On $25.00 the fee is $1.03, so you give $26.03.');
    expect(await page.getByLabel('Monthly (cancel at any time)').isChecked()).toBe(true);
    await page.getByLabel('Email (for your receipt)').fill('browser.monthly@example.com');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month (MM)').fill('12');
    await page.getByLabel('Expiry year (YYYY)').fill('2099');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Donate' }).click();

    await page.getByRole('heading', { name: 'Thank you for your donation' }).waitFor();
    expect(await page.locator('.contribution-amount').textContent()).toContain('$26.03');
    expect(await page.locator('.contribution-fee').textContent()).toBe('This includes $1.03 to cover the card fee.');
    await page.getByRole('button', { name: 'Stop my monthly donation' }).click();
    await page.locator('[data-monthly="stopped"]').waitFor();
  });

  it('at 390 px the donate page\'s check box text wraps beside its box, not under it', async () => {
    const { page } = await store.visitor({ viewport: { width: 390, height: 844 } });
    await page.goto(store.url('/donate'));
    const label = page.locator('.donate-fee label');
    const { lines, textLeft, boxRight } = await label.evaluate((l) => {
      const box = l.querySelector('input')!;
      const text = document.createRange();
      text.selectNodeContents(l);
      text.setStartAfter(box);
      const rects = [...text.getClientRects()].filter((r) => r.width > 0);
      return { lines: new Set(rects.map((r) => Math.round(r.top))).size, textLeft: Math.min(...rects.map((r) => r.left)), boxRight: box.getBoundingClientRect().right };
    });
    expect(lines).toBeGreaterThan(1);
    expect(textLeft).toBeGreaterThanOrEqual(boxRight);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a French donor gives from /fr/: the block, page 203 and page 204 speak French with French money, all under /fr', async () => {
    const owner = await demoOwnerSession(store.worker);
    const res = await store.worker.fetch('/api/multilingual/languages', {
      method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ languages: ['en-US', 'fr'] }),
    });
    expect(res.status).toBe(200);
    const { page } = await store.visitor();
    await page.goto(store.url('/fr/support-the-studio'));
    await page.getByRole('heading', { name: 'Keep the kiln warm' }).waitFor();
    await page.getByLabel('Ou saisissez un autre montant').fill('17.25');
    await page.getByLabel('Chaque mois').check();
    await page.getByRole('button', { name: 'Faire un don' }).click();

    await page.getByRole('heading', { name: 'Faire un don' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/donate');
    expect(await page.getByLabel('Chaque mois (résiliable à tout moment)').isChecked()).toBe(true);
    await page.getByLabel('E-mail (pour votre reçu)').fill('donatrice@example.com');
    await page.getByLabel('Votre nom', { exact: true }).fill('Camille');
    await page.getByLabel('Numéro de carte', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel("Mois d'expiration (MM)").fill('12');
    await page.getByLabel("Année d'expiration (AAAA)").fill('2099');
    await page.getByLabel('Cryptogramme').fill('123');
    await page.getByRole('button', { name: 'Faire un don' }).click();

    await page.getByRole('heading', { name: 'Merci pour votre don' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/contribution-confirmed');
    expect(await page.locator('.contribution-amount').textContent()).toMatch(/17,25\s\$US/);
    expect(await page.locator('[data-monthly="active"]').textContent()).toMatch(/^Ceci est un don mensuel\u00a0: vous recevez un reçu chaque mois\. Le prochain aura lieu le \d+ \S+ \d{4}\.$/);
    await page.getByRole('button', { name: 'Arrêter mon don mensuel' }).click();
    await page.locator('[data-monthly="stopped"]').waitFor();
    expect(await page.locator('[data-monthly="stopped"]').textContent()).toBe('Votre don mensuel est arrêté\u00a0: plus rien ne sera prélevé.');
    expect(new URL(page.url()).pathname).toBe('/fr/contribution-confirmed/cancel');
    const receipt = await store.worker.db.prepare("SELECT subject FROM mail_outbox WHERE kind = 'donation-receipt' AND to_address = 'donatrice@example.com'").first<{ subject: string }>();
    expect(receipt!.subject).toContain('reçu de votre don');
  });
});
