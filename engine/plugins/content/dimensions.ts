/** Image size arithmetic behind width, height, resized* and squarespaceThumbnail*. */
import { asString } from '../../values.js';

// SPEC §5: the one message for an image size that is not "widthxheight".
export const INVALID_SIZE_MESSAGE = "Invalid source parameter. Pass in 'originalSize'";

const SIZE = /^(\d+)x(\d+)$/;

export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

/**
 * Parse an `originalSize` such as `"800x400"`; null when it is not that shape.
 *
 * @example parseDimensions('800x400') // { width: 800, height: 400 }
 */
export function parseDimensions(value: unknown): Dimensions | null {
  const m = SIZE.exec(asString(value).trim());
  return m ? { width: parseInt(m[1], 10), height: parseInt(m[2], 10) } : null;
}

/**
 * Scale one side so the other side becomes `requested`, truncated to an
 * integer. The reference scales in 32-bit floats; doing the same keeps the
 * truncation identical on sizes whose exact result is a whole number.
 *
 * @example resizedSide({ width: 250, height: 175 }, 'height', 50) // 35 (height for width 50)
 */
export function resizedSide(size: Dimensions, side: 'width' | 'height', requested: number): number {
  const f = Math.fround;
  const [scaled, fixed] = side === 'width' ? [size.width, size.height] : [size.height, size.width];
  const ratio = f(f(requested) / f(fixed));
  return Math.trunc(f(f(scaled) * ratio));
}

// SPEC §9 thumbnail buckets: up to 100 → 100w, ..., above 1000 → 1500w.
const THUMBNAIL_BUCKETS: readonly (readonly [number, string])[] = [
  [100, '100w'],
  [300, '300w'],
  [500, '500w'],
  [750, '750w'],
  [1000, '1000w'],
];

/**
 * The stored image variant to use for a display width.
 *
 * @example thumbnailForWidth(301) // '500w'
 */
export function thumbnailForWidth(width: number): string {
  for (const [limit, name] of THUMBNAIL_BUCKETS) if (width <= limit) return name;
  return '1500w';
}

/** SPEC §9 image widths; the stored variants are named `<width>w`. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/**
 * Milliseconds as `m:ss` (minutes are not capped at 60).
 *
 * @example humanizeDuration(125000) // '2:05'
 */
export function humanizeDuration(ms: number): string {
  const total = Math.floor(Math.max(0, Number.isFinite(ms) ? ms : 0) / 1000);
  const seconds = total % 60;
  return `${Math.floor(total / 60)}:${seconds < 10 ? '0' : ''}${seconds}`;
}
