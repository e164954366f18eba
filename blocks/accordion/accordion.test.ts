import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

const doc = (text: string, marks?: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] }] });

it('renders each item as native details with its rich text', () => {
  expect(renderBlock('accordion', { items: [{ title: 'Is it food safe?', body: doc('Yes', [{ type: 'bold' }]) }, { title: 'Dishwasher?' }], firstOpen: true })).toBe(
    '<div class="block-accordion"><details class="block-accordion-item" open><summary>Is it food safe?</summary><div class="block-accordion-body rich-text"><p><strong>Yes</strong></p></div></details><details class="block-accordion-item"><summary>Dishwasher?</summary><div class="block-accordion-body rich-text"></div></details></div>\n',
  );
  expect(renderBlock('accordion', { items: [{ title: 'a' }, { title: 'b' }], oneAtATime: true })).toContain('<details class="block-accordion-item" name="accordion-b"><summary>a</summary>');
});

it('escapes titles, refuses hostile rich text nodes and publishes an unsafe link as its text', () => {
  const html = renderBlock('accordion', { items: [{ title: '<img src=x onerror=alert(1)>', body: doc('go', [{ type: 'link', attrs: { href: '/shop' } }]) }] });
  expect(html).toContain('<summary>&lt;img src=x onerror=alert(1)&gt;</summary>');
  expect(html).toContain('<div class="block-accordion-body rich-text"><p><a href="/shop" rel="noopener noreferrer nofollow">go</a></p></div>');
  const hostile = { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(2)' }] }, doc('go', [{ type: 'link', attrs: { href: 'javascript:alert(3)' } }]).content[0]] };
  expect(refusedFields('accordion', { items: [{ title: 'q', body: hostile }] })).toEqual({
    'layout.sections.0.blocks.0.props.items.0.body.content.0.type': 'Rich text holds paragraphs, headings 1-6, lists, quotes, code blocks and line breaks only.',
  });
  const unsafeLink = doc('go', [{ type: 'link', attrs: { href: 'javascript:alert(3)' } }]);
  expect(refusedFields('accordion', { items: [{ title: 'q', body: unsafeLink }] })).toBeUndefined();
  expect(renderBlock('accordion', { items: [{ title: 'q', body: unsafeLink }] })).toContain('<div class="block-accordion-body rich-text"><p>go</p></div>');
  expect(refusedFields('accordion', { items: [{ title: '' }] })).toBeDefined();
  expect(refusedFields('accordion', { items: Array.from({ length: 51 }, () => ({ title: 'q' })) })).toBeDefined();
});
