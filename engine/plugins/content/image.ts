/** Image attribute markup behind image, image-meta, child-image-meta and cover-image-meta. */
import { escapeAttr } from '../../escape.js';
import { safeUrl } from '../safe-url.js';
import { asNumber, asString, getKey, isObject, isTruthy } from '../../values.js';
import { BLOCK_TYPES } from './enums.js';
import { formatDouble, removeTags } from './text.js';

// SPEC §9: the alt-text fallback taken from the body is cut to 250 characters.
export const MAX_ALT_TEXT = 250;

/** `x,y` of the media focal point, the centre when none is set. */
export function focalPoint(media: unknown): string {
  const point = getKey(media, 'mediaFocalPoint');
  if (point === undefined) return '0.5,0.5';
  return `${formatDouble(asNumber(getKey(point, 'x')))},${formatDouble(asNumber(getKey(point, 'y')))}`;
}

/**
 * Alt text derived from a content item: its title, else its body without tags
 * (at most 250 characters), else its file name, else ''.
 */
export function altTextFromItem(item: unknown): string {
  const title = getKey(item, 'title');
  if (isTruthy(title)) return asString(title);
  const body = getKey(item, 'body');
  if (isTruthy(body)) {
    const text = removeTags(asString(body), MAX_ALT_TEXT);
    if (text.length > 0) return text.slice(0, MAX_ALT_TEXT);
  }
  const filename = getKey(item, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
}

/**
 * Alt text of the `image` formatter. Inside an image block the item's own
 * `altText` wins even when empty: the block migration filled it on purpose.
 */
export function imageAltText(image: unknown, blockType: unknown): string {
  if (blockType !== undefined && asNumber(blockType) === BLOCK_TYPES.image) {
    return asString(getKey(image, 'altText')).trim();
  }
  return altTextFromItem(image);
}

const attr = (name: string, value: string): string => `${name}="${escapeAttr(value)}" `;

/**
 * The `data-*` and `alt` attributes of an image, each followed by a space;
 * '' for a missing image.
 *
 * @example imageMetaAttributes({ assetUrl: '/a.jpg', originalSize: '10x20' })
 * // 'data-src="/a.jpg" data-image="/a.jpg" data-image-dimensions="10x20" data-image-focal-point="0.5,0.5" alt="" '
 */
export function imageMetaAttributes(image: unknown, altText?: string): string {
  if (image === undefined) return '';
  const assetUrl = safeUrl(asString(getKey(image, 'assetUrl')));
  let out = '';
  if (isObject(getKey(image, 'licensedAssetPreview'))) out += 'data-licensed-asset-preview="true" ';
  const componentKey = getKey(image, 'componentKey');
  if (componentKey !== undefined) out += attr('data-component-key', asString(componentKey));
  out += attr('data-src', assetUrl);
  out += attr('data-image', assetUrl);
  out += attr('data-image-dimensions', asString(getKey(image, 'originalSize')));
  out += attr('data-image-focal-point', focalPoint(image));
  out += attr('alt', altText ?? altTextFromItem(image));
  return out;
}

/**
 * A lazy-loaded `<img>` with a `<noscript>` fallback, for the `image` formatter.
 *
 * @example imageTag(image, 'thumb-image', 'A cat')
 */
export function imageTag(image: unknown, cssClass: string, altText: string): string {
  const assetUrl = safeUrl(asString(getKey(image, 'assetUrl')));
  return (
    `<noscript><img ${attr('src', assetUrl)}${attr('alt', altText)}/></noscript>` +
    `<img ${attr('class', cssClass)}${imageMetaAttributes(image, altText)}` +
    `data-load="false" ${attr('data-image-id', asString(getKey(image, 'id')))}data-type="image" />`
  );
}
