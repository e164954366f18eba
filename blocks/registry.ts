import type { BlockDefinition } from './define.js';
import { buttonBlock } from './button/index.js';
import { codeBlock } from './code/index.js';
import { embedBlock } from './embed/index.js';
import { horizontalRuleBlock } from './horizontal-rule/index.js';
import { htmlBlock } from './html/index.js';
import { imageBlock } from './image/index.js';
import { quoteBlock } from './quote/index.js';
import { spacerBlock } from './spacer/index.js';
import { textBlock } from './text/index.js';
import { calendarBlock } from './calendar/index.js';
import { formBlock } from './form/index.js';
import { newsletterBlock } from './newsletter/index.js';
import { productBlock } from './product/index.js';
import { summaryBlock } from './summary/index.js';

/** Every block type built so far: adding one is its folder and a line here. */
export const BLOCKS: readonly BlockDefinition[] = [
  textBlock,
  imageBlock,
  buttonBlock,
  spacerBlock,
  horizontalRuleBlock,
  quoteBlock,
  codeBlock,
  htmlBlock,
  embedBlock,
  summaryBlock,
  productBlock,
  formBlock,
  newsletterBlock,
  calendarBlock,
];

const byName = new Map(BLOCKS.map((block) => [block.name, block]));

/** The block type named `name`, if it is built. */
export function blockDefinition(name: string): BlockDefinition | undefined {
  return byName.get(name);
}

/**
 * SPEC §3 BlockTypes not built yet, by the name a layout would use: a layout naming one
 * is refused with "not available yet" rather than "not a block type".
 */
export const PLANNED_BLOCKS: Readonly<Record<string, number>> = {
  navigation: 1,
  logo: 3,
  map: 4,
  gallery: 8,
  'collection-link': 12,
  link: 13,
  comments: 16,
  folder: 17,
  menu: 18,
  'social-links': 19,
  video: 32,
  search: 33,
  audio: 41,
  markdown: 44,
  rss: 49,
  donation: 52,
  'member-area': 67,
  tock: 68,
  accordion: 69,
  marquee: 70,
  shape: 71,
  'pricing-plan': 72,
};
