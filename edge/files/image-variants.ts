import { PhotonImage, resize, SamplingFilter } from '@cf-wasm/photon';
import { imageSize } from 'image-size';

// SPEC §9: the image widths srcsets offer.
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** Larger images are refused before decoding: a small file can claim a huge canvas. */
export const MAX_PIXELS = 25_000_000;
/** Originals past this size are not decoded at the edge. */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const JPEG_QUALITY = 82;

/** Raster formats the edge decodes (what photon reads) and their content types. */
const RASTER: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
export type OutputType = 'image/jpeg' | 'image/png' | 'image/webp';

/** A resize the edge refuses: `status` 400 (too big) or 415 (not a readable image). */
export class ImageVariantError extends Error {
  override readonly name = 'ImageVariantError';
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** `?format=500w` to 500 when it is one of the SPEC §9 widths. */
export function requestedWidth(format: string | undefined): number | undefined {
  const match = /^(\d{3,4})w$/.exec(format ?? '');
  const width = match ? Number(match[1]) : NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? width : undefined;
}

/** Width, height and format of an image from its header only, or undefined when it is not a raster we decode. */
export function rasterInfo(bytes: Uint8Array): { width: number; height: number; type: string } | undefined {
  let info;
  try {
    info = imageSize(bytes);
  } catch {
    return undefined;
  }
  const type = info.type ? RASTER[info.type] : undefined;
  if (!type || !info.width || !info.height) return undefined;
  return { width: info.width, height: info.height, type };
}

/**
 * The variant's type. Photographs (JPEG) stay JPEG: photon's WebP encoder is lossless,
 * which is larger than a lossy JPEG for photos. Lossless sources (PNG, GIF) become
 * WebP when the browser accepts it (smaller than PNG, keeps transparency), else PNG.
 * WebP originals stay WebP, or become JPEG for browsers without it.
 */
export function outputType(accept: string | undefined, sourceType: string): OutputType {
  const webp = /\bimage\/webp\b/.test(accept ?? '');
  if (sourceType === 'image/jpeg') return 'image/jpeg';
  if (sourceType === 'image/webp') return webp ? 'image/webp' : 'image/jpeg';
  return webp ? 'image/webp' : 'image/png';
}

export const EXTENSIONS: Record<OutputType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Resizes a raster image to `width` (keeping its aspect ratio) and encodes it as `type`.
 * Checks the declared size before decoding; throws ImageVariantError for bombs, oversized
 * or corrupt input. The caller serves the original when it is not wider than `width`.
 */
export function resizeImage(bytes: Uint8Array, width: number, type: OutputType): Uint8Array {
  if (bytes.byteLength > MAX_SOURCE_BYTES) throw new ImageVariantError(400, 'Image is too large to resize');
  const info = rasterInfo(bytes);
  if (!info) throw new ImageVariantError(415, 'Image format cannot be resized');
  if (info.width * info.height > MAX_PIXELS) throw new ImageVariantError(400, 'Image has too many pixels to resize');
  let source: PhotonImage | undefined;
  let scaled: PhotonImage | undefined;
  try {
    try {
      source = PhotonImage.new_from_byteslice(bytes);
    } catch {
      throw new ImageVariantError(415, 'Image data is corrupt');
    }
    // The decoder's own dimensions are the truth; a header can lie.
    const w = source.get_width();
    const h = source.get_height();
    if (w * h > MAX_PIXELS) throw new ImageVariantError(400, 'Image has too many pixels to resize');
    const height = Math.max(1, Math.round((h * width) / w));
    scaled = resize(source, width, height, SamplingFilter.Lanczos3);
    if (type === 'image/webp') return scaled.get_bytes_webp();
    if (type === 'image/png') return scaled.get_bytes();
    return scaled.get_bytes_jpeg(JPEG_QUALITY);
  } finally {
    scaled?.free();
    source?.free();
  }
}
