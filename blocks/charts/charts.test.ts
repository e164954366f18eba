import { describe, expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';
import { DATASET_MESSAGES, datasetFromCells, MAX_COLUMNS, MAX_ROWS, parseLocaleNumber, type Dataset } from './dataset.js';
import { importMessages, isTableFile, parseDelimited } from './import.js';
import { barMarks, lineMarks, pieSlices, valueScale } from './svg.js';

const data = (header: string[], rows: [string, ...(number | null)[]][]): Dataset => ({ header, rows: rows.map(([label, ...values]) => ({ label, values })) });
const base = { title: '', description: '', palette: 'warm' as const, legend: true, xLabel: '', yLabel: '' };
const attrs = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag} class="chart-[a-z]+" ([^>]*)>`, 'g'))].map((m) => Object.fromEntries([...m[1]!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

describe('bar charts', () => {
  it('draws one bar per known value, its height in proportion to the value', () => {
    const { bars } = barMarks({ ...base, dataset: data(['Month', 'Sales'], [['Jan', 10], ['Feb', 20], ['Mar', 40]]) });
    expect(bars.map((b) => b.value)).toEqual([10, 20, 40]);
    expect(bars[1]!.height / bars[0]!.height).toBeCloseTo(2);
    expect(bars[2]!.height / bars[0]!.height).toBeCloseTo(4);
    // Every bar stands on the zero line.
    const zero = valueScale([10, 20, 40]).y(0);
    for (const b of bars) expect(b.y + b.height).toBeCloseTo(zero);
  });

  it('hangs negative values below the zero line and leaves a missing value out', () => {
    const { bars } = barMarks({ ...base, dataset: data(['Q', 'Net'], [['Q1', 5], ['Q2', -5], ['Q3', null]]) });
    expect(bars).toHaveLength(2);
    expect(bars[0]!.height).toBeCloseTo(bars[1]!.height);
    expect(bars[1]!.y).toBeCloseTo(bars[0]!.y + bars[0]!.height);
  });

  it('renders the accessible SVG: role img, title and desc by id, a responsive viewBox and the data table', () => {
    const html = renderBlock('chart-bar', { title: 'Kiln firings', xLabel: 'Month', yLabel: 'Firings', dataset: data(['Month', 'Firings'], [['Jan', 3], ['Feb', 7]]) });
    expect(html).toContain('<svg class="block-chart-svg" viewBox="0 0 640 360" role="img" aria-labelledby="chart-b-title chart-b-desc">');
    expect(html).toContain('<title id="chart-b-title">Kiln firings</title>');
    expect(html).toMatch(/<desc id="chart-b-desc">Bar chart of Firings by Month, 2 rows\./);
    expect(html).not.toMatch(/<svg[^>]* (width|height)=/);
    expect(html).toContain('<table class="visually-hidden"><caption>Kiln firings</caption><thead><tr><th scope="col">Month</th><th scope="col">Firings</th></tr></thead><tbody><tr><th scope="row">Jan</th><td>3</td></tr><tr><th scope="row">Feb</th><td>7</td></tr></tbody></table>');
    expect(attrs(html, 'rect')).toHaveLength(2);
    expect(html).toContain('>Month</text>');
    expect(html).toContain('rotate(-90)" text-anchor="middle" font-size="13">Firings</text>');
    expect(html).not.toContain('<script');
  });
});

describe('line charts', () => {
  it('puts a point per value on a line per column, evenly over the rows, broken at a missing value', () => {
    const dataset = data(['Week', 'Mugs', 'Bowls'], [['1', 10, 0], ['2', 20, null], ['3', 30, 5]]);
    const { points } = lineMarks({ ...base, dataset });
    expect(points.map((line) => line.map((p) => p.value))).toEqual([[10, 20, 30], [0, 5]]);
    const [mugs] = points;
    expect(mugs![1]!.x - mugs![0]!.x).toBeCloseTo(mugs![2]!.x - mugs![1]!.x);
    expect(mugs![0]!.y - mugs![1]!.y).toBeCloseTo(mugs![1]!.y - mugs![2]!.y);
    const html = renderBlock('chart-line', { dataset });
    const paths = attrs(html, 'path');
    expect(paths).toHaveLength(2);
    expect(paths[0]!.d!.match(/[ML]/g)).toEqual(['M', 'L', 'L']);
    // The missing week-2 value: the bowls line starts again (two moves, no line through it).
    expect(paths[1]!.d!.match(/[ML]/g)).toEqual(['M', 'M']);
    expect(attrs(html, 'circle')).toHaveLength(5);
    expect(html).toContain('<tr><th scope="row">2</th><td>20</td><td></td></tr>');
  });
});

describe('pie charts', () => {
  it('cuts slices of the first value column that sum to 360°, leaving out empty and negative values', () => {
    const dataset = data(['Glaze', 'Pots'], [['Celadon', 3], ['Tenmoku', 1], ['Shino', 2], ['Ash', null], ['Raku', -4], ['Salt', 0]]);
    const slices = pieSlices(dataset);
    expect(slices.map((s) => s.label)).toEqual(['Celadon', 'Tenmoku', 'Shino']);
    expect(slices.reduce((sum, s) => sum + s.sweep, 0)).toBeCloseTo(360, 9);
    expect(slices.map((s) => s.sweep)).toEqual([180, 60, 120]);
    const html = renderBlock('chart-pie', { dataset });
    const drawn = attrs(html, 'path').map((p) => Number(p['data-sweep']));
    expect(drawn.reduce((a, b) => a + b, 0)).toBeCloseTo(360, 1);
    // The big slice takes the large-arc flag only past 180°.
    expect(attrs(html, 'path').map((p) => p.d!.split('A')[1]!.split(' ')[3])).toEqual(['0', '0', '0']);
    expect(html).toContain('viewBox="0 0 360 360"');
    expect(html).toContain('<li><span class="block-chart-key" style="background:#9a4a2e" aria-hidden="true"></span>Celadon</li>');
  });

  it('draws a single row as a whole circle', () => {
    const html = renderBlock('chart-pie', { dataset: data(['A', 'B'], [['Only', 5]]) });
    expect(html).toContain('<circle class="chart-slice" cx="180" cy="180" r="160" fill="#9a4a2e" data-sweep="360">');
  });
});

describe('hostile text', () => {
  it('escapes every label, name, title and description in the SVG, the legend and the table', () => {
    const p = `<script>alert(1)</script>"'&`;
    for (const type of ['chart-bar', 'chart-line', 'chart-pie']) {
      const html = renderBlock(type, { title: p, description: p, ...(type === 'chart-pie' ? {} : { xLabel: p, yLabel: p }), dataset: data([p, p], [[p, 4], [`${p}2`, 2]]) });
      expect(html, type).not.toContain('<script');
      // Text nodes only: no raw markup anywhere, and the view's own text fully escaped (quotes too).
      expect(html.replace(/<\/?(figure|figcaption|svg|title|desc|line|text|rect|path|circle|ul|li|span|table|caption|thead|tbody|tr|th|td)( [^<>]*)?\/?>/g, ''), type).not.toMatch(/[<>]/);
      expect(html, type).toContain('<th scope="row">&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</th>');
    }
  });
});

