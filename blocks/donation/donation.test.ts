import { expect, it } from 'vitest';
import { parseLayout } from '../layout-schema.js';
import { renderLayout } from '../render-layout.js';
import { donationBlock } from './index.js';
import { refusedFields, renderBlock } from '../test-render.js';

it('without data links to the donate page; the title is escaped (block type 52)', () => {
  expect(renderBlock('donation')).toBe('<div class="block-donation" data-block-code="52"><p class="block-donation-link"><a class="button" href="/donate">Donate</a></p></div>\n');
  expect(renderBlock('donation', { title: 'Support the <kiln>' })).toContain('<h2 class="block-donation-title">Support the &lt;kiln&gt;</h2>');
  expect(donationBlock.code).toBe(52);
});

it('renders a plain GET form to /donate with the suggested amounts and the custom field', () => {
  const check = parseLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type: 'donation', props: { amounts: [{ cents: 500 }, { cents: 2500 }] }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] });
  if (!check.ok) throw new Error(check.message);
  const data = {
    legend: 'Choose an amount (USD)', custom: true, min: '1.00', max: '10000.00', step: '0.01', coverFee: true, coverFeeLabel: 'Cover the card fee (2.9% + $0.30)', customLabel: 'Or enter another amount', range: 'Between $1.00 and $10,000.00.', button: 'Give <now>',
    options: [{ value: 500, label: '$5.00', checked: true }, { value: 2500, label: '$25.00', checked: false }],
  };
  const { html } = renderLayout(check.layout, () => undefined, {}, { blocks: new Map([['b', data]]) });
  expect(html).toContain('<form class="donation-form" method="get" action="/donate">');
  expect(html).toContain('<input type="radio" name="amount" value="500" checked> $5.00');
  expect(html).toContain('<input type="radio" name="amount" value="2500"> $25.00');
  expect(html).toContain('<input type="number" name="custom" inputmode="decimal" autocomplete="off" min="1.00" max="10000.00" step="0.01">');
  expect(html).toContain('<input type="checkbox" name="coverFee" value="1"> Cover the card fee (2.9% + $0.30)');
  // Off: no checkbox.
  expect(renderLayout(check.layout, () => undefined, {}, { blocks: new Map([['b', { ...data, coverFee: false }]]) }).html).not.toContain('coverFee');
  expect(html).toContain('Give &lt;now&gt;');
  // No script: the form works without JavaScript.
  expect(html).not.toContain('data-island');
});

it('refuses amounts that are not whole minor units, and more than six', () => {
  expect(refusedFields('donation', { amounts: [{ cents: 10.5 }] })).toBeDefined();
  expect(refusedFields('donation', { amounts: [{ cents: 0 }] })).toBeDefined();
  expect(refusedFields('donation', { amounts: [1, 2, 3, 4, 5, 6, 7].map((cents) => ({ cents })) })).toBeDefined();
  expect(refusedFields('donation', { amounts: [{ cents: 100 }, { cents: 200 }] })).toBeUndefined();
});
