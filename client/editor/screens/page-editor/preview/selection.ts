import type { PageLayout } from '../../../../../blocks/layout-schema.js';
import type { PreviewTarget } from './messages.js';

/** The editor's selection (page-editor.tsx): a section, or a block of it, by index. */
export type Selection = { section: number; block?: number | undefined } | undefined;

/** The id the frame knows a selection by. */
export function targetOf(layout: PageLayout, selected: Selection): PreviewTarget | null {
  const section = selected ? layout.sections[selected.section] : undefined;
  if (!section || !selected) return null;
  if (selected.block === undefined) return { kind: 'section', id: section.id };
  const block = section.blocks[selected.block];
  return block ? { kind: 'block', id: block.id } : { kind: 'section', id: section.id };
}

/** The selection a frame target names, undefined when the layout has no such id (yet). */
export function selectionOf(layout: PageLayout, target: PreviewTarget): Selection {
  for (const [s, section] of layout.sections.entries()) {
    if (target.kind === 'section' && section.id === target.id) return { section: s };
    const b = section.blocks.findIndex((blk) => blk.id === target.id);
    if (target.kind === 'block' && b >= 0) return { section: s, block: b };
  }
  return undefined;
}
