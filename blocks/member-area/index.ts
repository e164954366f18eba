import { z } from 'zod';
import { defineBlock } from '../define.js';

/** member-area.html */
export const MEMBER_AREA_PARTIAL = "<div class=\"block-placeholder block-member-area\" data-block-code=\"67\" role=\"note\"><p class=\"block-placeholder-title\">{.section props.title}{@|html}{.or}Member areas{.end}</p><p>Member areas are coming soon. This block keeps its place on the page (block type 67) and will show here once the feature is ready.</p></div>\n";

/**
 * A placeholder for member areas (SPEC §3 BlockType 67): a page may hold the block now, and
 * visitors see a box saying the feature is coming. Its own issue builds the feature.
 */
export const memberAreaBlock = defineBlock({
  name: 'member-area',
  code: 67,
  group: 'PREMIUM',
  props: z.strictObject({ title: z.string().max(200).default('') }),
  partial: MEMBER_AREA_PARTIAL,
});
