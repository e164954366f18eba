import { z } from 'zod';
import { defineBlock } from '../define.js';

/** horizontal-rule.html */
export const HORIZONTAL_RULE_PARTIAL = "<hr class=\"block-horizontal-rule\">\n";

/** A dividing line; it has no props. */
export const horizontalRuleBlock = defineBlock({
  name: 'horizontal-rule',
  code: 47,
  group: 'BASIC',
  props: z.strictObject({}),
  partial: HORIZONTAL_RULE_PARTIAL,
});
