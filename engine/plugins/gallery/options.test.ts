import { describe, expect, it } from 'vitest';
import { galleryOptions } from './options.js';

describe('galleryOptions', () => {
  it('fills the SPEC §3 defaults', () => {
    expect(galleryOptions({})).toEqual({
      design: 'grid',
      autoplay: false,
      autoplayDuration: 5,
      autoCrop: true,
      aspectRatio: 'square',
      thumbnails: false,
      thumbnailStripHeight: 80,
      thumbnailStripMargin: 20,
      metaPosition: 'bottom',
      activeAlignment: 'center',
      thumbnailsPerRow: 4,
      padding: 20,
      maxWidth: 300,
      lightboxTheme: 'dark',
    });
  });

  it('clamps numbers to their ranges and ignores unknown choices', () => {
    const o = galleryOptions({ 'autoplay-duration': 30, padding: -5, 'max-width': 50, design: 'carousel', 'meta-position': 'top-left' });
    expect(o.autoplayDuration).toBe(10);
    expect(o.padding).toBe(0);
    expect(o.maxWidth).toBe(100);
    expect(o.design).toBe('grid');
    expect(o.metaPosition).toBe('top-left');
  });

  it('applies the SPEC §4 design rules', () => {
    expect(galleryOptions({ design: 'slideshow', autoplay: true })).toMatchObject({ thumbnails: true, autoplay: true });
    expect(galleryOptions({ design: 'slider', thumbnails: true, autoplay: true })).toMatchObject({ thumbnails: false, autoplay: true });
    expect(galleryOptions({ design: 'grid', thumbnails: true, autoplay: true })).toMatchObject({ thumbnails: false, autoplay: false });
    expect(galleryOptions({ design: 'stacked', autoplay: true })).toMatchObject({ thumbnails: false, autoplay: false });
  });
});
