import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { textBlock } from './index.js';

it('renders its rich text through the allow-list serializer', () => {
  const props = textBlock.props.parse({ text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi <there>', marks: [{ type: 'bold' }] }] }] } });
  expect(render(textBlock.partial, { props, view: textBlock.view!(props) }).output).toBe('<div class="block-text rich-text"><p><strong>Hi &lt;there&gt;</strong></p></div>\n');
  expect(textBlock.props.parse({})).toEqual({ text: { type: 'doc', content: [] } });
});
