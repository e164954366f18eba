import { describe, expect, it } from 'vitest';
import { parseLayout, type PageLayout } from '../../../../../blocks/layout-schema.js';
import { sectionDesign } from '../../../../../blocks/section-design.js';
import { addBlock } from '../layout-ops.js';
import { findFreeSpot, insideGrid, moved, obstacles, overlaps, place, resetMobile, resized, setPlacement, shownPlacements, type Placement } from './grid-ops.js';

const p = (col: number, row: number, span: number, rows: number): Placement => ({ col, row, span, rows });
const layout: PageLayout = {
  sections: [
    {
      id: 's1',
      design: sectionDesign.parse({}),
      blocks: [
        { id: 'a', type: 'spacer', props: {}, layout: { desktop: p(1, 1, 6, 2) } },
        { id: 'b', type: 'spacer', props: {}, layout: { desktop: p(7, 1, 6, 1) } },
        { id: 'c', type: 'spacer', props: {}, layout: { desktop: p(1, 3, 12, 1) } },
      ],
    },
  ],
};
const blocks = layout.sections[0]!.blocks;

describe('grid cells', () => {
  it('finds overlaps by shared cells only (touching edges do not overlap)', () => {
    expect(overlaps(p(1, 1, 6, 2), p(6, 2, 2, 1))).toBe(true);
    expect(overlaps(p(1, 1, 6, 2), p(7, 1, 6, 1))).toBe(false);
    expect(overlaps(p(1, 1, 6, 2), p(1, 3, 12, 1))).toBe(false);
  });

  it('keeps placements inside columns 1..12 and rows from 1', () => {
    expect(insideGrid(p(1, 1, 12, 1))).toBe(true);
    expect(insideGrid(p(2, 1, 12, 1))).toBe(false);
    expect(insideGrid(p(0, 1, 2, 1))).toBe(false);
    expect(insideGrid(p(1, 0, 2, 1))).toBe(false);
    expect(insideGrid(p(1, 1, 0, 1))).toBe(false);
    expect(insideGrid(p(1, 1, 1, 0))).toBe(false);
    expect(insideGrid(p(1, 1, 1, 101))).toBe(false);
  });
});

describe('moving and resizing by whole cells', () => {
  it('moves a block into free cells and refuses overlaps and the grid edges', () => {
    const others = obstacles(blocks, 1, 'desktop');
    // b (7,1,6,1) one row down: free (a ends at column 6, c starts at row 3).
    expect(place(moved(blocks[1]!.layout.desktop, 0, 1), others)).toEqual({ ok: true, placement: p(7, 2, 6, 1) });
    // One column left: a's cells.
    expect(place(moved(blocks[1]!.layout.desktop, -1, 0), others)).toEqual({ ok: false, reason: 'overlap', with: 0 });
    // One column right: past column 12.
    expect(place(moved(blocks[1]!.layout.desktop, 1, 0), others)).toEqual({ ok: false, reason: 'outside' });
    // Up from row 1.
    expect(place(moved(blocks[1]!.layout.desktop, 0, -1), others)).toEqual({ ok: false, reason: 'outside' });
    // Two rows down: c's row.
    expect(place(moved(blocks[1]!.layout.desktop, 0, 2), others)).toEqual({ ok: false, reason: 'overlap', with: 2 });
  });

  it('resizes from the top-left corner, never below one cell nor into a neighbour', () => {
    const others = obstacles(blocks, 0, 'desktop');
    expect(place(resized(blocks[0]!.layout.desktop, -1, 0), others)).toEqual({ ok: true, placement: p(1, 1, 5, 2) });
    expect(place(resized(blocks[0]!.layout.desktop, 1, 0), others)).toMatchObject({ ok: false, reason: 'overlap', with: 1 });
    expect(place(resized(blocks[0]!.layout.desktop, 0, 1), others)).toMatchObject({ ok: false, reason: 'overlap', with: 2 });
    expect(place(resized(p(1, 1, 1, 1), -1, 0), [])).toEqual({ ok: false, reason: 'outside' });
  });

  it('writes a moved placement that the server takes, and refuses what it would refuse', () => {
    const ok = place(moved(blocks[1]!.layout.desktop, 0, 1), obstacles(blocks, 1, 'desktop'));
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(parseLayout(setPlacement(layout, 0, 1, 'desktop', ok.placement)).ok).toBe(true);
    // What place() refuses, parseLayout refuses too.
    expect(parseLayout(setPlacement(layout, 0, 1, 'desktop', p(6, 1, 6, 1))).ok).toBe(false);
  });
});

