import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch, pageClient, textLayout } from '../../edge/api/pages/test-pages.js';
import { createSiteUser, signIn } from '../../edge/test-support.js';
import { islandsHydrated, useStorefront } from './harness.js';
import { draftPreview, POLL, saved } from './page-editor-support.js';
import { addSessionCookies, demoOwnerSession, openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 30 in Chromium: a visitor meets the paywall of a members-only article, signs in,
 * joins the free area, lands on membership confirmed and reads the article; the owner
 * revokes the membership in the Members screen (on the shared data table) and the visitor's
 * next request is refused; the owner sets the area's teaser and deletes the member. A buyer
 * of the monthly plan reads the paid article until the owner revokes it: then the paywall.
 */
const store = useStorefront();
const ARTICLE = 'Glaze recipes for members: cone six celadon';
const PASSWORD = 'members-Browser-1';
let journalId = '';
const PAID_ARTICLE = 'Kiln notes for subscribers: reduction at cone ten';

beforeAll(async () => {
  const owner = await demoOwnerSession(store.worker);
  const pages = pageClient(store.worker, owner);
  const created = await pages('POST', '', { title: 'Glaze Journal', slug: 'glaze-journal' });
  const id = created.json.page.id as string;
  journalId = id;
  await pages('PUT', `/${id}/draft`, { layout: textLayout(ARTICLE) }, ifMatch(1));
  expect((await pages('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  const area = await store.worker.fetch('/api/owner/members/areas', {
    method: 'POST',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Glaze Club', access: 'free', pages: [{ pageId: id, teaserSections: null }] }),
  });
  expect(area.status).toBe(201);
  await createSiteUser(store.worker, { email: 'potter@members.test', password: PASSWORD });
  // A paid area: the Kiln Notes article behind a monthly plan.
  const paid = await pages('POST', '', { title: 'Kiln Notes', slug: 'kiln-notes' });
  const paidId = paid.json.page.id as string;
  await pages('PUT', `/${paidId}/draft`, { layout: textLayout(PAID_ARTICLE) }, ifMatch(1));
  expect((await pages('POST', `/${paidId}/publish`, { version: 2 })).status).toBe(200);
  const paidArea = await store.worker.fetch('/api/owner/members/areas', {
    method: 'POST',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Kiln Circle', access: 'recurring', priceCents: 900, currency: 'USD', pages: [{ pageId: paidId, teaserSections: null }] }),
  });
  expect(paidArea.status).toBe(201);
  await createSiteUser(store.worker, { email: 'buyer@members.test', password: PASSWORD });
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
    // A free member: no plan to choose about, one confirmation.
    const confirm = owner.page.getByRole('dialog', { name: 'Revoke access of potter@members.test?' });
    await confirm.getByText('potter@members.test loses access to Glaze Club now.').waitFor();
    expect(await confirm.getByRole('radio').count()).toBe(0);
    await confirm.getByRole('button', { name: 'Revoke access' }).click();
    await owner.page.getByText('Access of potter@members.test revoked.').waitFor();
    await row.locator('[data-state="revoked"]').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    expect(await page.content()).not.toContain(ARTICLE);
    await expect(page.getByRole('button', { name: 'Join Glaze Club' }).isVisible()).resolves.toBe(true);

    // The area's teaser: the first section for everyone (105), then the member is deleted after a confirmation.
    await owner.page.getByLabel('Teaser sections of Glaze Journal').fill('1');
    await owner.page.getByRole('button', { name: 'Save teasers' }).click();
    await owner.page.getByText('Teasers of Glaze Club saved.').waitFor();
    await page.reload();
    await page.getByText(ARTICLE).waitFor();
    await page.locator('.member-divider').waitFor();
    await row.getByRole('button', { name: 'Delete member potter@members.test' }).click();
    await owner.page.getByRole('dialog', { name: 'Delete this member?' }).getByRole('button', { name: 'Delete member' }).click();
    await owner.page.getByText('potter@members.test is no longer in the list.').waitFor();
    await row.waitFor({ state: 'detached' });

    // The member-area block's panel (block 67): its title and the area picked from the site's areas.
    await openOwnerApp(owner.page, store.url(`/config/pages/${journalId}/edit`));
    await owner.page.getByRole('button', { name: 'Add block' }).click();
    await owner.page.locator('#pe-block-menu').getByRole('button', { name: 'Member area', exact: true }).click();
    const settings = owner.page.getByRole('region', { name: 'Block settings' });
    await settings.getByText('No member area chosen yet.').waitFor(POLL);
    await settings.getByLabel('Title').fill('Join the circle');
    await settings.getByRole('button', { name: /^Choose Glaze Club/ }).click();
    await settings.getByText('Showing: Glaze Club').waitFor();
    await saved(owner.page);
    const block = draftPreview(owner.page).locator('.block-member-area');
    await block.locator('.block-member-area-name', { hasText: 'Glaze Club' }).waitFor(POLL);
    expect(await block.locator('.block-member-area-title').innerText()).toBe('Join the circle');
  });

  it('the owner picks the blog for the area with the keyboard; a visitor meets its paywall on the list and a post', async () => {
    const owner = await signedInOwner(store);
    await openOwnerApp(owner.page, store.url('/config/members'));
    const picker = owner.page.getByRole('group', { name: 'Collections of Glaze Club' });
    const journal = picker.getByRole('checkbox', { name: 'Journal (/journal)' });
    await journal.focus();
    await owner.page.keyboard.press('Space');
    await expect(journal.isChecked()).resolves.toBe(true);
    await owner.page.getByRole('button', { name: 'Save collections' }).focus();
    await owner.page.keyboard.press('Enter');
    await owner.page.getByText('Collections of Glaze Club saved.').waitFor();
    await owner.page.getByText(/collections: Journal/).waitFor();

    const { page } = await store.visitor();
    await page.goto(store.url('/journal'));
    await page.getByRole('heading', { name: 'Members only' }).waitFor();
    await expect(page.getByRole('link', { name: 'Create an account' }).isVisible()).resolves.toBe(true);
    expect(await page.content()).not.toContain('Opening the Winter Kiln');
    await page.goto(store.url('/journal/opening-the-winter-kiln'));
    await page.getByRole('heading', { name: 'Members only' }).waitFor();
    expect(await page.content()).not.toContain('Opening the Winter Kiln');
  });

  it('a visitor meets the paywall of a paid article, buys the monthly plan with the test card and reads it', async () => {
    store.allow(/HTTP 403 \/kiln-notes|status of 403 \(Forbidden\)/);
    const buyer = await store.visitor();
    const { page } = buyer;
    await addSessionCookies(buyer.context, (await signIn(store.worker, 'buyer@members.test', PASSWORD)).cookie, store.url('/'));
    await page.goto(store.url('/kiln-notes'));
    await page.getByText('Access to Kiln Circle: $9.00 a month.').waitFor();
    expect(await page.content()).not.toContain(PAID_ARTICLE);
    await page.getByRole('button', { name: 'Subscribe for $9.00 a month' }).click();
    await page.waitForURL(/\/checkout\?cartToken=/);
    await islandsHydrated(page, '[data-island="checkout"]');
    const checkout = page.locator('[data-island="checkout"]');
    await expect.poll(() => checkout.locator('.order-summary').innerText()).toContain('$9.00 every month');
    await checkout.getByLabel('Email', { exact: true }).fill('buyer@members.test');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('Security code').fill('123');
    await checkout.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Welcome to Kiln Circle' }).waitFor();
    await page.getByRole('link', { name: 'Continue reading' }).click();
    await page.getByText(PAID_ARTICLE).waitFor();

    // The owner links the area from the main navigation (Pages screen): its member sees the item.
    const owner = await signedInOwner(store);
    await openOwnerApp(owner.page, store.url('/config/pages'));
    await owner.page.getByRole('button', { name: 'Add to navigation: Kiln Circle' }).click();
    await owner.page.getByText('Navigation saved.').waitFor();
    await page.reload();
    await page.locator('nav.site-nav a', { hasText: 'Kiln Circle' }).waitFor();

    // The owner revokes the paid member; the next request shows the plan again, not the article, nor the item.
    await openOwnerApp(owner.page, store.url('/config/members'));
    await owner.page.getByRole('button', { name: 'Kiln Circle', exact: true }).click();
    await owner.page.getByRole('heading', { name: 'Members of Kiln Circle' }).waitFor();
    const row = owner.page.locator('tr[data-member="buyer@members.test"]');
    await row.locator('[data-plan-state="active"]').waitFor();
    // Plan state and next charge day.
    expect(await row.innerText()).toMatch(/Active\s+[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // The dialog says what is paid and when, and offers to stop the plan (the default) or keep it.
    await row.getByRole('button', { name: 'Revoke access of buyer@members.test' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Revoke access of buyer@members.test?' });
    await confirm.getByText('buyer@members.test pays $9.00 a month for Kiln Circle').waitFor();
    expect(await confirm.innerText()).toContain('the next charge is on');
    await expect(confirm.getByRole('radio', { name: 'Revoke access and stop their plan' }).isChecked()).resolves.toBe(true);
    await confirm.getByRole('radio', { name: 'Revoke access only' }).check();
    await confirm.getByRole('button', { name: 'Revoke access', exact: true }).waitFor();
    await confirm.getByRole('radio', { name: 'Revoke access and stop their plan' }).check();
    await confirm.getByRole('button', { name: 'Revoke and stop plan' }).click();
    await owner.page.getByText('Access of buyer@members.test revoked and their plan stopped.').waitFor();
    await row.locator('[data-state="revoked"]').waitFor();
    await row.locator('[data-plan-state="canceled"]').waitFor();
    expect((await store.worker.db.prepare("SELECT status FROM subscriptions WHERE email = 'buyer@members.test'").first<{ status: string }>())!.status).toBe('canceled');
    await page.reload();
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await expect(page.getByRole('button', { name: 'Subscribe for $9.00 a month' }).isVisible()).resolves.toBe(true);
    expect(await page.content()).not.toContain(PAID_ARTICLE);
    expect(await page.locator('nav.site-nav a', { hasText: 'Kiln Circle' }).count()).toBe(0);
  });

  it('the screen fits its width: at 1280 px a long member row keeps Delete in view, at 390 px nothing scrolls sideways', async () => {
    const long = 'a.rather.long.address.for.a.potter@members.example.test';
    await createSiteUser(store.worker, { email: long, password: PASSWORD });
    const owner = await signedInOwner(store);
    await openOwnerApp(owner.page, store.url('/config/members'));
    await owner.page.getByRole('button', { name: 'Glaze Club', exact: true }).click();
    await owner.page.getByRole('heading', { name: 'Members of Glaze Club' }).waitFor();
    await owner.page.getByLabel('Grant access to (email)').fill(long);
    await owner.page.getByRole('button', { name: 'Grant access' }).click();
    const remove = owner.page.getByRole('button', { name: `Delete member ${long}` });
    await remove.waitFor();
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await owner.page.setViewportSize({ width: 390, height: 844 });
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
