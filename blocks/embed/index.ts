import { z } from 'zod';
import { defineBlock } from '../define.js';

/** embed.html */
export const EMBED_PARTIAL = "<figure class=\"block-embed\"><iframe sandbox=\"allow-scripts allow-popups allow-presentation\" referrerpolicy=\"no-referrer\" loading=\"lazy\" title=\"{props.title|htmlattr}\" style=\"height: {props.height}px\" srcdoc=\"{props.html|htmlattr}\"></iframe>{.section props.caption}<figcaption>{@|html}</figcaption>{.end}</figure>\n";

/**
 * A third party's embed code (a video, a map, a booking widget), run only inside a
 * sandboxed `srcdoc` frame without allow-same-origin, like the html block.
 */
export const embedBlock = defineBlock({
  name: 'embed',
  code: 22,
  group: 'MORE',
  runsCode: true,
  props: z.strictObject({
    html: z.string().max(200_000).default(''),
    title: z.string().max(200).default('Embedded content'),
    caption: z.string().max(2000).default(''),
    height: z.number().int().min(20).max(4000).default(400),
  }),
  partial: EMBED_PARTIAL,
});
