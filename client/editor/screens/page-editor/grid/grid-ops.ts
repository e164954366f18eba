import type { PageLayout } from '../../../../../blocks/layout-schema.js';

type Section = PageLayout['sections'][number];
type Block = Section['blocks'][number];
/** One block's cells on the 12-column grid: columns `col … col+span-1`, rows `row … row+rows-1`. */
export type Placement = Block['layout']['desktop'];
/** Which placement the grid edits: `desktop` (desktop and tablet frames) or `mobile` (the phone frame). */
export type GridTarget = 'desktop' | 'mobile';

export const COLUMNS = 12;
// The bounds of blocks/layout-schema.ts: rows start at 1, at most row 1000 and 100 rows tall.
const MAX_ROW = 1000;
const MAX_ROWS = 100;

/** True when two placements share a cell (the rule parseLayout applies to desktop placements). */
export function overlaps(a: Placement, b: Placement): boolean {
  return a.col < b.col + b.span && b.col < a.col + a.span && a.row < b.row + b.rows && b.row < a.row + a.rows;
}

/** True when `p` lies inside the grid: columns 1..12, row 1 and below, within the schema's bounds. */
export function insideGrid(p: Placement): boolean {
  return p.col >= 1 && p.span >= 1 && p.col + p.span - 1 <= COLUMNS && p.row >= 1 && p.rows >= 1 && p.rows <= MAX_ROWS && p.row + p.rows - 1 <= MAX_ROW;
}

/** Why a placement was refused: outside the grid, or the index (in `others`) of the block it would overlap. */
export type Refusal = { reason: 'outside' } | { reason: 'overlap'; with: number };
export type PlaceResult = { ok: true; placement: Placement } | ({ ok: false } & Refusal);

/**
 * Checks `next` against the grid's bounds and the `others` placements (undefined entries,
 * such as the block itself, are skipped).
 */
export function place(next: Placement, others: readonly (Placement | undefined)[]): PlaceResult {
  if (!insideGrid(next)) return { ok: false, reason: 'outside' };
  const clash = others.findIndex((o) => o !== undefined && overlaps(o, next));
  return clash >= 0 ? { ok: false, reason: 'overlap', with: clash } : { ok: true, placement: next };
}

/** `p` moved by whole cells. */
export function moved(p: Placement, dCol: number, dRow: number): Placement {
  return { ...p, col: p.col + dCol, row: p.row + dRow };
}

/** `p` made wider or narrower, taller or shorter (its top-left corner stays). */
export function resized(p: Placement, dSpan: number, dRows: number): Placement {
  return { ...p, span: p.span + dSpan, rows: p.rows + dRows };
}

/**
 * The first spot (top to bottom, then left to right, from row `fromRow`) where a
 * `span` × `rows` block overlaps none of `taken`.
 * @example findFreeSpot([{ col: 1, row: 1, span: 6, rows: 1 }], 6, 1) -> { col: 7, row: 1, span: 6, rows: 1 }
 */
export function findFreeSpot(taken: readonly Placement[], span: number, rows: number, fromRow = 1): Placement {
  const width = Math.min(Math.max(1, span), COLUMNS);
  for (let row = Math.max(1, fromRow); ; row++) {
    for (let col = 1; col + width - 1 <= COLUMNS; col++) {
      const spot = { col, row, span: width, rows };
      if (!taken.some((t) => overlaps(t, spot))) return spot;
    }
  }
}

/** Every block's placement for `target`, as the frame shows it, and whether the block has one of its own. */
export interface Shown {
  placement: Placement;
  /** False for a phone view block without `layout.mobile`: it stacks full width in order. */
  own: boolean;
}

/**
 * The section's blocks as the grid shows them. Desktop: each block's desktop placement.
 * Phone: a block's `layout.mobile` when it has one, else where the theme's CSS stacks it
 * (`grid-column: 1 / span 12`, row `auto`, 1 row): CSS grid places the explicit placements
 * first, then each stacked block in order on the first full-width row at or below the
 * previous one that none of them takes.
 */
export function shownPlacements(blocks: readonly Block[], target: GridTarget): Shown[] {
  if (target === 'desktop') return blocks.map((b) => ({ placement: b.layout.desktop, own: true }));
  const explicit = blocks.flatMap((b) => (b.layout.mobile ? [b.layout.mobile] : []));
  const flowed: Placement[] = [];
  let cursor = 1;
  return blocks.map((b) => {
    if (b.layout.mobile) return { placement: b.layout.mobile, own: true };
    const spot = findFreeSpot([...explicit, ...flowed], COLUMNS, 1, cursor);
    cursor = spot.row;
    flowed.push(spot);
    return { placement: spot, own: false };
  });
}

/**
 * The placements block `index` must not overlap when it changes on `target`: every other
 * block's desktop placement, or on the phone every other block's own `layout.mobile`
 * (stacked blocks flow around the explicit ones, as the frame does).
 */
export function obstacles(blocks: readonly Block[], index: number, target: GridTarget): (Placement | undefined)[] {
  return blocks.map((b, i) => (i === index ? undefined : target === 'desktop' ? b.layout.desktop : b.layout.mobile));
}

/** `layout` with block `b` of section `s` at `placement` on `target` (a phone placement is created when missing). */
export function setPlacement(layout: PageLayout, s: number, b: number, target: GridTarget, placement: Placement): PageLayout {
  return editBlock(layout, s, b, (block) => ({ ...block, layout: { ...block.layout, [target]: placement } }));
}

/** `layout` without block `b`'s phone placement: on the phone it follows the desktop order again (stacked). */
export function resetMobile(layout: PageLayout, s: number, b: number): PageLayout {
  return editBlock(layout, s, b, (block) => ({ ...block, layout: { desktop: block.layout.desktop } }));
}

function editBlock(layout: PageLayout, s: number, b: number, edit: (block: Block) => Block): PageLayout {
  const section = layout.sections[s];
  if (!section?.blocks[b]) return layout;
  const blocks = section.blocks.map((blk, i) => (i === b ? edit(blk) : blk));
  return { sections: layout.sections.map((old, i) => (i === s ? { ...section, blocks } : old)) };
}