describe('the dataset rules (SPEC §5)', () => {
  it('refuses a dataset without a row or a value column, over the caps, or with ragged rows', () => {
    expect(refusedFields('chart-bar', { dataset: { header: ['Month', 'Sales'], rows: [] } })).toEqual({ 'layout.sections.0.blocks.0.props.dataset.rows': DATASET_MESSAGES.empty });
    expect(refusedFields('chart-bar', { dataset: { header: ['Month'], rows: [{ label: 'a', values: [] }] } })).toMatchObject({ 'layout.sections.0.blocks.0.props.dataset.header': DATASET_MESSAGES.empty });
    const many = { header: ['a', 'b'], rows: Array.from({ length: MAX_ROWS + 1 }, (_, i) => ({ label: String(i), values: [i] })) };
    expect(refusedFields('chart-line', { dataset: many })).toEqual({ 'layout.sections.0.blocks.0.props.dataset.rows': DATASET_MESSAGES.tooManyRows });
    const wide = Array.from({ length: MAX_COLUMNS + 2 }, (_, i) => `c${i}`);
    expect(refusedFields('chart-pie', { dataset: { header: wide, rows: [{ label: 'a', values: [] }] } })).toBeDefined();
    expect(refusedFields('chart-bar', { dataset: { header: ['a', 'b', 'c'], rows: [{ label: 'x', values: [1] }] } })).toEqual({ 'layout.sections.0.blocks.0.props.dataset.rows': DATASET_MESSAGES.rowWidth });
    expect(refusedFields('chart-bar', { dataset: { header: ['a', 'b'], rows: [{ label: 'x', values: ['12'] }] } })).toBeDefined();
    expect(refusedFields('chart-bar', { palette: 'red; x' })).toBeDefined();
    expect(refusedFields('chart-pie', { xLabel: 'pies have no axes' })).toBeDefined();
    expect(refusedFields('chart-bar', { dataset: { header: ['a', 'b'], rows: [{ label: 'x', values: [null] }] } })).toBeUndefined();
  });

  it('reads a pasted table: header row, labels, numbers by the locale\'s rules, missing cells', () => {
    expect(datasetFromCells([['Month', 'Sales'], ['Jan', '1,234.5'], ['Feb', '']], 'en-US')).toEqual({
      dataset: { header: ['Month', 'Sales'], rows: [{ label: 'Jan', values: [1234.5] }, { label: 'Feb', values: [null] }] },
      notices: ['One or more rows was missing data'],
    });
    expect(datasetFromCells([['Monat', 'Umsatz'], ['Jan', '1.234,5']], 'de-DE').dataset?.rows[0]?.values).toEqual([1234.5]);
    expect(datasetFromCells([['a', 'b', 'c'], ['x', '1']], 'en-US').notices).toEqual([DATASET_MESSAGES.missing]);
    expect(datasetFromCells([['a'], ['x']], 'en-US')).toEqual({ dataset: undefined, notices: [DATASET_MESSAGES.empty] });
    expect(datasetFromCells([['a', 'b'], ['', '']], 'en-US')).toEqual({ dataset: undefined, notices: [DATASET_MESSAGES.empty] });
  });

  it('cuts a paste to maxRows and maxColumns, saying so', () => {
    const head = Array.from({ length: MAX_COLUMNS + 3 }, (_, i) => `c${i}`);
    const rows = Array.from({ length: MAX_ROWS + 5 }, (_, r) => head.map((_, i) => String(r + i)));
    const { dataset, notices } = datasetFromCells([head, ...rows], 'en-US');
    expect(dataset!.rows).toHaveLength(MAX_ROWS);
    expect(dataset!.header).toHaveLength(MAX_COLUMNS + 1);
    expect(dataset!.rows.every((r) => r.values.length === MAX_COLUMNS)).toBe(true);
    expect(notices).toEqual([DATASET_MESSAGES.columnsCut, DATASET_MESSAGES.rowsCut]);
    expect(refusedFields('chart-bar', { dataset })).toBeUndefined();
  });

  it('parses numbers the way the locale writes them', () => {
    expect(parseLocaleNumber('1,234.56', 'en-US')).toBe(1234.56);
    expect(parseLocaleNumber('1.234,56', 'de-DE')).toBe(1234.56);
    expect(parseLocaleNumber('1\u202f234,5', 'fr-FR')).toBe(1234.5);
    expect(parseLocaleNumber('1 234,5', 'fr-FR')).toBe(1234.5);
    expect(parseLocaleNumber('-7', 'en-US')).toBe(-7);
    expect(parseLocaleNumber('12%', 'en-US')).toBe(12);
    expect(parseLocaleNumber('1.5', 'fr-FR')).toBeNull();
    expect(parseLocaleNumber('twelve', 'en-US')).toBeNull();
    expect(parseLocaleNumber('', 'en-US')).toBeNull();
    expect(parseLocaleNumber('1e400', 'en-US')).toBeNull();
  });
});

