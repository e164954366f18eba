import type { PageLayout } from './layout-schema.js';
import { blockDefinition } from './registry.js';
import { sectionDesign } from './section-design.js';
import type { PageStarter, SectionStarter } from './starters.js';

type Section = PageLayout['sections'][number];
type Block = Section['blocks'][number];

/**
 * A new section from `starter`: every block gets its schema's defaults under the starter's
 * props, and `newId` makes each section and block id (fresh for the layout it joins).
 * @example starterSection(SECTION_STARTERS[0], (prefix) => freshId(layout, prefix))
 */
export function starterSection(starter: SectionStarter, newId: (prefix: 's' | 'b') => string): Section {
  const blocks = starter.blocks.map((b): Block => {
    const definition = blockDefinition(b.type);
    if (!definition) throw new Error(`starter ${starter.name}: ${b.type} is not a block type`);
    return { id: newId('b'), type: b.type, props: definition.props.parse(b.props ?? {}) as Record<string, unknown>, layout: { desktop: { ...b.at } } };
  });
  return { id: newId('s'), design: sectionDesign.parse(starter.design ?? {}), blocks };
}

/** A page's first layout from `starter`, with ids from `newId` (each must be new: see starterSection). */
export function starterLayout(starter: PageStarter, newId: (prefix: 's' | 'b') => string): PageLayout {
  return { sections: starter.sections.map((s) => starterSection(s, newId)) };
}
