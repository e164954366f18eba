import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { quoteBlock } from './index.js';

it('renders the quote and its source as text', () => {
  const props = quoteBlock.props.parse({ text: 'Clay <remembers>', source: 'A & B' });
  expect(render(quoteBlock.partial, { props }).output).toBe('<figure class="block-quote"><blockquote>Clay &lt;remembers&gt;</blockquote><figcaption>A &amp; B</figcaption></figure>\n');
  expect(render(quoteBlock.partial, { props: quoteBlock.props.parse({ text: 'x' }) }).output).not.toContain('figcaption');
});
