/** The srcset and average-colour attributes of an image. */
import { escapeAttr } from '../../escape.js';
import { safeUrl } from '../safe-url.js';
import { asString, getKey } from '../../values.js';
import { IMAGE_WIDTHS } from './dimensions.js';

const VARIANT_NAMES = IMAGE_WIDTHS.map((w) => `${w}w`);

/**
 * ` srcset="..."` listing the image's stored width variants (`systemDataVariants`
 * such as `"1500x983,100w,300w"`). When the largest stored variant is below
 * 2500w the original file stands in for the next width up, because small
 * uploads never get the larger variants. '' when there is no width variant.
 *
 * @example imageSrcset({ assetUrl: '/a.jpg', systemDataVariants: '100w' })
 * // ' srcset="/a.jpg?format=100w 100w,/a.jpg?format=original 300w"'
 */
export function imageSrcset(image: unknown): string {
  if (image === undefined) return '';
  const assetUrl = safeUrl(asString(getKey(image, 'assetUrl')));
  const variants = asString(getKey(image, 'systemDataVariants'))
    .split(',')
    .filter((v) => v.endsWith('w'));
  if (variants.length === 0) return '';
  const entries = variants.map((v) => `${assetUrl}?format=${v} ${v}`);
  const next = VARIANT_NAMES.indexOf(variants[variants.length - 1]) + 1;
  if (next > 0 && next < VARIANT_NAMES.length) entries.push(`${assetUrl}?format=original ${VARIANT_NAMES[next]}`);
  return ` srcset="${escapeAttr(entries.join(','))}"`;
}

/** The positions of an image's `colorData` averages, in output order. */
export const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/**
 * The average colours of an image (`colorData.<position>Average`, hex without
 * '#'). With no position: `data-color-<position>="#hex" ` for every position.
 * With a position: `#hex`, prefixed by `<label>: ` when a label is given, or
 * `"<position>" not found.` when the image has no such average.
 * Undefined when the image has no colour data.
 *
 * @example imageColor({ colorData: { topLeftAverage: '111' } }, 'topLeft', 'foo') // 'foo: #111'
 */
export function imageColor(image: unknown, position?: string, label?: string): string | undefined {
  const colorData = getKey(image, 'colorData');
  if (colorData === undefined) return undefined;
  if (position === undefined) {
    let out = '';
    for (const key of COLOR_POSITIONS) {
      out += `data-color-${key}="#${escapeAttr(asString(getKey(colorData, `${key}Average`)))}" `;
    }
    return out;
  }
  const color = asString(getKey(colorData, `${position}Average`));
  // Usually written into a style attribute: every value escapes quotes too.
  if (color === '') return `"${escapeAttr(position)}" not found.`;
  return `${label === undefined ? '' : `${escapeAttr(label)}: `}#${escapeAttr(color)}`;
}
