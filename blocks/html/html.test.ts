import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { htmlBlock } from './index.js';

it('runs the owner\'s markup only inside a sandboxed srcdoc frame without same-origin', () => {
  const props = htmlBlock.props.parse({ html: '<p onclick="x()">Hi & "bye"</p>' });
  const out = render(htmlBlock.partial, { props }).output;
  expect(out).toBe(
    '<iframe class="block-html" sandbox="allow-scripts allow-popups allow-forms" referrerpolicy="no-referrer" loading="lazy" title="Custom content" style="height: 300px" srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Hi &amp; &quot;bye&quot;&lt;/p&gt;"></iframe>\n',
  );
  expect(out).not.toContain('allow-same-origin');
  expect(htmlBlock.runsCode).toBe(true);
});
