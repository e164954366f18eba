import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TestVisitor } from '../../edge/api/commerce/test-visitor.js';
import { useStorefront, type Visitor } from './harness.js';
import { signedInOwner, openOwnerApp } from './owner-harness.js';

/**
 * The owner app's data table (client/editor/data-table) in Chromium: server-side sort,
 * filters and search, cursor pages, hidden columns, saved views restored after a reload,
 * CSV export, bulk approval of reviews, 'Load More' with windowed rows, keyboard-only use,
 * and the pager on a 390 px phone.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const ORDERS = 30;
const SUBMISSIONS = 250;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  const db = store.worker.db;
  const site = (await db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
  const now = Date.now();
  // Orders 5001.. straight into D1: totals vary (ties included), every fifth refunded, an hour apart.
  await db
    .prepare(
      `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, email, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, grand_total_cents, status, status_token_hash, created_on)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       SELECT 'to' || i, ?1, 5000 + i, 'tc' || i, 'table' || i || '@example.com', 'USD', 0, 0, 0, 0, 1000 + (i * 37 % 23) * 100,
         CASE WHEN i % 5 = 0 THEN 'refunded' ELSE 'paid' END, 'x', ?2 - (?3 - i) * 3600000 FROM n`,
    )
    .bind(site, now, ORDERS)
    .run();
  const form = (await db.prepare('SELECT id FROM forms WHERE website_id = ? LIMIT 1').bind(site).first<{ id: string }>())!.id;
  await db
    .prepare(
      `INSERT INTO form_submissions (id, website_id, form_id, key_hash, "values", search_text, status, created_on)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       SELECT 'ts' || i, ?1, ?4, 'tk' || i, json_object('message', 'Long list row ' || i), 'long list row ' || i, 'received', ?2 - i * 1000 FROM n`,
    )
    .bind(site, now, SUBMISSIONS, form)
    .run();
}, 120_000);

async function owner(viewport = { width: 1280, height: 900 }): Promise<Visitor> {
  const visitor = await signedInOwner(store, viewport);
  // A step that never happens fails with its locator rather than the test's timeout.
  visitor.page.setDefaultTimeout(20_000);
  return visitor;
}

/** Presses Tab until the focused element (of tag `tag`, if given) has the accessible text `name` (at most 80 presses). */
async function tabTo(page: Page, name: string, tag?: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate((tag) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || (tag && el.tagName !== tag)) return '';
      const byLabel = el.id ? document.querySelector(`label[for="${el.id}"] > span`)?.textContent : undefined;
      return (el.getAttribute('aria-label') ?? byLabel ?? el.textContent ?? '').replace(/[▲▼↕]/g, '').trim();
    }, tag);
    if (label === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

const ordersAsked = (page: Page) => {
  const asked: URL[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/commerce/owner/orders?')) asked.push(new URL(req.url()));
  });
  return asked;
};

const headers = (page: Page) => page.locator('table.dt-table thead th').allTextContents();

