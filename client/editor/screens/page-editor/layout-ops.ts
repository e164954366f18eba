import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { sectionDesign } from '../../../../blocks/section-design.js';
import { blockDefinition } from '../../../../blocks/registry.js';

type Section = PageLayout['sections'][number];
type Block = Section['blocks'][number];

/** A short id unused in `layout` (ids are unique across sections and blocks). */
export function freshId(layout: PageLayout, prefix: 'b' | 's', random: () => number = Math.random): string {
  const used = new Set(layout.sections.flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]));
  for (;;) {
    const id = `${prefix}${Math.floor(random() * 36 ** 6).toString(36)}`;
    if (!used.has(id)) return id;
  }
}

/** The first desktop grid row below every block of `section`: a new full-width block there overlaps nothing. */
export function nextFreeRow(section: Section): number {
  return section.blocks.reduce((row, b) => Math.max(row, b.layout.desktop.row + b.layout.desktop.rows), 1);
}

/** A new section after `index` (at the end when omitted), with the default design (light, medium, inset). */
export function addSection(layout: PageLayout, id: string, index = layout.sections.length - 1): PageLayout {
  const sections = [...layout.sections];
  sections.splice(index + 1, 0, { id, design: sectionDesign.parse(undefined), blocks: [] });
  return { sections };
}

/** A block of `type` with its schema's defaults, full width on the next free row of section `s`. */
export function addBlock(layout: PageLayout, s: number, type: string, id: string): PageLayout {
  const definition = blockDefinition(type);
  const section = layout.sections[s];
  if (!definition || !section) return layout;
  const props = definition.props.parse({}) as Record<string, unknown>;
  const block: Block = { id, type, props, layout: { desktop: { col: 1, row: nextFreeRow(section), span: 12, rows: 1 } } };
  return replaceSection(layout, s, { ...section, blocks: [...section.blocks, block] });
}

function replaceSection(layout: PageLayout, s: number, section: Section): PageLayout {
  return { sections: layout.sections.map((old, i) => (i === s ? section : old)) };
}

/** Swaps `list[i]` with its neighbour `i + by`; the same list when that leaves it. */
function swap<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  const next = [...list];
  if (j < 0 || j >= list.length) return next;
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/**
 * Moves block `b` of section `s` up or down: it trades its desktop (and phone) placement
 * with its neighbour in the outline, so the page order and the grid stay free of overlaps.
 */
export function moveBlock(layout: PageLayout, s: number, b: number, by: -1 | 1): PageLayout {
  const section = layout.sections[s];
  const a = section?.blocks[b];
  const other = section?.blocks[b + by];
  if (!section || !a || !other) return layout;
  const blocks = swap(section.blocks, b, by);
  // The earlier of the two keeps the earlier row; each keeps its own height.
  const [first, second] = by === -1 ? [a, other] : [other, a];
  const top = Math.min(a.layout.desktop.row, other.layout.desktop.row);
  const firstAt = { ...first.layout.desktop, row: top };
  const secondAt = { ...second.layout.desktop, row: top + first.layout.desktop.rows };
  const placed = blocks.map((blk) =>
    blk === first ? { ...blk, layout: { ...blk.layout, desktop: firstAt } } : blk === second ? { ...blk, layout: { ...blk.layout, desktop: secondAt } } : blk,
  );
  // Blocks below keep their rows unless the pair now reaches them.
  return replaceSection(layout, s, { ...section, blocks: settle(placed) });
}

/** Pushes a block down while it overlaps an earlier one of the section (after a move or a resize). */
function settle(blocks: Block[]): Block[] {
  const placed: Block[] = [];
  for (const block of blocks) {
    let desktop = block.layout.desktop;
    const clash = () => placed.some((p) => overlap(p.layout.desktop, desktop));
    while (clash()) desktop = { ...desktop, row: desktop.row + 1 };
    placed.push(desktop === block.layout.desktop ? block : { ...block, layout: { ...block.layout, desktop } });
  }
  return placed;
}

type Placement = Block['layout']['desktop'];
function overlap(a: Placement, b: Placement): boolean {
  return a.col < b.col + b.span && b.col < a.col + a.span && a.row < b.row + b.rows && b.row < a.row + a.rows;
}

export function deleteBlock(layout: PageLayout, s: number, b: number): PageLayout {
  const section = layout.sections[s];
  if (!section) return layout;
  return replaceSection(layout, s, { ...section, blocks: section.blocks.filter((_, i) => i !== b) });
}

export function moveSection(layout: PageLayout, s: number, by: -1 | 1): PageLayout {
  return { sections: swap(layout.sections, s, by) };
}

export function deleteSection(layout: PageLayout, s: number): PageLayout {
  return { sections: layout.sections.filter((_, i) => i !== s) };
}

export function setSectionDesign(layout: PageLayout, s: number, design: Partial<Section['design']>): PageLayout {
  const section = layout.sections[s];
  return section ? replaceSection(layout, s, { ...section, design: { ...section.design, ...design } }) : layout;
}

export function setBlockProps(layout: PageLayout, s: number, b: number, props: Record<string, unknown>): PageLayout {
  const section = layout.sections[s];
  if (!section?.blocks[b]) return layout;
  return replaceSection(layout, s, { ...section, blocks: section.blocks.map((blk, i) => (i === b ? { ...blk, props } : blk)) });
}

/**
 * A copy of block `b` of section `s` with the id `id`, placed right below it in the outline
 * and on the grid (same columns, the rows under the original); blocks below are pushed down
 * while they overlap, so the section stays free of overlaps. The props are a deep copy.
 */
export function duplicateBlock(layout: PageLayout, s: number, b: number, id: string): PageLayout {
  const section = layout.sections[s];
  const original = section?.blocks[b];
  if (!section || !original) return layout;
  const desktop = { ...original.layout.desktop, row: original.layout.desktop.row + original.layout.desktop.rows };
  const mobile = original.layout.mobile ? { ...original.layout.mobile, row: original.layout.mobile.row + original.layout.mobile.rows } : undefined;
  const copy: Block = { ...original, id, props: structuredClone(original.props), layout: mobile ? { desktop, mobile } : { desktop } };
  const blocks = [...section.blocks];
  blocks.splice(b + 1, 0, copy);
  return replaceSection(layout, s, { ...section, blocks: settle(blocks) });
}
