import type { AssetRecord } from '../item-details.js';

/** SPEC §3 Image as the image formatters read it. */
export interface ImageJson {
  id: string;
  title: string;
  altText?: string;
  filename: string;
  assetUrl: string;
  originalSize?: string;
  mediaFocalPoint: { x: number; y: number };
  systemDataVariants?: string;
  colorData?: unknown;
}

// SPEC §9: the image widths srcsets offer.
const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500];

/** Public URL of an R2 object served by the `/assets/` route. */
export function assetUrl(r2Key: string): string {
  return `/assets/${r2Key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * `systemDataVariants` lists the original size then each width not wider than the
 * original, the form `image-srcset` expects.
 * @example systemDataVariants('1200x800') === '1200x800,100w,300w,500w,750w,1000w'
 */
export function systemDataVariants(originalSize: string): string | undefined {
  const match = /^(\d+)x(\d+)$/.exec(originalSize);
  if (!match) return undefined;
  const width = Number(match[1]);
  const widths = IMAGE_WIDTHS.filter((w) => w <= width).map((w) => `${w}w`);
  return [originalSize, ...widths].join(',');
}

export function imageJson(asset: AssetRecord): ImageJson {
  const image: ImageJson = {
    id: asset.id,
    // Image formatters take alt text from the title; an untitled image uses its alt text.
    title: asset.title || asset.altText || '',
    filename: asset.filename,
    assetUrl: assetUrl(asset.r2Key),
    mediaFocalPoint: { x: asset.focalPointX, y: asset.focalPointY },
  };
  if (asset.altText != null) image.altText = asset.altText;
  if (asset.originalSize) {
    image.originalSize = asset.originalSize;
    const variants = systemDataVariants(asset.originalSize);
    if (variants) image.systemDataVariants = variants;
  }
  if (asset.colorData) image.colorData = asset.colorData;
  return image;
}
