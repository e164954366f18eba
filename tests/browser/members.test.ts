import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch, pageClient, textLayout } from '../../edge/api/pages/test-pages.js';
import { createSiteUser, signIn } from '../../edge/test-support.js';
import { useStorefront } from './harness.js';
import { addSessionCookies, demoOwnerSession, openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 30 in Chromium: a visitor meets the paywall of a members-only article, signs in,
 * joins the free area, lands on membership confirmed and reads the article; the owner
 * revokes the membership in the Members screen and the visitor's next request is refused.
 */
const store = useStorefront();
const ARTICLE = 'Glaze recipes for members: cone six celadon';
const PASSWORD = 'members-Browser-1';

beforeAll(async () => {
  const owner = await demoOwnerSession(store.worker);
  const pages = pageClient(store.worker, owner);
  const created = await pages('POST', '', { title: 'Glaze Journal', slug: 'glaze-journal' });
  const id = created.json.page.id as string;
  await pages('PUT', `/${id}/draft`, { layout: textLayout(ARTICLE) }, ifMatch(1));
  expect((await pages('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  const area = await store.worker.fetch('/api/owner/members/areas', {
    method: 'POST',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Glaze Club', access: 'free', pages: [{ pageId: id, teaserSections: null }] }),
  });
  expect(area.status).toBe(201);
  await createSiteUser(store.worker, { email: 'potter@members.test', password: PASSWORD });
}, 120_000);

describe('a members-only article', () => {
  it('paywall, sign in, join, read; the owner revokes; the next request is refused', async () => {
    // The access-denied answer is a 403 document: expected here.
    store.allow(/HTTP 403 \/glaze-journal|status of 403 \(Forbidden\)/);
    const reader = await store.visitor();
    const { page } = reader;
    await page.goto(store.url('/glaze-journal'));
    await page.getByRole('heading', { name: 'Members only' }).waitFor();
    await expect(page.getByRole('link', { name: 'Create an account' }).isVisible()).resolves.toBe(true);
    expect(await page.content()).not.toContain(ARTICLE);

    await addSessionCookies(reader.context, (await signIn(store.worker, 'potter@members.test', PASSWORD)).cookie, store.url('/'));
    await page.reload();
    await page.getByRole('button', { name: 'Join Glaze Club' }).click();
    await page.getByRole('heading', { name: 'Welcome to Glaze Club' }).waitFor();
    await page.getByRole('link', { name: 'Continue reading' }).click();
    await page.getByText(ARTICLE).waitFor();

    const owner = await signedInOwner(store);
    await openOwnerApp(owner.page, store.url('/config/members'));
    await owner.page.getByRole('heading', { name: 'Members of Glaze Club' }).waitFor();
    const row = owner.page.locator('tr[data-member="potter@members.test"]');
    await row.getByRole('button', { name: 'Revoke access of potter@members.test' }).click();
    await row.locator('[data-state="revoked"]').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    expect(await page.content()).not.toContain(ARTICLE);
    await expect(page.getByRole('button', { name: 'Join Glaze Club' }).isVisible()).resolves.toBe(true);
  });
});
