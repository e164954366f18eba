import { expect, it } from 'vitest';
import { memberAreaBlock } from './index.js';
import { renderBlock } from '../test-render.js';

it('holds its place with a box saying member areas are coming (block type 67)', () => {
  expect(renderBlock('member-area')).toBe(
    '<div class="block-placeholder block-member-area" data-block-code="67" role="note"><p class="block-placeholder-title">Member areas</p><p>Member areas are coming soon. This block keeps its place on the page (block type 67) and will show here once the feature is ready.</p></div>\n',
  );
  expect(renderBlock('member-area', { title: '<script>alert(1)</script>' })).toContain('&lt;script&gt;');
  expect(memberAreaBlock.code).toBe(67);
});
