/** SPEC §9 image widths (100w…2500w) the asset route accepts as `?format=`. */
const WIDTH_NAMES = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

export interface ImageJson {
  id?: string;
  assetUrl: string;
  altText?: string;
  title?: string;
  originalSize?: string;
  systemDataVariants?: string;
}

/**
 * The srcset the theme's `image-srcset` formatter writes, so a re-rendered image picks
 * the same file: each stored width variant, then the original standing in for the next
 * width up when the largest variant is below 2500w.
 *
 * @example imageSrcset({ assetUrl: '/a.jpg', systemDataVariants: '100w' }) // '/a.jpg?format=100w 100w,/a.jpg?format=original 300w'
 */
export function imageSrcset(image: ImageJson): string | undefined {
  const variants = (image.systemDataVariants ?? '').split(',').filter((v) => v.endsWith('w'));
  if (variants.length === 0) return undefined;
  const entries = variants.map((v) => `${image.assetUrl}?format=${v} ${v}`);
  const next = WIDTH_NAMES.indexOf(variants[variants.length - 1] as (typeof WIDTH_NAMES)[number]) + 1;
  if (next > 0 && next < WIDTH_NAMES.length) entries.push(`${image.assetUrl}?format=original ${WIDTH_NAMES[next]}`);
  return entries.join(',');
}
