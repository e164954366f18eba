import { z } from 'zod';
import { defineBlock } from '../define.js';

/** donation.html */
export const DONATION_PARTIAL = "<div class=\"block-placeholder block-donation\" data-block-code=\"52\" role=\"note\"><p class=\"block-placeholder-title\">{.section props.title}{@|html}{.or}Donations{.end}</p><p>Donations are coming soon. This block keeps its place on the page (block type 52) and will show here once the feature is ready.</p></div>\n";

/**
 * A placeholder for donations (SPEC §3 BlockType 52): a page may hold the block now, and
 * visitors see a box saying the feature is coming. Its own issue builds the feature.
 */
export const donationBlock = defineBlock({
  name: 'donation',
  code: 52,
  group: 'COMMERCE',
  props: z.strictObject({ title: z.string().max(200).default('') }),
  partial: DONATION_PARTIAL,
});
