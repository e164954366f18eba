import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { embedBlock } from './index.js';

it('runs embed code only inside a sandboxed srcdoc frame, with an escaped caption', () => {
  const props = embedBlock.props.parse({ html: '<script src="https://player.example/x.js"></script>', caption: '<i>Film</i>', height: 240 });
  const out = render(embedBlock.partial, { props }).output;
  expect(out).toBe(
    '<figure class="block-embed"><iframe sandbox="allow-scripts allow-popups allow-presentation" referrerpolicy="no-referrer" loading="lazy" title="Embedded content" style="height: 240px" srcdoc="&lt;script src=&quot;https://player.example/x.js&quot;&gt;&lt;/script&gt;"></iframe><figcaption>&lt;i&gt;Film&lt;/i&gt;</figcaption></figure>\n',
  );
  expect(embedBlock.runsCode).toBe(true);
});
