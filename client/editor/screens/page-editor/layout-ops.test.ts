import { describe, expect, it } from 'vitest';
import { sectionDesign } from '../../../../blocks/section-design.js';
import { parseLayout, type PageLayout } from '../../../../blocks/layout-schema.js';
import { addBlock, addSection, deleteBlock, duplicateBlock, freshId, moveBlock, nextFreeRow } from './layout-ops.js';

const at = (col: number, row: number, span: number, rows: number) => ({ desktop: { col, row, span, rows } });
const base: PageLayout = {
  sections: [
    {
      id: 's1',
      design: sectionDesign.parse({}),
      blocks: [
        { id: 'a', type: 'spacer', props: {}, layout: at(1, 1, 6, 2) },
        { id: 'b', type: 'spacer', props: {}, layout: at(7, 2, 6, 3) },
      ],
    },
  ],
};

describe('placing blocks on the grid', () => {
  it('puts a new block on the first row below every block of the section', () => {
    expect(nextFreeRow(base.sections[0]!)).toBe(5);
    expect(nextFreeRow({ id: 's', design: sectionDesign.parse({ padding: 'small', theme: 'dark' }), blocks: [] })).toBe(1);
    const next = addBlock(base, 0, 'button', 'c');
    expect(next.sections[0]!.blocks[2]).toMatchObject({ id: 'c', type: 'button', props: { label: 'Learn more' }, layout: at(1, 5, 12, 1) });
    // The server takes it: no overlap, props filled by the schema.
    expect(parseLayout(next).ok).toBe(true);
  });

  it('adds to an empty new section at row 1 and leaves the input unchanged', () => {
    const withSection = addSection(base, 's2');
    const next = addBlock(withSection, 1, 'text', 't');
    expect(next.sections[1]!.blocks[0]!.layout.desktop.row).toBe(1);
    expect(base.sections).toHaveLength(1);
    expect(addBlock(base, 0, 'no-such-type', 'x')).toBe(base);
  });

  it('moves a block up by trading places, keeping the grid free of overlaps', () => {
    const three = addBlock(base, 0, 'text', 'c');
    const moved = moveBlock(three, 0, 2, -1);
    expect(moved.sections[0]!.blocks.map((b) => b.id)).toEqual(['a', 'c', 'b']);
    expect(parseLayout(moved).ok).toBe(true);
    const c = moved.sections[0]!.blocks[1]!.layout.desktop;
    const b = moved.sections[0]!.blocks[2]!.layout.desktop;
    expect(c.row).toBeLessThan(b.row);
    expect(moveBlock(three, 0, 0, -1).sections[0]!.blocks.map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  it('deletes a block and makes fresh ids', () => {
    expect(deleteBlock(base, 0, 0).sections[0]!.blocks.map((b) => b.id)).toEqual(['b']);
    let n = 0;
    const id = freshId(addBlock(base, 0, 'spacer', 'b0'), 'b', () => [0, 0.5][n++]!);
    expect(id).not.toBe('b0');
    expect(id.startsWith('b')).toBe(true);
  });
});

describe('duplicating a block', () => {
  it('places a deep copy with the new id right below the original and pushes overlapping blocks down', () => {
    const withText = addBlock(base, 0, 'text', 'c');
    const next = duplicateBlock(withText, 0, 0, 'a2');
    const blocks = next.sections[0]!.blocks;
    expect(blocks.map((b) => b.id)).toEqual(['a', 'a2', 'b', 'c']);
    // The copy takes the rows under the original, same columns.
    expect(blocks[1]!.layout.desktop).toEqual({ col: 1, row: 3, span: 6, rows: 2 });
    expect(blocks[1]!.type).toBe('spacer');
    // b (rows 2-4, cols 7-12) does not share a cell with the copy; c (row 5, full width) would, so it moves down.
    expect(blocks[2]!.layout.desktop).toEqual(base.sections[0]!.blocks[1]!.layout.desktop);
    expect(blocks[3]!.layout.desktop.row).toBe(5);
    expect(parseLayout(next).ok).toBe(true);
    // The input is unchanged.
    expect(withText.sections[0]!.blocks.map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('copies props deeply and the phone placement, and ignores a missing block', () => {
    const withButton = addBlock(base, 0, 'button', 'btn');
    const phone: PageLayout = {
      sections: [{ ...withButton.sections[0]!, blocks: withButton.sections[0]!.blocks.map((b) => (b.id === 'btn' ? { ...b, props: { ...b.props, nested: { n: 1 } }, layout: { ...b.layout, mobile: { col: 1, row: 4, span: 12, rows: 2 } } } : b)) }],
    };
    const next = duplicateBlock(phone, 0, 2, 'btn2');
    const [original, copy] = [next.sections[0]!.blocks[2]!, next.sections[0]!.blocks[3]!];
    expect(copy).toMatchObject({ id: 'btn2', type: 'button', layout: { mobile: { col: 1, row: 6, span: 12, rows: 2 } } });
    expect(copy.layout.desktop.row).toBe(original.layout.desktop.row + original.layout.desktop.rows);
    expect(copy.props).toEqual(original.props);
    expect(copy.props['nested']).not.toBe(original.props['nested']);
    expect(duplicateBlock(base, 0, 9, 'x')).toBe(base);
    expect(duplicateBlock(base, 3, 0, 'x')).toBe(base);
  });
});