describe('free spots', () => {
  it('finds the first spot top to bottom, left to right', () => {
    const taken = blocks.map((b) => b.layout.desktop);
    expect(findFreeSpot(taken, 6, 1)).toEqual(p(7, 2, 6, 1));
    expect(findFreeSpot(taken, 12, 1)).toEqual(p(1, 4, 12, 1));
    expect(findFreeSpot(taken, 4, 2)).toEqual(p(1, 4, 4, 2));
    expect(findFreeSpot([], 20, 1)).toEqual(p(1, 1, 12, 1));
    expect(findFreeSpot([], 3, 1, 5)).toEqual(p(1, 5, 3, 1));
  });

  it("addBlock puts a new block in a free spot: full width below the section's blocks, accepted by parseLayout", () => {
    const next = addBlock(layout, 0, 'button', 'd');
    const added = next.sections[0]!.blocks[3]!.layout.desktop;
    expect(added).toEqual(p(1, 4, 12, 1));
    expect(blocks.some((b) => overlaps(b.layout.desktop, added))).toBe(false);
    expect(parseLayout(next).ok).toBe(true);
  });
});

describe('the phone placement', () => {
  it('shows blocks without one stacked full width in order, around the ones that have one', () => {
    expect(shownPlacements(blocks, 'mobile')).toEqual([
      { placement: p(1, 1, 12, 1), own: false },
      { placement: p(1, 2, 12, 1), own: false },
      { placement: p(1, 3, 12, 1), own: false },
    ]);
    // b gets its own phone placement on row 1: a and c flow below it, in order.
    const withPhone = setPlacement(layout, 0, 1, 'mobile', p(1, 1, 6, 1));
    expect(withPhone.sections[0]!.blocks[1]!.layout).toEqual({ desktop: p(7, 1, 6, 1), mobile: p(1, 1, 6, 1) });
    expect(shownPlacements(withPhone.sections[0]!.blocks, 'mobile').map((s) => [s.placement.row, s.own])).toEqual([
      [2, false],
      [1, true],
      [3, false],
    ]);
    // Desktop placements are untouched and still checked by parseLayout; phone ones may overlap stacked blocks.
    expect(parseLayout(withPhone).ok).toBe(true);
    expect(shownPlacements(withPhone.sections[0]!.blocks, 'desktop').map((s) => s.placement)).toEqual(blocks.map((b) => b.layout.desktop));
  });

  it('checks a phone move only against the other phone placements, and resets to the desktop order', () => {
    const two = setPlacement(setPlacement(layout, 0, 1, 'mobile', p(1, 1, 6, 1)), 0, 2, 'mobile', p(7, 1, 6, 1));
    const list = two.sections[0]!.blocks;
    expect(obstacles(list, 1, 'mobile')).toEqual([undefined, undefined, p(7, 1, 6, 1)]);
    expect(place(moved(list[1]!.layout.mobile!, 1, 0), obstacles(list, 1, 'mobile'))).toMatchObject({ ok: false, reason: 'overlap', with: 2 });
    const reset = resetMobile(two, 0, 1);
    expect(reset.sections[0]!.blocks[1]!.layout).toEqual({ desktop: p(7, 1, 6, 1) });
    expect(reset.sections[0]!.blocks[2]!.layout.mobile).toEqual(p(7, 1, 6, 1));
    expect(resetMobile(layout, 3, 0)).toBe(layout);
  });
});
