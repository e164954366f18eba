import type { PageLayout } from './layout-schema.js';
import { blockDefinition } from './registry.js';
import { SECTION_PARTIAL } from './section-partial.js';
import { sectionView, type SectionView } from './section-design.js';

/** One block of a layout plan: what its partial `blocks/<type>.html` is rendered with (over the page context when `withPage`). */
export interface PlannedBlock {
  id: string;
  type: string;
  layout: PageLayout['sections'][number]['blocks'][number]['layout'];
  props: Record<string, unknown>;
  view: Record<string, unknown>;
  data?: unknown;
}

/** One section of a layout plan: `section.html` gets `{ id, design, view, blocks }`, each block with its `html`. */
export interface PlannedSection {
  id: string;
  design: PageLayout['sections'][number]['design'];
  view: SectionView;
  blocks: PlannedBlock[];
}

/**
 * A block layout ready to render through a theme's partials, as JSON: the worker renders it
 * (render-layout.ts), and `atelier dev` renders it with the local theme folder's partials
 * (docs/page-context.md "themeBlocks"). Blocks of types not built are left out.
 */
export interface LayoutPlan {
  sections: PlannedSection[];
}

/** The layout as a plan: each block's props and computed `view`, and its loader data from `blocks` (by block id). */
export function layoutPlan(layout: PageLayout, blocks?: ReadonlyMap<string, unknown>): LayoutPlan {
  return {
    sections: layout.sections.map((section) => ({
      id: section.id,
      design: section.design,
      view: sectionView(section.design),
      blocks: section.blocks.flatMap((block) => {
        const definition = blockDefinition(block.type);
        if (!definition) return [];
        const planned: PlannedBlock = { id: block.id, type: block.type, layout: block.layout, props: block.props, view: definition.view?.(block.props) ?? {} };
        const data = blocks?.get(block.id);
        if (data !== undefined) planned.data = data;
        return [planned];
      }),
    })),
  };
}

/** The default partials a set of plans renders with when a theme has none: `section.html` and `blocks/<type>.html`. */
export function defaultPartials(plans: readonly LayoutPlan[]): Record<string, string> {
  const out: Record<string, string> = { 'section.html': SECTION_PARTIAL };
  for (const plan of plans) {
    for (const section of plan.sections) {
      for (const block of section.blocks) {
        const definition = blockDefinition(block.type);
        if (definition) out[`blocks/${block.type}.html`] = definition.partial;
      }
    }
  }
  return out;
}
