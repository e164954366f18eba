import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { imageBlock } from './index.js';

const html = (props: Record<string, unknown>) => {
  const parsed = imageBlock.props.parse(props);
  return render(imageBlock.partial, { props: parsed, view: imageBlock.view!(parsed) }).output;
};

it('renders the image with escaped alt text, caption and an optional link', () => {
  expect(html({ src: '/assets/mug.jpg', alt: 'A "blue" mug', caption: '<b>Mug</b>' })).toBe(
    '<figure class="block-image"><img src="/assets/mug.jpg" alt="A &quot;blue&quot; mug" loading="lazy"><figcaption>&lt;b&gt;Mug&lt;/b&gt;</figcaption></figure>\n',
  );
  expect(html({ src: '/a.jpg', href: 'https://example.com', newWindow: true })).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer"><img');
});

it('refuses script URLs and alt text over 250 characters (SPEC §9)', () => {
  expect(imageBlock.props.safeParse({ src: 'javascript:alert(1)' }).success).toBe(false);
  expect(imageBlock.props.safeParse({ href: 'data:text/html,x' }).success).toBe(false);
  expect(imageBlock.props.safeParse({ alt: 'x'.repeat(251) }).success).toBe(false);
});
