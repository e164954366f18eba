import type { PageLayout } from './layout-schema.js';
import { blockDefinition } from './registry.js';
import { renderLayout } from './render-layout.js';

/**
 * A layout's own words as HTML for the search index: its blocks rendered through their
 * default partials, leaving out the blocks `skip` names (those whose content is loaded
 * data, such as summaries of other pages' items) and the blocks that run owner markup in a
 * sandbox (html, embed). Tags are the caller's to strip (schema/search.ts `plainText`).
 * @example layoutSearchHtml(layout, showsLoadedContent)
 */
export function layoutSearchHtml(layout: PageLayout, skip: (type: string) => boolean): string {
  const own = {
    sections: layout.sections.map((section) => ({
      ...section,
      blocks: section.blocks.filter((block) => !skip(block.type) && !blockDefinition(block.type)?.runsCode),
    })),
  };
  return renderLayout(own, () => undefined).html;
}
