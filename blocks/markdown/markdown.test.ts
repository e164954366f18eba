import { expect, it } from 'vitest';
import { compile } from '../../engine/index.js';
import { parseLayout } from '../layout-schema.js';
import { renderLayout } from '../render-layout.js';
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

it('gives way to the theme\'s own blocks/markdown.html, which sees the same view', () => {
  const check = parseLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type: 'markdown', props: { markdown: '*hi*' }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] });
  if (!check.ok) throw new Error('layout refused');
  const theme = new Map([['blocks/markdown.html', compile('<article class="prose">{view.html}</article>')], ['section.html', compile('{.repeated section blocks}{html}{.end}')]]);
  expect(renderLayout(check.layout, (path) => theme.get(path)).html).toBe('<article class="prose"><p><em>hi</em></p>\n</article>');
});
