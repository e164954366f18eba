import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { textBlock } from './index.js';

it('renders its rich text through the allow-list serializer', () => {
  const props = textBlock.props.parse({ text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi <there>', marks: [{ type: 'bold' }] }] }] } });
  expect(render(textBlock.partial, { props, view: textBlock.view!(props) }).output).toBe('<div class="block-text rich-text"><p><strong>Hi &lt;there&gt;</strong></p></div>\n');
  expect(textBlock.props.parse({})).toEqual({ text: { type: 'doc', content: [] } });
});

it('fills {store.freeShippingOver} from its loaded data (escaped), leaves its sentence out without it, and leaves unknown tokens as text', () => {
  const doc = (text: string) => textBlock.props.parse({ text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] } });
  const props = doc('Free over {store.freeShippingOver}, {store.nope} & more.');
  const view = textBlock.view!(props);
  expect(render(textBlock.partial, { props, view, data: { store: { freeShippingOver: '$75<' } } }).output).toBe(
    '<div class="block-text rich-text"><p>Free over $75&lt;, {store.nope} &amp; more.</p></div>\n',
  );
  expect(render(textBlock.partial, { props, view }).output).toBe('<div class="block-text rich-text"><p></p></div>\n');
  // The demo's About sentence: without a free-shipping zone the paragraph reads on without it.
  const about = doc('Orders ship within five days. Free US shipping on orders over {store.freeShippingOver}. If something breaks, write to us.');
  const aboutView = textBlock.view!(about);
  expect(render(textBlock.partial, { props: about, view: aboutView, data: { store: {} } }).output).toBe(
    '<div class="block-text rich-text"><p>Orders ship within five days. If something breaks, write to us.</p></div>\n',
  );
  expect(render(textBlock.partial, { props: about, view: aboutView, data: { store: { freeShippingOver: '$75' } } }).output).toBe(
    '<div class="block-text rich-text"><p>Orders ship within five days. Free US shipping on orders over $75. If something breaks, write to us.</p></div>\n',
  );
  // Text without a token keeps its view and markup exactly.
  expect(textBlock.view!(doc('Plain'))).toEqual({ html: '<p>Plain</p>' });
});
