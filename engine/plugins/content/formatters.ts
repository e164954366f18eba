/** Content formatters: images, video, audio, colours and item markup. Thin adapters over pure helpers. */
import { asNumber, asString, getKey } from '../../values.js';
import { safeUrl } from '../safe-url.js';
import type { Formatter, FormatterTable } from '../../plugin-contract.js';
import { colorWeight, websiteColor } from './color.js';
import {
  INVALID_SIZE_MESSAGE,
  humanizeDuration,
  parseDimensions,
  resizedSide,
  thumbnailForWidth,
} from './dimensions.js';
import { imageColor, imageSrcset } from './image-attrs.js';
import { imageAltText, imageMetaAttributes, imageTag } from './image.js';
import { itemClasses } from './item-classes.js';
import { AUDIO_PLAYER_TEMPLATE } from './templates/index.js';
import { videoMarkup, videoOptions } from './video.js';

const intArg = (args: readonly string[], i: number, fallback = 0): number => {
  const n = parseInt(args[i] ?? '', 10);
  return Number.isNaN(n) ? fallback : n;
};

/** One side of an `originalSize`, or the SPEC §5 message when the size is malformed. */
const side = (which: 'width' | 'height'): Formatter => (value) => {
  const size = parseDimensions(value);
  return size === null ? INVALID_SIZE_MESSAGE : size[which];
};

/** `resizedHeightForWidth N` scales the height for width N; `resizedWidthForHeight N` the reverse. */
const resized = (which: 'width' | 'height'): Formatter => (value, args) => {
  const size = parseDimensions(value);
  return size === null ? INVALID_SIZE_MESSAGE : resizedSide(size, which, intArg(args, 0));
};

const absUrl: Formatter = (value, _args, ctx) => `${asString(ctx.resolve('base-url'))}/${asString(value)}`;

// The asset URL is the player's source: only safe schemes pass.
const audioPlayer: Formatter = (value, _args, ctx) =>
  ctx.renderTemplate(AUDIO_PLAYER_TEMPLATE, {
    id: getKey(value, 'id'),
    structuredContent: { audioAssetUrl: safeUrl(asString(getKey(getKey(value, 'structuredContent'), 'audioAssetUrl'))) },
  });

const capitalize: Formatter = (value) => asString(value).toUpperCase();

const childImageMeta: Formatter = (value, args) => {
  const items = getKey(value, 'items');
  return imageMetaAttributes(getKey(items, intArg(args, 0)));
};

const coverImageMeta: Formatter = (value) => imageMetaAttributes(getKey(value, 'coverImage'));

const image: Formatter = (value, args, ctx) => {
  const cssClass = args.length === 1 ? args[0] : 'thumb-image';
  return imageTag(value, cssClass, imageAltText(value, ctx.resolve('blockType')));
};

const imageColorFormatter: Formatter = (value, args) => imageColor(value, args[0], args[1]);

const squarespaceThumbnailForHeight: Formatter = (value, args) => {
  const size = parseDimensions(value);
  return size === null ? INVALID_SIZE_MESSAGE : thumbnailForWidth(resizedSide(size, 'width', intArg(args, 0)));
};

export const CONTENT_FORMATTERS: FormatterTable = {
  AbsUrl: absUrl,
  'audio-player': audioPlayer,
  capitalize,
  'child-image-meta': childImageMeta,
  'color-weight': (value) => colorWeight(asString(value)),
  'cover-image-meta': coverImageMeta,
  height: side('height'),
  humanizeDuration: (value) => humanizeDuration(asNumber(value)),
  image,
  'image-color': imageColorFormatter,
  'image-meta': (value) => imageMetaAttributes(value),
  'image-srcset': (value) => imageSrcset(value),
  'item-classes': (value, _args, ctx) => itemClasses(value, ctx),
  resizedHeightForWidth: resized('height'),
  resizedWidthForHeight: resized('width'),
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth: (_value, args) => thumbnailForWidth(intArg(args, 0)),
  video: (value, args) => videoMarkup(value, videoOptions(args)),
  'website-color': (value) => websiteColor(value),
  width: side('width'),
};
