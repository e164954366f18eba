import { calendarLoader } from './calendar/loader.js';
import { donationLoader } from './donation/loader.js';
import { formLoader } from './form/loader.js';
import { memberAreaLoader } from './member-area/loader.js';
import { newsletterLoader } from './newsletter/loader.js';
import { productLoader } from './product/loader.js';
import { summaryLoader } from './summary/loader.js';
import { textLoader } from './text/loader.js';

/**
 * The server data loaders of the block types that have one (blocks/define.ts
 * `defineLoader`), by type name: read by the worker only (edge/pages/block-data.ts), apart
 * from the registry so that the editor's bundle never holds D1 code. A block type with
 * data adds its `loader.ts` and a line here.
 */
export const BLOCK_LOADERS = new Map([summaryLoader, productLoader, formLoader, newsletterLoader, calendarLoader, textLoader, memberAreaLoader, donationLoader].map((entry) => [entry.name, entry.load]));

// Text's loader only fills store values into the block's own words ({store.freeShippingOver}).
const OWN_WORDS = new Set(['text']);

/** Whether a type's content is loaded data (other pages' items, forms): the search index leaves those blocks out. */
export function showsLoadedContent(type: string): boolean {
  return BLOCK_LOADERS.has(type) && !OWN_WORDS.has(type);
}
