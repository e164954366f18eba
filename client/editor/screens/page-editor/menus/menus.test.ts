import { describe, expect, it } from 'vitest';
import { parseLayout, type PageLayout } from '../../../../../blocks/layout-schema.js';
import { blockGroups } from './block-search.js';
import { addStarterSection } from './starter-ops.js';

describe('the block menu search', () => {
  it('lists only groups with built blocks, and filters by block name or group', () => {
    const all = blockGroups('');
    expect(all.every((g) => g.blocks.length > 0)).toBe(true);
    expect(all.map((g) => g.group)).not.toContain('TOCK');
    expect(blockGroups('QUO').flatMap((g) => g.blocks.map((b) => b.name))).toEqual(['quote']);
    // "horizontal" finds horizontal-rule by its label.
    expect(blockGroups(' horizontal ').flatMap((g) => g.blocks.map((b) => b.name))).toEqual(['horizontal-rule']);
    // A group's name keeps all its blocks.
    const commerce = blockGroups('commerce');
    expect(commerce.map((g) => g.group)).toEqual(['COMMERCE']);
    expect(commerce[0]!.blocks).toEqual(all.find((g) => g.group === 'COMMERCE')!.blocks);
    expect(blockGroups('no such block')).toEqual([]);
  });
});

describe('starter sections in the editor', () => {
  const empty: PageLayout = { sections: [] };

  it('inserts a starter after the given section with fresh ids, or a blank section', () => {
    const one = addStarterSection(empty, -1, 'heading-text');
    const two = addStarterSection(one, 0, 'heading-text');
    expect(two.sections.map((s) => s.blocks.length)).toEqual([2, 2]);
    const ids = two.sections.flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]);
    expect(new Set(ids).size).toBe(6);
    expect(parseLayout(two).ok).toBe(true);
    // A blank section between them; unknown names are blank too.
    const three = addStarterSection(two, 0, undefined);
    expect(three.sections.map((s) => s.blocks.length)).toEqual([2, 0, 2]);
    expect(addStarterSection(empty, -1, 'nope').sections[0]!.blocks).toEqual([]);
  });

  it('keeps making new ids when the random source repeats one', () => {
    // The same number twice, then others: no id is given twice.
    const seq = [0.1, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
    let n = 0;
    const next = addStarterSection(empty, -1, 'call-to-action', () => seq[n++ % seq.length]!);
    const ids = next.sections.flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