describe('pasting and importing (papaparse)', () => {
  it('reads tab-, comma- and semicolon-separated tables, quoted cells included', () => {
    const want = { header: ['Month', 'Sales'], rows: [{ label: 'Jan, early', values: [1200] }, { label: 'Feb', values: [7.5] }] };
    expect(parseDelimited('Month\tSales\nJan, early\t1,200\nFeb\t7.5\n', 'en-US').dataset).toEqual(want);
    expect(parseDelimited('Month,Sales\r\n"Jan, early","1,200"\r\nFeb,7.5\r\n', 'en-US').dataset).toEqual(want);
    expect(parseDelimited('\uFEFFMonth;Sales\n"Jan, early";1.200\nFeb;7,5\n', 'de-DE').dataset).toEqual(want);
  });

  it('says when the pasted table is empty or has holes', () => {
    expect(parseDelimited('just one cell', 'en-US')).toEqual({ dataset: undefined, notices: [DATASET_MESSAGES.empty] });
    expect(parseDelimited('a,b,c\nx,1\ny,2,3', 'en-US').notices).toEqual(['One or more rows was missing data']);
  });

  it('takes CSV, TSV and text files only', () => {
    expect(isTableFile({ name: 'sales.csv', type: '' })).toBe(true);
    expect(isTableFile({ name: 'data', type: 'text/csv' })).toBe(true);
    expect(isTableFile({ name: 'sales.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(false);
    expect(importMessages.unsupported('sales.xlsx')).toBe('The file sales.xlsx does not appear to be a supported file.');
  });
});
