import { beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn } from '../../edge/test-support.js';
import { useStorefront } from './harness.js';

/**
 * Issue 29: the header's language switcher (plain links, no script of its own) on a product
 * page: a visitor switches to French and back; the choice is remembered in a cookie.
 */
const store = useStorefront();

beforeAll(async () => {
  const demo = await demoOwner();
  const owner = await signIn(store.worker, demo.email, demo.password);
  const res = await store.worker.fetch('/api/multilingual/languages', {
    method: 'PUT',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ languages: ['en-US', 'fr'] }),
  });
  expect(res.status, await res.text()).toBe(200);
}, 120_000);

describe('language switcher', () => {
  it('switches a product page to French and back', async () => {
    const { page, context } = await store.visitor();
    await page.goto(store.url('/shop/speckled-stoneware-mug'));
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect.poll(() => switcher.getByRole('link', { name: 'English (United States)' }).getAttribute('aria-current')).toBe('true');
    await switcher.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(/\/fr\/shop\/speckled-stoneware-mug$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tasse en grès moucheté');
    expect(await page.locator('.site-main').textContent()).toMatch(/36,00\s\$/);
    expect(await page.getByRole('link', { name: 'Boutique' }).getAttribute('href')).toBe('/fr/shop');
    expect((await context.cookies()).find((c) => c.name === 'atelier-language')?.value).toBe('fr');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'English (United States)' }).click();
    await page.waitForURL(/\/shop\/speckled-stoneware-mug$/);
    expect(new URL(page.url()).pathname).toBe('/shop/speckled-stoneware-mug');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Speckled Stoneware Mug');
    expect((await context.cookies()).find((c) => c.name === 'atelier-language')?.value).toBe('en-US');
  });
});
