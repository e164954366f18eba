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

it('crops to the chosen aspect ratio around the focal point (object-position), and keeps the default markup for a centred, uncropped image', () => {
  expect(html({ src: '/a.jpg' })).toBe('<figure class="block-image"><img src="/a.jpg" alt="" loading="lazy"></figure>\n');
  expect(imageBlock.props.parse({ src: '/a.jpg' })).toMatchObject({ aspectRatio: 'original', focal: { x: 0.5, y: 0.5 } });
  expect(html({ src: '/a.jpg', aspectRatio: 'square', focal: { x: 0.25, y: 0.755 } })).toBe(
    '<figure class="block-image block-image-square"><img src="/a.jpg" alt="" style="object-position: 25% 75.5%" loading="lazy"></figure>\n',
  );
  expect(html({ src: '/a.jpg', focal: { x: 0, y: 1 } })).toContain('style="object-position: 0% 100%"');
});

it('refuses a focal point outside the picture, extra keys in it, and unknown crops', () => {
  expect(imageBlock.props.safeParse({ focal: { x: 1.2, y: 0.5 } }).success).toBe(false);
  expect(imageBlock.props.safeParse({ focal: { x: -0.1, y: 0.5 } }).success).toBe(false);
  expect(imageBlock.props.safeParse({ focal: { x: 0.5, y: 0.5, z: 'url(javascript:x)' } }).success).toBe(false);
  expect(imageBlock.props.safeParse({ focal: { x: '50%; background: red', y: 0.5 } }).success).toBe(false);
  expect(imageBlock.props.safeParse({ aspectRatio: 'panorama' }).success).toBe(false);
});
