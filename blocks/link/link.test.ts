import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('renders a link card, with the host of an outside link', () => {
  expect(renderBlock('link', { href: 'https://www.example.org/glazes', title: 'Glaze <chemistry>', description: 'A & B', newWindow: true })).toBe(
    '<div class="block-link"><a class="block-link-card" href="https://www.example.org/glazes" target="_blank" rel="noopener noreferrer"><span class="block-link-title">Glaze &lt;chemistry&gt;</span><span class="block-link-description">A &amp; B</span><span class="block-link-host">example.org</span></a></div>\n',
  );
  expect(renderBlock('link')).toBe('<div class="block-link"><a class="block-link-card" href="/"><span class="block-link-title">Read more</span></a></div>\n');
});

it('refuses script links and escapes hostile text', () => {
  expect(refusedFields('link', { href: 'javascript:alert(1)' })).toHaveProperty(['layout.sections.0.blocks.0.props.href']);
  expect(refusedFields('link', { href: '' })).toBeDefined();
  expect(renderBlock('link', { title: '"><svg onload=alert(1)>' })).not.toContain('<svg');
});