describe('the owner data table in Chromium', () => {
  it('sorts, filters, searches and pages on the server; hides a column; saves a view that a reload restores; exports CSV; renames and deletes the view', async () => {
    const { page } = await owner();
    const asked = ordersAsked(page);
    await openOwnerApp(page, store.url('/config/orders'));
    const rows = page.locator('table.dt-table tbody tr[data-row]');
    await page.getByLabel('Rows per page').selectOption('10');
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    expect(asked.at(-1)!.searchParams.get('after')).toMatch(/^\d+$/);

    // Sort: unsorted -> ascending -> descending, each asked of the server.
    const totalHeader = page.locator('th', { has: page.getByRole('button', { name: 'Total' }) });
    await page.getByRole('button', { name: 'Total' }).click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.getByText('Page 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Total' }).click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => asked.at(-1)!.searchParams.get('sort')).toBe('-total');

    // Filter on the server: refunded only (orders 5005, 5010, ... 5030).
    await page.getByLabel('Payment').selectOption('refunded');
    await expect.poll(() => asked.at(-1)!.searchParams.get('status')).toBe('refunded');
    await expect.poll(() => rows.count()).toBe(6);
    expect((await rows.locator('td:nth-child(6)').allTextContents()).every((t) => t.startsWith('refunded'))).toBe(true);
    // A date range with no orders: the empty state.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByText('No orders yet.').waitFor();
    expect(asked.at(-1)!.searchParams.get('to')).toBe('2020-01-31');
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await expect.poll(() => rows.count()).toBe(6);

    // Search on the server.
    await page.getByRole('searchbox', { name: 'Order number or email' }).fill('table1');
    await page.keyboard.press('Enter');
    // table10, table15 ... refunded ones matching "table1": 10 and 15.
    await expect.poll(() => rows.count()).toBe(2);
    expect(asked.at(-1)!.searchParams.get('q')).toBe('table1');
    await page.getByRole('searchbox', { name: 'Order number or email' }).fill('');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(6);

    // Hide the Email column.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('switch', { name: 'Email' }).click();
    await expect.poll(() => headers(page)).not.toContain('Email');

    // Save the view, then reload: sort, filter and hidden column come back from the server.
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'View name' }).fill('Refunds by total');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toMatch(/^[0-9a-f]{32}$/);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-table-1280.png'), fullPage: true });

    const before = asked.length;
    await page.reload();
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
    await expect.poll(() => page.getByRole('group', { name: 'Saved views' }).locator('select').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Refunds by total');
    await expect.poll(() => page.getByLabel('Payment').inputValue()).toBe('refunded');
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => rows.count()).toBe(6);
    expect(await headers(page)).not.toContain('Email');
    // The first request after the reload already carries the view (no default page first).
    expect(asked[before]!.searchParams.get('status')).toBe('refunded');
    expect(asked[before]!.searchParams.get('sort')).toBe('-total');
    const totals = (await rows.locator('td:nth-child(4)').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    // CSV of the filtered, sorted set: a download from the server.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = join(ARTIFACTS, 'owner-table-export.csv');
    await download.saveAs(saved);
    const text = await readFile(saved, 'utf8');
    // The UTF-8 byte order mark first, so that Excel reads non-ASCII text as UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const csv = text.slice(1).split('\r\n');
    expect(csv[0]).toBe('Order,Date (UTC),Email,Items,Total,Currency,Payment,Test,Kind');
    expect(csv.slice(1, -1)).toHaveLength(6);
    expect(csv.slice(1, -1).every((line) => line.includes(',refunded,'))).toBe(true);
    expect(csv.slice(1, -1).map((l) => Number(l.split(',')[4]))).toEqual(totals);

    // Rename it, then back to the default view: every order, every column.
    const views = page.getByRole('group', { name: 'Saved views' });
    const chosenName = () => views.locator('select').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent);
    await views.getByRole('button', { name: 'Rename view' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename view' });
    expect(await rename.getByRole('textbox', { name: 'View name' }).inputValue()).toBe('Refunds by total');
    await rename.getByRole('textbox', { name: 'View name' }).fill('Refunds');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'hidden' });
    await expect.poll(chosenName).toBe('Refunds');
    await views.locator('select').selectOption({ label: 'Default view' });
    await expect.poll(() => headers(page)).toContain('Email');
    await expect.poll(() => page.getByLabel('Payment').inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();
    // Switch back to it, then delete it.
    await views.locator('select').selectOption({ label: 'Refunds' });
    await expect.poll(() => page.getByLabel('Payment').inputValue()).toBe('refunded');
    await views.getByRole('button', { name: 'Delete view' }).click();
    await expect.poll(chosenName).toBe('Default view');
    expect(await views.locator('option').allTextContents()).toEqual(['Default view']);
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();
  });

  it('approves selected reviews in bulk', async () => {
    const shopper = new TestVisitor(store.worker, '198.51.100.120');
    await shopper.visit('/about');
    const mugId = ((await (await fetch(store.url('/shop/speckled-stoneware-mug?format=json'))).json()) as { item: { id: string } }).item.id;
    for (const n of [1, 2, 3]) {
      expect((await shopper.send('POST', '/api/reviews', { itemId: mugId, rating: 4, body: `Bulk table review ${n}`, name: `Bulk ${n}`, email: `bulk${n}@example.com` })).status).toBe(201);
    }
    const { page } = await owner();
    await openOwnerApp(page, store.url('/config/reviews'));
    await page.getByText('Bulk table review 3').waitFor();
    for (const n of [1, 2]) {
      const row = page.locator('tbody tr', { hasText: `Bulk table review ${n}` });
      await row.getByRole('checkbox').check();
    }
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByRole('button', { name: 'Approve selected' }).click();
    await page.getByText('2 reviews approved.').waitFor();
    await page.getByText('Bulk table review 1').waitFor({ state: 'detached' });
    await page.getByText('Bulk table review 3').waitFor();
    const product = await (await fetch(store.url('/shop/speckled-stoneware-mug'))).text();
    expect(product).toContain('Bulk table review 1');
    expect(product).toContain('Bulk table review 2');
    expect(product).not.toContain('Bulk table review 3');
  });

  it('works by keyboard alone: sort, next page, hide a column, filter, export, save a view', async () => {
    const { page } = await owner();
    await openOwnerApp(page, store.url('/config/orders'));
    await page.locator('table.dt-table tbody tr').first().waitFor();
    const totalHeader = page.locator('th', { has: page.getByRole('button', { name: 'Total' }) });
    await tabTo(page, 'Total');
    await page.keyboard.press('Enter');
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('ascending');
    await tabTo(page, 'Next page');
    await page.keyboard.press('Enter');
    await page.getByText('Page 2', { exact: true }).waitFor();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Previous page');
    await page.keyboard.press('Enter');
    await page.getByText('Page 1', { exact: true }).waitFor();

    await tabTo(page, 'Columns');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Items');
    await page.keyboard.press('Space');
    await expect.poll(() => headers(page)).not.toContain('Items');

    // A filter and the export by keyboard: typing picks a focused select's option, Enter follows the link.
    await tabTo(page, 'Payment', 'SELECT');
    await page.keyboard.press('r');
    await expect.poll(() => page.getByLabel('Payment').inputValue()).toBe('refunded');
    await expect.poll(() => page.locator('table.dt-table tbody tr[data-row]').count()).toBe(6);
    await tabTo(page, 'Export CSV');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^orders-.*\.csv$/);

    await tabTo(page, 'Save view');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.waitFor();
    // The name field has focus; an empty name is refused with a message.
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('Please enter a name for the view.').waitFor();
    await page.keyboard.type('Keyboard view');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('View "Keyboard view" saved.').waitFor({ state: 'attached' });
  });

  it('appends pages with Load More and windows the rows past 200', async () => {
    const { page } = await owner();
    await openOwnerApp(page, store.url('/config/form-submissions'));
    const rows = page.locator('table.dt-table tbody tr[data-row]');
    await expect.poll(() => rows.count()).toBe(100);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByText('200 shown').waitFor();
    await page.getByRole('button', { name: 'Load More' }).click();
    const shownText = page.getByText(/^\d+ shown$/);
    await expect.poll(async () => Number((await shownText.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(SUBMISSIONS);
    const shown = Number((await shownText.textContent())!.split(' ')[0]);
    // Windowed: far fewer rows in the DOM than loaded, and the last one reachable by scrolling.
    const region = page.locator('.dt-virtual');
    await region.waitFor();
    expect(await rows.count()).toBeLessThan(100);
    expect(await page.locator('table.dt-table').getAttribute('aria-rowcount')).toBe(String(shown + 1));
    expect(await page.getByText('Long list row 1', { exact: true }).count()).toBe(1);
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByText(`Long list row ${SUBMISSIONS}`, { exact: true }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-table-1280-load-more.png') });
    expect(await page.getByText('Long list row 1', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
  });

  it('fits a 390 px phone: toolbar and pager wrap instead of running off the screen', async () => {
    const { page } = await owner({ width: 390, height: 844 });
    await openOwnerApp(page, store.url('/config/orders'));
    await page.locator('table.dt-table tbody tr').first().waitFor();
    const pager = page.getByRole('navigation', { name: 'Orders pages' });
    const box = (await pager.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const name of ['Previous page', 'Next page']) {
      const b = (await page.getByRole('button', { name }).boundingBox())!;
      expect(b.x + b.width, name).toBeLessThanOrEqual(390);
    }
    const toolbar = (await page.locator('.dt-toolbar').boundingBox())!;
    expect(toolbar.x + toolbar.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-table-390.png'), fullPage: true });
  });
});
