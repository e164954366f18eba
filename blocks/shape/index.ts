import { z } from 'zod';
import { defineBlock } from '../define.js';

/** shape.html */
export const SHAPE_PARTIAL = "<div class=\"block-shape block-shape-{props.shape|htmlattr} block-shape-color-{props.color|htmlattr}\" style=\"height: {props.height}px\" aria-hidden=\"true\"></div>\n";

/**
 * A decorative shape filled with a colour of the theme's palette (classes the theme styles:
 * nothing the owner types reaches the style attribute but the height, a number).
 */
export const shapeBlock = defineBlock({
  name: 'shape',
  code: 71,
  group: 'BASIC',
  props: z.strictObject({
    shape: z.enum(['rectangle', 'rounded', 'circle', 'pill', 'triangle', 'diamond', 'arch']).default('rounded'),
    color: z.enum(['accent', 'accent-soft', 'ink', 'line', 'card']).default('accent-soft'),
    height: z.number().int().min(10).max(2000).default(200),
  }),
  partial: SHAPE_PARTIAL,
});
