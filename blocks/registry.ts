import type { BlockDefinition } from './define.js';
import { buttonBlock } from './button/index.js';
import { codeBlock } from './code/index.js';
import { embedBlock } from './embed/index.js';
import { horizontalRuleBlock } from './horizontal-rule/index.js';
import { htmlBlock } from './html/index.js';
import { imageBlock } from './image/index.js';
import { linkBlock } from './link/index.js';
import { shapeBlock } from './shape/index.js';
import { quoteBlock } from './quote/index.js';
import { spacerBlock } from './spacer/index.js';
import { textBlock } from './text/index.js';
import { accordionBlock } from './accordion/index.js';
import { audioBlock } from './audio/index.js';
import { donationBlock } from './donation/index.js';
import { galleryBlock } from './gallery/index.js';
import { mapBlock } from './map/index.js';
import { markdownBlock } from './markdown/index.js';
import { marqueeBlock } from './marquee/index.js';
import { memberAreaBlock } from './member-area/index.js';
import { menuBlock } from './menu/index.js';
import { searchBlock } from './search/index.js';
import { socialLinksBlock } from './social-links/index.js';
import { videoBlock } from './video/index.js';
import { calendarBlock } from './calendar/index.js';
import { formBlock } from './form/index.js';
import { newsletterBlock } from './newsletter/index.js';
import { productBlock } from './product/index.js';
import { summaryBlock } from './summary/index.js';
import { chartBarBlock } from './chart-bar/index.js';
import { chartLineBlock } from './chart-line/index.js';
import { chartPieBlock } from './chart-pie/index.js';
import { languageSwitcherBlock } from './language-switcher/index.js';

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
  galleryBlock,
  markdownBlock,
  videoBlock,
  mapBlock,
  audioBlock,
  accordionBlock,
  marqueeBlock,
  socialLinksBlock,
  searchBlock,
  menuBlock,
  donationBlock,
  memberAreaBlock,
  linkBlock,
  shapeBlock,
  summaryBlock,
  productBlock,
  formBlock,
  newsletterBlock,
  calendarBlock,
  chartBarBlock,
  chartLineBlock,
  chartPieBlock,
  languageSwitcherBlock,
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
  'collection-link': 12,
  comments: 16,
  folder: 17,
  rss: 49,
  tock: 68,
  'pricing-plan': 72,
};
