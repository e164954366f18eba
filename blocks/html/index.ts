import { z } from 'zod';
import { defineBlock } from '../define.js';

/** html.html */
export const HTML_PARTIAL = "<iframe class=\"block-html\" sandbox=\"allow-scripts allow-popups allow-forms\" referrerpolicy=\"no-referrer\" loading=\"lazy\" title=\"{props.title|htmlattr}\" style=\"height: {props.height}px\" srcdoc=\"{props.html|htmlattr}\"></iframe>\n";

/**
 * The owner's own markup. It runs only inside a sandboxed frame's `srcdoc` without
 * allow-same-origin: an opaque origin with no access to the page, its cookies or storage.
 */
export const htmlBlock = defineBlock({
  name: 'html',
  code: 2,
  group: 'MORE',
  runsCode: true,
  props: z.strictObject({
    html: z.string().max(200_000).default(''),
    title: z.string().max(200).default('Custom content'),
    height: z.number().int().min(20).max(4000).default(300),
  }),
  partial: HTML_PARTIAL,
});
