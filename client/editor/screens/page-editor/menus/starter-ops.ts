import type { PageLayout } from '../../../../../blocks/layout-schema.js';
import { starterSection } from '../../../../../blocks/starter-layout.js';
import { findStarter, SECTION_STARTERS } from '../../../../../blocks/starters.js';
import { addSection, freshId } from '../layout-ops.js';

/** Makes ids unused in `layout` and unique among those it made (freshId checks `layout` only). */
function idMaker(layout: PageLayout, random?: () => number): (prefix: 's' | 'b') => string {
  const made = new Set<string>();
  return (prefix) => {
    for (;;) {
      const id = freshId(layout, prefix, random);
      if (!made.has(id)) {
        made.add(id);
        return id;
      }
    }
  };
}

/**
 * A new section after `index`: from the section starter named `name` (fresh ids for every
 * block), or blank when `name` is undefined or unknown.
 */
export function addStarterSection(layout: PageLayout, index: number, name: string | undefined, random?: () => number): PageLayout {
  const starter = findStarter(SECTION_STARTERS, name);
  if (!starter) return addSection(layout, freshId(layout, 's', random), index);
  const sections = [...layout.sections];
  sections.splice(index + 1, 0, starterSection(starter, idMaker(layout, random)));
  return { sections };
}
