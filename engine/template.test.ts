import { describe, expect, it } from 'vitest';
import { compile, instructionTree } from './index.js';

describe('Template', () => {
  it('has the instruction tree of its source, read when first asked for and kept', () => {
    const t = compile('a{.section b}{c|html}{.or}d{.end}{.unknown-thing}');
    const tree = t.tree;
    expect(tree[2]).toEqual([
      [0, 'a'],
      [2, ['b'], [[1, [['c']], [['html']]]], [7, 0, 0, [[0, 'd']], 3]],
      [0, '{.unknown-thing}'],
    ]);
    expect(tree).toEqual(instructionTree(t.source));
    expect(t.tree).toBe(tree);
    expect(Object.isFrozen(t)).toBe(true);
  });
});
