import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { demoOwnerSession, openOwnerApp, signedInOwner } from './owner-harness.js';
import { addSubscribers, call, campaignMails } from '../../edge/api/campaigns/test-campaigns.js';

/**
 * The campaigns screens (client/editor/screens/campaigns/) in Chromium, one page load through
 * the whole path: the owner writes a campaign with a link, previews it, sends a test, sends it
 * to a small list; a recipient opens the mail, clicks its link (counted, redirected) and its
 * unsubscribe link; the next campaign leaves that address out.
 */
const store = useStorefront();
const POLL = { timeout: 30_000 };

describe('campaigns in Chromium', () => {
  it('writes, previews, tests and sends a campaign; a recipient clicks and unsubscribes', async () => {
    const session = await demoOwnerSession(store.worker);
    const listId = (await call(store.worker, session, 'POST', '/api/owner/mailing-lists', { name: 'Glaze club' })).json.list.id as string;
    await addSubscribers(store.worker, listId, 3, (i) => ['ada@example.com', 'grace@example.com', 'pending@example.com'][i]!, (i) => (i === 2 ? 'pending' : 'confirmed'));

    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/campaigns'));
    await page.getByText('No campaigns yet').waitFor(POLL);
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor(POLL);

    // The subject is required (SPEC §8), shown beside the field.
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Add an email subject').waitFor();
    await page.getByLabel('Subject').fill('Glaze club news');
    await page.getByLabel('Mailing list').selectOption({ label: 'Glaze club (2 confirmed subscribers)' });
    const body = page.getByRole('textbox', { name: 'Email body', exact: true });
    await body.waitFor(POLL);
    await body.click();
    await page.keyboard.type('Our spring firing is on Saturday.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the journal');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Add link' });
    await linkDialog.getByLabel('A web address, email or phone').check();
    await linkDialog.getByRole('textbox').fill('/journal');
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor(POLL);
    expect(page.url()).toMatch(/\/config\/campaigns\/[0-9a-f]{32}$/);

    // Preview: the mail as sent, in a sandboxed frame.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByText('Subject: Glaze club news').waitFor(POLL);
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.getByText('Our spring firing is on Saturday.').waitFor(POLL);
    expect(await frame.getByRole('link', { name: 'Read the journal' }).getAttribute('href')).toContain('/api/campaigns/click?');
    await preview.getByRole('button', { name: 'Close' }).click();

    // A test to the signed-in owner, through the outbox.
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(/^Test sent to /).waitFor(POLL);
    expect((await campaignMails(store.worker, 'campaign-test')).map((m) => m.subject)).toEqual(['[Test] Glaze club news']);

    // Send now: the confirmation names the number of recipients.
    await page.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    await confirm.getByText('“Glaze club news” goes to 2 confirmed subscribers of Glaze club.').waitFor();
    await confirm.getByRole('button', { name: 'Send to 2 subscribers' }).click();
    await page.locator('[data-campaign-state]').getByText('Sending').waitFor(POLL);
    expect((await store.worker.scheduled('* * * * *')).outcome).toBe('ok');
    const mails = await campaignMails(store.worker);
    expect(mails.map((m) => m.to).sort()).toEqual(['ada@example.com', 'grace@example.com']);

    // Ada opens her mail (its open pixel loads) and clicks its link: redirected to the journal, and counted.
    const ada = await store.visitor();
    await ada.page.setContent(mails.find((m) => m.to === 'ada@example.com')!.html);
    await Promise.all([ada.page.waitForURL(/\/journal$/, POLL), ada.page.getByRole('link', { name: 'Read the journal' }).click()]);
    await openOwnerApp(page, store.url('/config/campaigns'));
    const row = page.locator('[data-campaign]', { hasText: 'Glaze club news' });
    await row.locator('[data-campaign-state]').getByText('Sent').waitFor(POLL);
    expect(await row.locator('[data-count="sent"]').innerText()).toBe('2');
    expect(await row.locator('[data-count="clicks"]').innerText()).toBe('1');
    // Her mail client loaded the images: the open pixel counted one open.
    expect(await row.locator('[data-count="opens"]').innerText()).toBe('1');

    // Then the mail's unsubscribe link: the page-300 flow, one button press.
    await ada.page.setContent(mails.find((m) => m.to === 'ada@example.com')!.html);
    await Promise.all([ada.page.waitForURL(/\/newsletter\/unsubscribe\?/, POLL), ada.page.getByRole('link', { name: 'Unsubscribe' }).click()]);
    await ada.page.getByRole('heading', { name: 'Unsubscribe from Glaze club?' }).waitFor(POLL);
    await ada.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await ada.page.getByRole('heading', { name: "You're unsubscribed" }).waitFor(POLL);

    // The next campaign skips her.
    const next = (await call(store.worker, session, 'POST', '/api/owner/campaigns', { subject: 'Second glaze letter', listId })).json.campaign;
    await call(store.worker, session, 'POST', `/api/owner/campaigns/${next.id}/send`, undefined, { 'If-Match': '"1"' });
    expect((await store.worker.scheduled('* * * * *')).outcome).toBe('ok');
    expect((await campaignMails(store.worker)).filter((m) => m.subject === 'Second glaze letter').map((m) => m.to)).toEqual(['grace@example.com']);

    // A stale editor: someone else saves first; Save shows the conflict dialog and Reload shows theirs.
    store.allow(/412/);
    const third = (await call(store.worker, session, 'POST', '/api/owner/campaigns', { subject: 'Autumn letter', listId })).json.campaign;
    await openOwnerApp(page, store.url(`/config/campaigns/${third.id}`));
    await page.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor(POLL);
    await page.getByRole('textbox', { name: 'Email body', exact: true }).waitFor(POLL);
    await call(store.worker, session, 'PUT', `/api/owner/campaigns/${third.id}`, { subject: 'Autumn letter (theirs)', listId }, { 'If-Match': '"1"' });
    await page.getByLabel('Subject').fill('Autumn letter (mine)');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = page.getByRole('dialog', { name: 'This campaign changed' });
    await conflict.waitFor(POLL);
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Subject').inputValue(), POLL).toBe('Autumn letter (theirs)');

    // Schedule with a date and time, then cancel: back to a draft.
    await page.getByLabel(/^Send at/).fill('2031-03-01T09:30');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.locator('[data-campaign-state]').getByText('Scheduled').waitFor(POLL);
    await page.getByText(/^Scheduled for /).waitFor();
    await page.getByRole('button', { name: 'Cancel scheduled send' }).click();
    await page.locator('[data-campaign-state]').getByText('Draft').waitFor(POLL);
    expect((await call(store.worker, session, 'GET', `/api/owner/campaigns/${third.id}`)).json.campaign).toMatchObject({ state: 'draft', scheduledFor: null, subject: 'Autumn letter (theirs)' });

    // Leaving with an unsaved subject asks first; Discard leaves the stored draft as it was.
    await page.getByLabel('Subject').fill('Autumn letter (unsaved)');
    await page.getByRole('link', { name: 'Back to campaigns' }).click();
    const ask = page.getByRole('dialog', { name: 'Save your changes?' });
    await ask.waitFor(POLL);
    await ask.getByRole('button', { name: 'Discard' }).click();
    const autumn = page.locator('[data-campaign]', { hasText: 'Autumn letter (theirs)' });
    await autumn.waitFor(POLL);
    // Deleting the draft asks, then it is gone from the list and the API.
    await autumn.getByRole('link').click();
    await page.getByRole('button', { name: 'Delete draft' }).click();
    const removal = page.getByRole('dialog', { name: 'Delete this draft?' });
    await removal.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor(POLL);
    await page.locator('[data-campaign]', { hasText: 'Glaze club news' }).waitFor(POLL);
    expect(await page.locator('[data-campaign]', { hasText: 'Autumn letter' }).count()).toBe(0);
    expect((await call(store.worker, session, 'GET', `/api/owner/campaigns/${third.id}`)).status).toBe(404);
  });

  it('a sending campaign\'s progress refreshes itself, backing off while nothing moves; on a phone the editor fits with no empty status line', async () => {
    const session = await demoOwnerSession(store.worker);
    const listId = (await call(store.worker, session, 'POST', '/api/owner/mailing-lists', { name: 'Kiln letters' })).json.list.id as string;
    await addSubscribers(store.worker, listId, 3, (i) => `kiln${i}@example.com`);
    const c = (await call(store.worker, session, 'POST', '/api/owner/campaigns', { subject: 'Kiln progress', listId })).json.campaign;
    expect((await call(store.worker, session, 'POST', `/api/owner/campaigns/${c.id}/send`, undefined, { 'If-Match': '"1"' })).json.campaign.state).toBe('sending');

    const { page } = await signedInOwner(store, { width: 390, height: 844 }, session);
    await page.clock.install();
    let polls = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/owner/campaigns/${c.id}`) polls += 1;
    });
    await openOwnerApp(page, store.url(`/config/campaigns/${c.id}`));
    await page.locator('[data-campaign-state]').getByText('Sending').waitFor(POLL);
    const counts = page.locator('[data-campaign-counts]');
    expect(await counts.innerText()).toBe('0 recipients, 0 sent, 0 opened, 0 clicks.');
    // 390 px: nothing wider than the screen, the action row wraps inside it, the empty status line takes no room.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const row of await page.locator('.campaign-form .owner-row-actions').all()) {
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.locator('[data-campaign-message]').evaluate((el) => {
      const style = getComputedStyle(el);
      return [el.getBoundingClientRect().height, style.marginTop, style.marginBottom];
    })).toEqual([0, '0px', '0px']);

    // Nothing moves: polls 2 s, then 4 s later (the browser's clock, not the wall's).
    const loaded = polls;
    await page.clock.runFor(2_000);
    await expect.poll(() => polls, POLL).toBe(loaded + 1);
    await page.clock.runFor(4_000);
    await expect.poll(() => polls, POLL).toBe(loaded + 2);
    // The Cron run queues every mail; the next poll (8 s on) shows it sent, without a reload.
    expect((await store.worker.scheduled('* * * * *')).outcome).toBe('ok');
    await page.clock.runFor(8_000);
    await page.locator('[data-campaign-state]').getByText('Sent').waitFor(POLL);
    await expect.poll(() => counts.innerText(), POLL).toBe('3 recipients, 3 sent, 0 opened, 0 clicks.');
    // Sent: the polling has stopped.
    const done = polls;
    await page.clock.runFor(120_000);
    await page.getByRole('link', { name: 'Back to campaigns' }).waitFor();
    expect(polls).toBe(done);
  });
});
