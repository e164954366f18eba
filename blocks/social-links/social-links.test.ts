import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('draws each profile as a badge of its service, named for screen readers', () => {
  expect(renderBlock('social-links', { links: ['https://www.instagram.com/fernandkiln', 'mailto:studio@fernandkiln.test'] })).toBe(
    '<ul class="block-social-links"><li><a href="https://www.instagram.com/fernandkiln" target="_blank" rel="me noopener noreferrer" title="Instagram"><span class="block-social-icon" aria-hidden="true">Ig</span><span class="block-social-name sr-only">Instagram</span></a></li><li><a href="mailto:studio@fernandkiln.test" title="Email"><span class="block-social-icon" aria-hidden="true">✉</span><span class="block-social-name sr-only">Email</span></a></li></ul>\n',
  );
  const named = renderBlock('social-links', { links: ['https://uk.pinterest.com/fk', 'https://shop.example.org/fk', '/contact'], showNames: true });
  expect(named).toContain('<ul class="block-social-links block-social-links-named">');
  expect(named).toContain('title="Pinterest"><span class="block-social-icon" aria-hidden="true">P</span><span class="block-social-name">Pinterest</span>');
  expect(named).toContain('title="shop.example.org"><span class="block-social-icon" aria-hidden="true">S</span>');
  expect(named).toContain('<a href="/contact" title="Link">');
});

it('keeps only safe links, escaped', () => {
  for (const link of ['javascript:alert(1)', 'data:text/html,x', ' JaVaScRiPt:alert(1)']) {
    expect(refusedFields('social-links', { links: [link] }), link).toHaveProperty(['layout.sections.0.blocks.0.props.links.0']);
  }
  const html = renderBlock('social-links', { links: ['https://x.com/"><script>alert(1)</script>'] });
  expect(html).not.toContain('<script');
  expect(html).toContain('href="https://x.com/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
});
