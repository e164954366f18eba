import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { codeBlock } from './index.js';

it('shows code as text, never as markup', () => {
  const props = codeBlock.props.parse({ code: '<script>alert("x")</script>', language: 'html' });
  expect(render(codeBlock.partial, { props }).output).toBe('<pre class="block-code" data-language="html"><code>&lt;script&gt;alert("x")&lt;/script&gt;</code></pre>\n');
});
