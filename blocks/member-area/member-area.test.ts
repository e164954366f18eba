import { expect, it } from 'vitest';
import { parseLayout } from '../layout-schema.js';
import { renderLayout } from '../render-layout.js';
import { memberAreaBlock } from './index.js';
import { renderBlock } from '../test-render.js';

it('shows the chosen area with join and sign-in links, escaped (block type 67)', () => {
  expect(renderBlock('member-area')).toBe('<div class="block-member-area" data-block-code="67"><p class="block-member-area-empty">Member area</p></div>\n');
  const check = parseLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type: 'member-area', props: { title: '<script>alert(1)</script>', area: 'a1' }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] });
  if (!check.ok) throw new Error(check.message);
  const { html } = renderLayout(check.layout, () => undefined, {}, { blocks: new Map([['b', { name: 'Glaze <Club>' }]]) });
  expect(html).toContain('&lt;script&gt;');
  expect(html).toContain('<p class="block-member-area-name">Glaze &lt;Club&gt;</p>');
  expect(html).toContain('<a class="button" href="/account/sign-up">Join</a> <a href="/account">Sign in</a>');
  expect(memberAreaBlock.code).toBe(67);
});
