import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('draws the images as a grid the gallery island takes over, with the SPEC §3 options', () => {
  const html = renderBlock('gallery', { images: [{ src: '/assets/bowl.jpg', alt: 'A "blue" bowl' }, { src: '/assets/cup.jpg' }], design: 'slideshow', autoplayDuration: 3, lightbox: true });
  expect(html).toContain('<div class="block-gallery block-gallery-slideshow" style="--gallery-columns: 4; --gallery-padding: 20px" data-island="gallery" data-island-load="visible" data-prop-images="[{&quot;assetUrl&quot;:&quot;/assets/bowl.jpg&quot;,&quot;altText&quot;:&quot;A \\&quot;blue\\&quot; bowl&quot;},{&quot;assetUrl&quot;:&quot;/assets/cup.jpg&quot;,&quot;altText&quot;:&quot;&quot;}]"');
  expect(html).toContain('data-props="{&quot;design&quot;:&quot;slideshow&quot;,&quot;autoplay&quot;:false,&quot;autoplayDuration&quot;:3,&quot;controls&quot;:true,&quot;autoCrop&quot;:true,&quot;aspectRatio&quot;:&quot;square&quot;,');
  expect(html).toContain('&quot;lightbox&quot;:true,&quot;lightboxTheme&quot;:&quot;dark&quot;}"');
  expect(html).toContain('<figure class="block-gallery-item"><img src="/assets/bowl.jpg" alt="A &quot;blue&quot; bowl" loading="lazy"></figure><figure class="block-gallery-item"><img src="/assets/cup.jpg" alt="" loading="lazy"></figure></div>');
});

it('has no island without images, and keeps hostile alt text and labels as text', () => {
  expect(renderBlock('gallery')).toBe('<div class="block-gallery block-gallery-grid" style="--gallery-columns: 4; --gallery-padding: 20px"></div>\n');
  const html = renderBlock('gallery', { images: [{ src: '/a.jpg', alt: '"><script>alert(1)</script>' }], label: '<svg onload=alert(1)>' });
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<svg');
  expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
});

it('refuses script URLs and other sites\' images, options out of the SPEC §3 ranges and more than 100 images', () => {
  expect(refusedFields('gallery', { images: [{ src: 'javascript:alert(1)' }] })).toHaveProperty(['layout.sections.0.blocks.0.props.images.0.src']);
  expect(refusedFields('gallery', { images: [{ src: 'https://cdn.example/a.jpg' }] })).toEqual({ 'layout.sections.0.blocks.0.props.images.0.src': 'Use a file uploaded to this site (a path such as /assets/...).' });
  expect(refusedFields('gallery', { images: [{ src: '' }] })).toBeDefined();
  expect(refusedFields('gallery', { design: 'carousel' })).toBeDefined();
  expect(refusedFields('gallery', { autoplayDuration: 11 })).toBeDefined();
  expect(refusedFields('gallery', { thumbnailsPerRow: 0 })).toBeDefined();
  expect(refusedFields('gallery', { padding: 51 })).toBeDefined();
  expect(refusedFields('gallery', { images: Array.from({ length: 101 }, () => ({ src: '/a.jpg' })) })).toBeDefined();
});
