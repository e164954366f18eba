import { z } from 'zod';
import { defineBlock } from '../define.js';
import { linkProp, safeHref } from '../safe-url.js';

/** image.html */
export const IMAGE_PARTIAL = "<figure class=\"block-image{.section view.ratio} block-image-{@|htmlattr}{.end}\">{.section view.href}<a href=\"{@|htmlattr}\"{.if props.newWindow} target=\"_blank\" rel=\"noopener noreferrer\"{.end}>{.end}<img src=\"{view.src|htmlattr}\" alt=\"{props.alt|htmlattr}\"{.section view.position} style=\"object-position: {@|htmlattr}\"{.end} loading=\"lazy\">{.section view.href}</a>{.end}{.section props.caption}<figcaption>{@|html}</figcaption>{.end}</figure>\n";

/** The image block's crops; SPEC §3's gallery aspect-ratio names. */
const IMAGE_RATIOS = ['original', 'square', 'four-three', 'three-four-vertical', 'widescreen'] as const;
const fraction = z.number().min(0).max(1);
/** 0.255 -> '25.5%'. */
const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

/** An image (an uploaded asset's URL or any http(s) image), with alt text, caption, link, crop and focal point. */
export const imageBlock = defineBlock({
  name: 'image',
  code: 5,
  group: 'IMAGE',
  props: z.strictObject({
    src: linkProp.default(''),
    // SPEC §9: alt text is cut to 250 characters.
    alt: z.string().max(250).default(''),
    caption: z.string().max(2000).default(''),
    href: linkProp.default(''),
    newWindow: z.boolean().default(false),
    // The crop: 'original' shows the whole picture; the others fill that shape, cut around `focal`.
    aspectRatio: z.enum(IMAGE_RATIOS).default('original'),
    // The point kept in view when the picture is cropped (fractions of its width and height, as the file manager's).
    focal: z.strictObject({ x: fraction, y: fraction }).default({ x: 0.5, y: 0.5 }),
  }),
  partial: IMAGE_PARTIAL,
  view: (props) => ({
    src: safeHref(props.src) ?? '',
    href: props.href ? safeHref(props.href) : undefined,
    ratio: props.aspectRatio === 'original' ? undefined : props.aspectRatio,
    // Only a moved focal point is written out: a centred one is the browser's default.
    position: props.focal.x === 0.5 && props.focal.y === 0.5 ? undefined : `${percent(props.focal.x)} ${percent(props.focal.y)}`,
  }),
});
