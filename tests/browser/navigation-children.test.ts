import { beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, type SignedIn } from '../../edge/test-support.js';
import { ifMatch } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';

/**
 * Nested navigation links (UpdateNavigation children) in the demo theme's header: a <details>
 * disclosure beside the parent link, opened by keyboard on a desktop and inside the menu on a
 * phone, its child links followed.
 */
const store = useStorefront();
let session: SignedIn;

beforeAll(async () => {
  const demo = await demoOwner();
  session = await signIn(store.worker, demo.email, demo.password);
  const layout = (await (await store.worker.fetch('/api/commondata/GetSiteLayout', { headers: session.headers })).json()) as { layout: { identifier: string; version: number }[] };
  const version = layout.layout.find((n) => n.identifier === 'main-nav')!.version;
  const items = [
    { title: 'Shop', externalLink: '/shop', children: [{ title: 'Journal notes', externalLink: '/journal' }, { title: 'About the studio', externalLink: '/about' }] },
    { title: 'Contact', externalLink: '/contact' },
  ];
  const res = await store.worker.fetch('/api/widget/UpdateNavigation', {
    method: 'POST',
    headers: { ...session.headers, 'Content-Type': 'application/json', ...ifMatch(version) },
    body: JSON.stringify({ fieldName: 'main-nav', templateId: 'fern-and-kiln', navigation: { items } }),
  });
  expect(res.status, await res.text()).toBe(200);
}, 120_000);

describe('navigation children', () => {
  it('opens the sub-menu by keyboard on a desktop and follows a child link', async () => {
    const { page } = await store.visitor({ viewport: { width: 1280, height: 900 } });
    await page.goto(store.url('/'));
    const child = page.getByRole('link', { name: 'Journal notes' });
    await expect.poll(() => child.isVisible()).toBe(false);
    const summary = page.locator('.nav-sub > summary');
    // Tab from the parent link reaches the disclosure; Enter opens it.
    await page.getByRole('link', { name: 'Shop', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.textContent()).toBe('More under Shop');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.nav-sub').getAttribute('open')).toBe('');
    await expect.poll(() => child.isVisible()).toBe(true);
    // The sub-menu drops below the header's links, above the page.
    const box = (await child.boundingBox())!;
    const parent = (await page.getByRole('link', { name: 'Shop', exact: true }).boundingBox())!;
    expect(box.y).toBeGreaterThan(parent.y + parent.height - 1);
    await page.keyboard.press('Tab');
    expect(await child.evaluate((el) => el === document.activeElement)).toBe(true);
    await Promise.all([page.waitForURL(/\/journal$/), page.keyboard.press('Enter')]);
    // Enter on the summary again closes it.
    await page.locator('.nav-sub > summary').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.nav-sub').getAttribute('open')).toBeNull();
  });

  it('shows the child links inside the phone menu', async () => {
    const { page } = await store.visitor({ viewport: { width: 390, height: 844 } });
    await page.goto(store.url('/'));
    await page.locator('.nav-toggle-label').click();
    await expect.poll(() => page.locator('.site-nav').isVisible()).toBe(true);
    await page.locator('.nav-sub > summary').click();
    const child = page.getByRole('link', { name: 'About the studio' });
    await expect.poll(() => child.isVisible()).toBe(true);
    // Inside the menu's column, indented under its parent, no sideways scrolling.
    const box = (await child.boundingBox())!;
    const parent = (await page.getByRole('link', { name: 'Shop', exact: true }).boundingBox())!;
    expect(box.y).toBeGreaterThan(parent.y);
    expect(box.x).toBeGreaterThan(parent.x);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await Promise.all([page.waitForURL(/\/about$/), child.click()]);
  });
});
