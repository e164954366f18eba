import { describe, expect, it } from 'vitest';
import { galleryOptions } from './gallery-options.js';

describe('galleryOptions', () => {
  it('has the SPEC §3 defaults', () => {
    expect(galleryOptions()).toMatchObject({
      design: 'grid',
      autoplay: false,
      autoplayDurationS: 5,
      autoCrop: true,
      aspectRatio: 'square',
      thumbnailStripHeight: 80,
      thumbnailStripMargin: 20,
      thumbnailsPerRow: 4,
      padding: 20,
      activeAlignment: 'center',
    });
  });

  it('clamps numbers into their SPEC §3 ranges and ignores unknown values', () => {
    const o = galleryOptions({ 'autoplay-duration': 30, 'thumbnail-strip-height': -5, 'thumbnails-per-row': '12', padding: 'x', design: 'carousel', 'aspect-ratio': 'round' });
    expect(o).toMatchObject({ autoplayDurationS: 10, thumbnailStripHeight: 0, thumbnailsPerRow: 10, padding: 20, design: 'grid', aspectRatio: 'square' });
  });

  it('accepts camelCase names as data-prop- attributes give them', () => {
    expect(galleryOptions({ aspectRatio: 'widescreen', autoplayDuration: 3 })).toMatchObject({ aspectRatio: 'widescreen', autoplayDurationS: 3 });
  });

  it('applies the SPEC §4 design rules', () => {
    expect(galleryOptions({ design: 'slideshow', thumbnails: false, autoplay: true })).toMatchObject({ thumbnails: true, autoplay: true });
    expect(galleryOptions({ design: 'slider', thumbnails: true, autoplay: true })).toMatchObject({ thumbnails: false, autoplay: true });
    expect(galleryOptions({ design: 'grid', thumbnails: true, autoplay: true })).toMatchObject({ thumbnails: false, autoplay: false });
    expect(galleryOptions({ design: 'stacked', autoplay: true })).toMatchObject({ thumbnails: false, autoplay: false });
  });
});
