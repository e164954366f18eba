import { z } from 'zod';
import { defineBlock } from '../define.js';

/** spacer.html */
export const SPACER_PARTIAL = "<div class=\"block-spacer\" style=\"height: {props.height}px\" aria-hidden=\"true\"></div>\n";

/** Empty room between blocks, `height` pixels tall. */
export const spacerBlock = defineBlock({
  name: 'spacer',
  code: 21,
  group: 'BASIC',
  props: z.strictObject({ height: z.number().int().min(0).max(1000).default(50) }),
  partial: SPACER_PARTIAL,
});
