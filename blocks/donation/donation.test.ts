import { expect, it } from 'vitest';
import { donationBlock } from './index.js';
import { renderBlock } from '../test-render.js';

it('holds its place with a box saying donations are coming (block type 52)', () => {
  expect(renderBlock('donation')).toBe(
    '<div class="block-placeholder block-donation" data-block-code="52" role="note"><p class="block-placeholder-title">Donations</p><p>Donations are coming soon. This block keeps its place on the page (block type 52) and will show here once the feature is ready.</p></div>\n',
  );
  expect(renderBlock('donation', { title: 'Support the <kiln>' })).toContain('<p class="block-placeholder-title">Support the &lt;kiln&gt;</p>');
  expect(donationBlock.code).toBe(52);
});
