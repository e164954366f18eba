import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { signedInOwner } from './owner-harness.js';
import { draftPreview as preview, pagesApi, POLL, saved } from './page-editor-support.js';

/**
 * The chart blocks in the page editor (blocks/charts/panel.tsx): a bar chart added from the
 * CHARTS group, data pasted (the 100-row cut and the missing-data notice), a CSV file
 * imported (and a spreadsheet file refused), the worker's SVG in the preview, and the
 * published page drawing the chart on the server.
 */
const store = useStorefront();

/** The page API as the demo owner (a new session per call, like another tab). */
const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => (await pagesApi(store))(method, path, body, extra);


describe('chart blocks in Chromium', () => {
  it('pastes and imports a dataset with its notices, previews the server SVG and publishes it', async () => {
    const slug = `kiln-stats-${Date.now().toString(36)}`;
    const created = await api('POST', '', { title: 'Kiln stats', slug });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;

    const { page } = await signedInOwner(store);
    expect((await page.goto(store.url(`/config/pages/${id}/edit`)))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Kiln stats', level: 1 }).waitFor(POLL);
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.locator('#pe-block-menu').getByRole('region', { name: 'Charts' }).getByRole('button', { name: 'Chart bar' }).click();
    const panel = page.locator('[data-chart-panel]');
    await panel.getByRole('heading', { name: 'Chart data' }).waitFor();
    await saved(page);
    await preview(page).locator('svg.block-chart-svg[role="img"]').waitFor(POLL);

    // Too many rows: the first 100 are kept, and the panel says so.
    const paste = panel.getByLabel('Paste data');
    const rows = Array.from({ length: 105 }, (_, i) => `Day ${i + 1}\t${i}`).join('\n');
    await paste.fill(`Day\tFirings\n${rows}`);
    await panel.getByText('The data had more than 100 rows: only the first 100 are kept.').waitFor();
    expect(await panel.locator('[aria-label="The pasted data"] tbody tr').count()).toBe(100);

    // A short row and a word where a number goes: the SPEC's missing-data message.
    await paste.fill('Month\tMugs\tBowls\nMarch\t24\t12\nApril\t31\nMay\tmany\t22');
    await panel.getByText('One or more rows was missing data').waitFor();
    expect(await panel.locator('[aria-label="The pasted data"] td[data-missing]').count()).toBe(2);
    await panel.getByRole('button', { name: 'Use this data' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Pots <fired> by month');
    await saved(page);
    const chart = preview(page).locator('figure.block-chart-bar');
    // The SVG's accessible name is its <title>.
    await chart.getByRole('img', { name: 'Pots <fired> by month' }).waitFor(POLL);
    expect(await chart.locator('rect.chart-bar').count()).toBe(4);
    // The stored data still deserves its notice.
    await panel.getByText('One or more rows was missing data').waitFor();

    // A spreadsheet file is refused; a CSV file (comma separated, quoted) is read.
    const file = panel.getByLabel('Import a CSV file');
    await file.setInputFiles({ name: 'sales.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK') });
    await panel.getByText('The file sales.xlsx does not appear to be a supported file.').waitFor();
    await file.setInputFiles({ name: 'glazes.csv', mimeType: 'text/csv', buffer: Buffer.from('Glaze,Pots\n"Celadon, pale",30\nTenmoku,10\n') });
    await panel.locator('[aria-label="The pasted data"]').getByText('Celadon, pale').waitFor();
    await panel.getByRole('button', { name: 'Use this data' }).click();
    await saved(page);
    await chart.locator('rect.chart-bar').nth(1).waitFor(POLL);
    await expect.poll(() => chart.locator('rect.chart-bar').count(), POLL).toBe(2);

    // Published: the chart is in the server's HTML, drawn without a script.
    const draft = await api('GET', `/${id}`);
    expect((await api('POST', `/${id}/publish`, { version: draft.json.page.draftVersion })).status).toBe(200);
    const html = await (await store.worker.fetch(`/${slug}`)).text();
    expect(html).toContain('<svg class="block-chart-svg" viewBox="0 0 640 360" role="img"');
    expect(html).toContain('<th scope="row">Celadon, pale</th><td>30</td>');
    expect(html).toContain('Pots &lt;fired&gt; by month');
  });
});
