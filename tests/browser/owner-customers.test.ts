import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { setStock, variantOf } from '../../edge/api/commerce/test-catalog.js';
import { addOne, placeOrder } from '../../edge/api/commerce/test-checkout.js';
import { TestVisitor } from '../../edge/api/commerce/test-visitor.js';
import { useStorefront } from './harness.js';
import { addSessionCookies, demoOwnerSession, openOwnerApp, seriousAxeViolations } from './owner-harness.js';

/**
 * The owner app's Customers screen in Chromium (search, a customer's drawer, on to an order),
 * axe-core on it, and the data table's phone layout: at 390 px rows are cards of
 * "label: value" lines, nothing scrolls sideways (customers and the outbox; screenshots).
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  const mug = await variantOf(store.worker.db, 'FK-MUG-08-OAT');
  await setStock(store.worker.db, 'FK-MUG-08-OAT', 100);
  // Two orders by one buyer (different letter case), one by another.
  const emails = ['Repeat@Customers.test', 'repeat@customers.test', 'once@customers.test'];
  for (const [i, email] of emails.entries()) {
    const v = new TestVisitor(store.worker, `198.51.100.${150 + i}`);
    await v.visit('/api/commerce/shopping-cart');
    await addOne(v, mug.itemId, 'FK-MUG-08-OAT', i + 1);
    expect((await placeOrder(v, { extra: { email } })).status).toBe(201);
  }
  // Two form submissions, one with non-ASCII text and one a spreadsheet would run as a formula.
  const db = store.worker.db;
  const { site, form } = (await db.prepare('SELECT website_id AS site, id AS form FROM forms LIMIT 1').first<{ site: string; form: string }>())!;
  const insert = db.prepare(
    `INSERT INTO form_submissions (id, website_id, form_id, key_hash, "values", search_text, status, created_on) VALUES (?, ?, ?, ?, ?, ?, 'received', ?)`,
  );
  await db.batch([
    insert.bind('csv-1', site, form, 'csv-k1', JSON.stringify({ message: 'Zoë asks about the Überglaze' }), 'csvtest zoë asks about the überglaze', Date.now() - 2000),
    insert.bind('csv-2', site, form, 'csv-k2', JSON.stringify({ message: '=HYPERLINK("http://evil.test")' }), 'csvtest =hyperlink', Date.now() - 1000),
  ]);
}, 120_000);

async function signedInContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  // axe is injected as an inline script, which the owner area's CSP refuses: these contexts bypass it.
  const context = await store.browser.newContext({ bypassCSP: true, viewport });
  await addSessionCookies(context, (await demoOwnerSession(store.worker)).cookie, store.url('/'));
  return context;
}

describe('the Customers screen', () => {
  it('searches, opens a customer in a drawer with their orders, and follows one to the order detail', async () => {
    const context = await signedInContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await openOwnerApp(page, store.url('/config/orders'));
    await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.locator('tr[data-customer]').first().waitFor();
    await page.getByRole('searchbox', { name: 'Email or name' }).fill('customers.test');
    await page.keyboard.press('Enter');
    const shown = () => page.locator('tr[data-customer]').evaluateAll((els) => els.map((e) => e.getAttribute('data-customer')));
    // Newest order first by default; the two spellings of one address are one customer.
    await expect.poll(shown).toEqual(['once@customers.test', 'repeat@customers.test']);
    const repeat = page.locator('tr[data-customer="repeat@customers.test"]');
    expect(await repeat.locator('td[data-label="Orders"]').textContent()).toBe('2');
    expect(await repeat.locator('td[data-label="Account"]').textContent()).toBe('Guest');
    const { orders } = (await page.evaluate(async () => (await fetch('/api/owner/customers/detail?email=repeat%40customers.test')).json())) as { orders: { grandTotalCents: number; orderNumber: number }[] };
    const total = orders.reduce((sum, o) => sum + o.grandTotalCents, 0);
    expect(await repeat.locator('td[data-label="Total spent"]').textContent()).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total / 100));
    // Sorting by Orders (descending on the second click) is the server's.
    const ordersHeader = page.getByRole('button', { name: /^Orders/ });
    await ordersHeader.click();
    await ordersHeader.click();
    await expect.poll(shown).toEqual(['repeat@customers.test', 'once@customers.test']);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-customers-1280.png'), fullPage: true });

    await repeat.getByRole('button', { name: 'repeat@customers.test' }).click();
    const drawer = page.getByRole('dialog', { name: 'repeat@customers.test' });
    await drawer.locator('[data-customer-detail]').waitFor();
    const links = drawer.getByRole('link', { name: /^Order #\d+$/ });
    await expect.poll(() => links.allTextContents()).toEqual(orders.map((o) => `Order #${o.orderNumber}`));
    await page.screenshot({ path: join(ARTIFACTS, 'owner-customers-1280-drawer.png') });
    expect(await seriousAxeViolations(page, { inject: 'script-tag' })).toEqual([]);
    await links.first().click();
    await page.getByRole('heading', { name: `Order #${orders[0]!.orderNumber}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/config/orders/${orders[0]!.orderNumber}`);
    await context.close();
  });

  it('downloads the searched form submissions as CSV: UTF-8 BOM, non-ASCII intact, quotes escaped', async () => {
    const context = await signedInContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await openOwnerApp(page, store.url('/config/form-submissions'));
    await page.getByRole('searchbox', { name: 'Search' }).fill('csvtest');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr[data-row]').count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('form-submissions.csv');
    const saved = join(ARTIFACTS, 'owner-form-submissions-export.csv');
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Submitted,Form,Status,Values');
    expect(lines.slice(1, -1)).toHaveLength(2);
    expect(lines[1]).toContain(`"message: =HYPERLINK(""http://evil.test"")"`);
    expect(lines[2]).toContain('message: Zoë asks about the Überglaze');
    await context.close();
  });

  it('at 390 px shows table rows as cards of label: value (customers, outbox), with no sideways scrolling and no axe violation', async () => {
    const context = await signedInContext({ width: 390, height: 844 });
    const page = await context.newPage();
    for (const [path, row] of [['/config/customers', 'tr[data-customer]'], ['/config/outbox', 'tr[data-mail-to]']] as const) {
      await openOwnerApp(page, store.url(path));
      await page.locator(row).first().waitFor();
      const layout = await page.locator(row).first().evaluate((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        return {
          row: getComputedStyle(tr).display,
          cell: getComputedStyle(cells[0]!).display,
          label: getComputedStyle(cells[0]!, '::before').content,
          // Every cell sits within the card, one under the other.
          stacked: cells.every((td, i) => i === 0 || td.getBoundingClientRect().top >= cells[i - 1]!.getBoundingClientRect().bottom - 1),
          wide: document.documentElement.scrollWidth,
          tableWide: tr.closest('.dt-scroll')!.scrollWidth > tr.closest('.dt-scroll')!.clientWidth,
        };
      });
      expect(layout).toMatchObject({ row: 'block', cell: 'grid', stacked: true, wide: 390, tableWide: false });
      expect(layout.label).toMatch(/^"(Email|Queued)"$/);
      expect(await seriousAxeViolations(page, { inject: 'script-tag' })).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `owner-cards-390${path.replace('/config/', '-')}.png`), fullPage: true });
    }
    await context.close();
  });
});
