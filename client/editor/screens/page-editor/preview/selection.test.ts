import { describe, expect, it } from 'vitest';
import { sectionDesign } from '../../../../../blocks/section-design.js';
import type { PageLayout } from '../../../../../blocks/layout-schema.js';
import { selectionOf, targetOf } from './selection.js';

const at = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };
const layout: PageLayout = {
  sections: [
    { id: 's1', design: sectionDesign.parse({}), blocks: [{ id: 'b1', type: 'spacer', props: {}, layout: at }] },
    { id: 's2', design: sectionDesign.parse({}), blocks: [{ id: 'b2', type: 'spacer', props: {}, layout: at }, { id: 'b3', type: 'spacer', props: {}, layout: { desktop: { ...at.desktop, row: 2 } } }] },
  ],
};

describe('selection across the frame', () => {
  it('names the selection by id for the frame, and back', () => {
    expect(targetOf(layout, { section: 1, block: 1 })).toEqual({ kind: 'block', id: 'b3' });
    expect(targetOf(layout, { section: 0 })).toEqual({ kind: 'section', id: 's1' });
    expect(targetOf(layout, { section: 0, block: 7 })).toEqual({ kind: 'section', id: 's1' });
    expect(targetOf(layout, undefined)).toBeNull();
    expect(targetOf(layout, { section: 5 })).toBeNull();
    expect(selectionOf(layout, { kind: 'block', id: 'b3' })).toEqual({ section: 1, block: 1 });
    expect(selectionOf(layout, { kind: 'section', id: 's2' })).toEqual({ section: 1 });
    // An id the layout does not have (a render of an older draft): no selection change.
    expect(selectionOf(layout, { kind: 'block', id: 'gone' })).toBeUndefined();
    expect(selectionOf(layout, { kind: 'section', id: 'b1' })).toBeUndefined();
  });
});
