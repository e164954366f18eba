/**
 * Gallery options with the SPEC §3 defaults and ranges, and the SPEC §4 design rules
 * applied (slideshow shows thumbnails; slider, grid and stacked hide them; grid and
 * stacked never autoplay). Keys use the option names of SPEC §3.
 */
export type GalleryDesign = 'slideshow' | 'slider' | 'grid' | 'stacked';
export type AspectRatio = 'square' | 'standard' | 'standard-vertical' | 'four-three' | 'three-four-vertical' | 'widescreen' | 'anamorphic-widescreen';

export interface GalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  autoplayDurationS: number;
  controls: boolean;
  autoCrop: boolean;
  aspectRatio: AspectRatio;
  thumbnails: boolean;
  thumbnailStripHeight: number;
  thumbnailStripMargin: number;
  thumbnailsPerRow: number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: 'dark' | 'light';
  activeAlignment: 'left' | 'center' | 'right';
}

const DESIGNS: readonly GalleryDesign[] = ['slideshow', 'slider', 'grid', 'stacked'];
const RATIOS: readonly AspectRatio[] = ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'];

/** CSS aspect-ratio of each SPEC §3 aspect-ratio option. */
export const ASPECT_RATIO_CSS: Record<AspectRatio, string> = {
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
};

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function bounded(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback;
}

/** An option by its SPEC §3 name ('aspect-ratio') or the camelCase of a `data-prop-` attribute. */
function option(raw: Record<string, unknown>, name: string): unknown {
  return name in raw ? raw[name] : raw[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())];
}

/** SPEC §3 defaults for anything missing or out of range, then the SPEC §4 design rules. */
export function galleryOptions(input: Record<string, unknown> = {}): GalleryOptions {
  const raw = new Proxy(input, { get: (target, name: string) => option(target, name), has: () => true });
  const design = pick(raw.design, DESIGNS, 'grid');
  const options: GalleryOptions = {
    design,
    autoplay: flag(raw.autoplay, false),
    autoplayDurationS: bounded(raw['autoplay-duration'], 1, 10, 5),
    controls: flag(raw.controls, true),
    autoCrop: flag(raw['auto-crop'], true),
    aspectRatio: pick(raw['aspect-ratio'], RATIOS, 'square'),
    thumbnails: flag(raw.thumbnails, false),
    thumbnailStripHeight: bounded(raw['thumbnail-strip-height'], 0, 200, 80),
    thumbnailStripMargin: bounded(raw['thumbnail-strip-margin'], 0, 60, 20),
    thumbnailsPerRow: bounded(raw['thumbnails-per-row'], 1, 10, 4),
    padding: bounded(raw.padding, 0, 50, 20),
    lightbox: flag(raw.lightbox, false),
    lightboxTheme: pick(raw.lightboxTheme, ['dark', 'light'] as const, 'dark'),
    activeAlignment: pick(raw['active-alignment'], ['left', 'center', 'right'] as const, 'center'),
  };
  // SPEC §4 gallery design rules.
  options.thumbnails = design === 'slideshow';
  if (design === 'grid' || design === 'stacked') options.autoplay = false;
  return options;
}
