import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { draftPreview, pagesApi, POLL, saved } from './page-editor-support.js';

/**
 * The donation block's panel (blocks/donation/panel.tsx) in Chromium: amounts typed in dollars,
 * checked against the site's donation limits as they are typed, removed, reordered by keyboard and pointer,
 * saved as minor units and, once published, offered to a visitor in the store's money format.
 */
const store = useStorefront();

describe('the donation block panel', () => {
  it('types 25 and 40.50, flags an amount outside the limits, removes and reorders, saves, publishes', async () => {
    const api = await pagesApi(store);
    const stamp = Date.now().toString(36);
    const created = await api('POST', '', { title: 'Support the kiln', slug: `give-${stamp}` });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;

    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    expect((await page.goto(store.url(`/config/pages/${id}/edit`)))?.status()).toBe(200);
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor(POLL);
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.locator('#pe-block-menu').getByRole('button', { name: 'Donation', exact: true }).click();
    await page.getByRole('heading', { name: 'Donation block' }).waitFor();
    const settings = page.getByRole('region', { name: 'Block settings' });

    // The site's limits beside the amounts; the block's default amounts in dollars.
    await settings.getByText('Your donation limits: $1.00 to $10,000.00').waitFor(POLL);
    const amounts = settings.getByRole('list', { name: 'Suggested amounts' });
    const rowValues = () => amounts.getByRole('textbox').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(await rowValues()).toEqual(['10.00', '25.00', '50.00']);
    for (let n = 3; n >= 1; n--) await settings.getByRole('button', { name: `Remove amount ${n}` }).click();
    await settings.getByText('No suggested amounts: donors type their own.').waitFor();

    // Typed as the owner reads them: Enter or the button adds each.
    const newAmount = settings.getByLabel('New amount ($)');
    await newAmount.fill('25');
    await newAmount.press('Enter');
    await newAmount.fill('40.50');
    await settings.getByRole('button', { name: 'Add amount' }).click();
    await newAmount.fill('12.345');
    await newAmount.press('Enter');
    await settings.getByText('USD amounts have at most 2 decimal places.').waitFor();
    await newAmount.fill('0.50');
    await newAmount.press('Enter');
    expect(await rowValues()).toEqual(['25.00', '40.50', '0.50']);
    // Below the smallest donation: flagged before saving (the block's loader would leave it out).
    await settings.getByText('Not offered to visitors: The smallest donation is $1.00.').waitFor();
    expect(await settings.getByLabel('Amount 3 in USD').getAttribute('aria-invalid')).toBe('true');
    // A row typed into something that is no amount says so and keeps its saved amount.
    await settings.getByLabel('Amount 1 in USD').fill('2x');
    await settings.getByText('Enter the amount as a number, like 25 or 25.50. The block keeps $25.00 until it is fixed.').waitFor();
    await settings.getByLabel('Amount 1 in USD').fill('25');
    await settings.getByRole('button', { name: 'Remove amount 3' }).click();
    expect(await settings.locator('[data-limit-warning]').count()).toBe(0);

    // Reordered by keyboard: the second amount's handle, Space, up, Space.
    await settings.getByRole('button', { name: 'Drag to reorder amount 2' }).focus();
    await page.keyboard.press('Space');
    await amounts.locator('[data-dragging]').waitFor(POLL);
    await page.keyboard.press('ArrowUp');
    await page.getByRole('status').filter({ hasText: 'amount 2 (40.50) is over amount 1 (25.00)' }).waitFor({ state: 'attached', ...POLL });
    await page.keyboard.press('Space');
    await expect.poll(rowValues, POLL).toEqual(['40.50', '25.00']);
    await settings.getByText('Visitors see $25.00, $40.50, smallest first; $25.00 is chosen when the page opens.').waitFor();
    // Undo and redo reach the panel's rows (the editor's history is the props).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+z');
    await expect.poll(rowValues, POLL).toEqual(['25.00', '40.50']);
    await page.keyboard.press('Shift+Control+z');
    await expect.poll(rowValues, POLL).toEqual(['40.50', '25.00']);
    // The switches say what they do. (Before the pointer drags: for 50 ms after a drop, dnd-kit
    // stops the page's clicks from reaching React, which a press this soon after one would meet.)
    const fee = settings.getByRole('switch', { name: 'Offer to cover the card fee' });
    expect(await fee.getAttribute('aria-checked')).toBe('true');
    expect(await fee.getAttribute('aria-describedby')).toBeTruthy();
    const monthly = settings.getByRole('switch', { name: 'Offer monthly giving' });
    await monthly.click();
    await expect.poll(() => monthly.getAttribute('aria-checked'), POLL).toBe('false');
    await settings.getByLabel('Button label').fill('Give now');
    // And by pointer: the second row's handle dragged onto the first, and back.
    const drag = async (from: number, to: number) => {
      const start = (await settings.getByRole('button', { name: `Drag to reorder amount ${from}` }).boundingBox())!;
      const end = (await settings.getByRole('button', { name: `Drag to reorder amount ${to}` }).boundingBox())!;
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + (end.y > start.y ? 8 : -8), { steps: 2 });
      await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
      await page.mouse.up();
    };
    await drag(2, 1);
    await expect.poll(rowValues, POLL).toEqual(['25.00', '40.50']);
    await drag(1, 2);
    await expect.poll(rowValues, POLL).toEqual(['40.50', '25.00']);

    // All of it fits the 390 px wide panel.
    const overflow = await settings.evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('input, button')].filter((c) => c.getBoundingClientRect().right > right + 1).length;
    });
    expect(overflow).toBe(0);
    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);

    await saved(page);
    const block = (await api('GET', `/${id}`)).json.page.draft.layout.sections[0].blocks[0];
    expect(block.props).toMatchObject({ amounts: [{ cents: 4050 }, { cents: 2500 }], offerMonthly: false, offerCoverFee: true, buttonLabel: 'Give now' });
    await draftPreview(page).locator('.donation-amount').first().waitFor(POLL);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Visitors see this version at /give-${stamp}.`).waitFor(POLL);
    const visitor = await store.visitor();
    expect((await visitor.page.goto(store.url(`/give-${stamp}`)))?.status()).toBe(200);
    const offered = visitor.page.locator('.block-donation .donation-amount');
    expect(await offered.allTextContents()).toEqual([' $25.00', ' $40.50']);
    expect(await offered.locator('input').evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).value, (i as HTMLInputElement).checked]))).toEqual([['2500', true], ['4050', false]]);
    expect(await visitor.page.locator('.block-donation .donation-frequency').count()).toBe(0);
    await visitor.page.getByRole('button', { name: 'Give now' }).waitFor();
  }, 180_000);
});
