import { expect, it } from 'vitest';
import { renderBlock } from '../test-render.js';

it('renders markdown to HTML on the server', () => {
  expect(renderBlock('markdown', { markdown: '## Glazes\n\nA *celadon* and a **tenmoku**, see [the shop](/shop).\n\n- one\n- two' })).toBe(
    '<div class="block-markdown rich-text"><h2>Glazes</h2>\n<p>A <em>celadon</em> and a <strong>tenmoku</strong>, see <a href="/shop" rel="noopener noreferrer nofollow">the shop</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n</div>\n',
  );
  expect(renderBlock('markdown')).toBe('<div class="block-markdown rich-text"></div>\n');
});

it('shows raw HTML as text and keeps only safe links and images', () => {
  const html = renderBlock('markdown', {
    markdown: '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[a](javascript:alert(3)) [b](JAVASCRIPT:alert(4)) [c](data:text/html,x) ![d](data:image/svg+xml,<svg onload=alert(5)>) [e](vbscript:x) [f](https://example.com) ![g](/assets/a.jpg "t")',
  });
  expect(html).not.toMatch(/<script|<img src="x"|<svg|href="(javascript|data|vbscript)/i);
  expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  expect(html).toContain('<p>&lt;img src=x onerror=alert(2)&gt;</p>');
  expect(html).toContain('[a](javascript:alert(3))');
  expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">f</a>');
  expect(html).toContain('<img src="/assets/a.jpg" alt="g" title="t" loading="lazy">');
});
