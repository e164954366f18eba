import { z } from 'zod';
import { defineBlock } from '../define.js';
import { linkProp, safeHref } from '../safe-url.js';

/** image.html */
export const IMAGE_PARTIAL = "<figure class=\"block-image\">{.section view.href}<a href=\"{@|htmlattr}\"{.if props.newWindow} target=\"_blank\" rel=\"noopener noreferrer\"{.end}>{.end}<img src=\"{view.src|htmlattr}\" alt=\"{props.alt|htmlattr}\" loading=\"lazy\">{.section view.href}</a>{.end}{.section props.caption}<figcaption>{@|html}</figcaption>{.end}</figure>\n";

/** An image (an uploaded asset's URL or any http(s) image), with alt text, caption and link. */
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
  }),
  partial: IMAGE_PARTIAL,
  view: (props) => ({ src: safeHref(props.src) ?? '', href: props.href ? safeHref(props.href) : undefined }),
});
