/** Markup of the `video` formatter: the embed wrapper and its optional thumbnail overlay. */
import { escapeAttr } from '../../escape.js';
import { safeUrl } from '../safe-url.js';
import { asString, getKey, isTruthy } from '../../values.js';
import { COLOR_POSITIONS } from './image-attrs.js';
import { focalPoint } from './image.js';

export interface VideoOptions {
  /** `load-false`: the wrapper waits for the page script to load it. */
  readonly loadFalse: boolean;
  /** `color-data`: the overlay image carries the average colours. */
  readonly colorData: boolean;
}

/** Read the formatter's flags (`{v|video load-false color-data}`). */
export function videoOptions(args: readonly string[]): VideoOptions {
  return { loadFalse: args.includes('load-false'), colorData: args.includes('color-data') };
}

function overlay(video: unknown, options: VideoOptions): string {
  const hasThumb = isTruthy(getKey(video, 'mainImageId')) || isTruthy(getKey(video, 'systemDataId'));
  let out = '<div class="sqs-video-overlay';
  if (hasThumb) {
    out += '" style="opacity: 0;">';
    out += `<img data-load="false" data-src="${escapeAttr(safeUrl(asString(getKey(video, 'assetUrl'))))}" `;
    out += `data-image-dimensions="${escapeAttr(asString(getKey(video, 'originalSize')))}" `;
    out += `data-image-focal-point="${escapeAttr(focalPoint(video))}" `;
    const colors = getKey(video, 'colorData');
    if (options.colorData && isTruthy(colors)) {
      for (const key of COLOR_POSITIONS) {
        const value = asString(getKey(colors, `${key}Average`));
        out += `data-color-${key.toLowerCase()}="#${escapeAttr(value)}" `;
      }
    }
    out += '/>';
  } else {
    out += ' no-thumb" style="opacity: 0;">';
  }
  return out + '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
}

/**
 * The video wrapper: the oEmbed HTML travels escaped in `data-html`, and an
 * overlay (thumbnail or a plain cover) is drawn when the video has `overlay`.
 *
 * @example videoMarkup({ oembed: { html: '<iframe>', providerName: 'youtube' } }, videoOptions([]))
 */
export function videoMarkup(video: unknown, options: VideoOptions): string {
  const oembed = getKey(video, 'oembed');
  let out = '<div class="sqs-video-wrapper" ';
  if (options.loadFalse) out += ' data-load="false" ';
  out += `data-html="${escapeAttr(asString(getKey(oembed, 'html')))}" `;
  out += `data-provider-name="${escapeAttr(asString(getKey(oembed, 'providerName')))}">`;
  if (isTruthy(getKey(video, 'overlay'))) out += overlay(video, options);
  return out + '</div>';
}
