import { expect, it } from 'vitest';
import { galleryBlock } from './index.js';
import { hiddenOptions, withDesignRules } from './panel.js';

const props = (over: Record<string, unknown> = {}) => galleryBlock.props.parse(over) as Record<string, unknown>;

it('shows only the SPEC §3 options each design uses, after the SPEC §4 rules', () => {
  // Slideshow: thumbnails (their strip), autoplay and arrows; no columns.
  expect(hiddenOptions(props({ design: 'slideshow' }))).toEqual(['images', 'autoplayDuration', 'thumbnailsPerRow', 'activeAlignment', 'lightboxTheme']);
  expect(hiddenOptions(props({ design: 'slideshow', autoplay: true, lightbox: true }))).toEqual(['images', 'thumbnailsPerRow', 'activeAlignment']);
  // Grid: no thumbnails, never autoplay, no arrows; columns.
  expect(hiddenOptions(props({ design: 'grid' }))).toEqual(['images', 'thumbnailStripHeight', 'thumbnailStripMargin', 'autoplay', 'autoplayDuration', 'controls', 'activeAlignment', 'lightboxTheme']);
  // Stacked: not cropped either; slider: alignment of the active slide.
  expect(hiddenOptions(props({ design: 'stacked' }))).toContain('aspectRatio');
  expect(hiddenOptions(props({ design: 'slider' }))).not.toContain('activeAlignment');
  expect(hiddenOptions(props({ design: 'slider', autoCrop: false }))).toContain('aspectRatio');
});

it('turns autoplay off when grid or stacked is chosen (SPEC §4), and leaves the slideshow and slider alone', () => {
  expect(withDesignRules({ design: 'grid', autoplay: true })).toEqual({ design: 'grid', autoplay: false });
  expect(withDesignRules({ design: 'stacked', autoplay: true })).toEqual({ design: 'stacked', autoplay: false });
  expect(withDesignRules({ design: 'slider', autoplay: true })).toEqual({ design: 'slider', autoplay: true });
});
