/** Gallery options of SPEC §3 (values, ranges, defaults) and the design rules of SPEC §4. */
import { asBoolean, asNumber, asString, getKey } from '../../values.js';

export const DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
export const ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
export const ASPECT_RATIOS = [
  'square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen',
] as const;
export const LIGHTBOX_THEMES = ['dark', 'light'] as const;
/** The on/off options templates test with `gallery-<name>?`. */
export const BOOLEAN_OPTIONS = [
  'autoplay', 'auto-crop', 'controls', 'lightbox', 'square-thumbs', 'show-meta', 'show-meta-on-hover', 'thumbnails',
] as const;

export type GalleryDesign = (typeof DESIGNS)[number];

export interface GalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  autoplayDuration: number;
  autoCrop: boolean;
  aspectRatio: (typeof ASPECT_RATIOS)[number];
  thumbnails: boolean;
  thumbnailStripHeight: number;
  thumbnailStripMargin: number;
  metaPosition: (typeof META_POSITIONS)[number];
  activeAlignment: (typeof ACTIVE_ALIGNMENTS)[number];
  thumbnailsPerRow: number;
  padding: number;
  maxWidth: number;
  lightboxTheme: (typeof LIGHTBOX_THEMES)[number];
}

function oneOf<T extends string>(raw: unknown, key: string, values: readonly T[], fallback: T): T {
  const v = asString(getKey(raw, key));
  return (values as readonly string[]).includes(v) ? (v as T) : fallback;
}

function inRange(raw: unknown, key: string, min: number, max: number, fallback: number): number {
  const v = getKey(raw, key);
  if (v === undefined || v === null) return fallback;
  const n = asNumber(v);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

function flag(raw: unknown, key: string, fallback: boolean): boolean {
  const v = getKey(raw, key);
  return v === undefined || v === null ? fallback : asBoolean(v);
}

/**
 * The effective options of a gallery block: SPEC §3 defaults for what is unset,
 * numbers clamped to their ranges, then the SPEC §4 design rules (a slideshow
 * shows thumbnails, the other designs do not; grid and stacked never autoplay).
 *
 * @example galleryOptions({ design: 'stacked', autoplay: true }).autoplay // false
 */
export function galleryOptions(raw: unknown): GalleryOptions {
  const design = oneOf(raw, 'design', DESIGNS, 'grid');
  const autoplay = flag(raw, 'autoplay', false);
  return {
    design,
    autoplay: design === 'grid' || design === 'stacked' ? false : autoplay,
    autoplayDuration: inRange(raw, 'autoplay-duration', 1, 10, 5),
    autoCrop: flag(raw, 'auto-crop', true),
    aspectRatio: oneOf(raw, 'aspect-ratio', ASPECT_RATIOS, 'square'),
    thumbnails: design === 'slideshow',
    thumbnailStripHeight: inRange(raw, 'thumbnail-strip-height', 0, 200, 80),
    thumbnailStripMargin: inRange(raw, 'thumbnail-strip-margin', 0, 60, 20),
    metaPosition: oneOf(raw, 'meta-position', META_POSITIONS, 'bottom'),
    activeAlignment: oneOf(raw, 'active-alignment', ACTIVE_ALIGNMENTS, 'center'),
    thumbnailsPerRow: inRange(raw, 'thumbnails-per-row', 1, 10, 4),
    padding: inRange(raw, 'padding', 0, 50, 20),
    maxWidth: inRange(raw, 'max-width', 100, 300, 300),
    lightboxTheme: oneOf(raw, 'lightboxTheme', LIGHTBOX_THEMES, 'dark'),
  };
}
