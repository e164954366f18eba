import { describe, expect, it } from 'vitest';
import { dropAt, nest, step, unnest, withDepth, type TreeCategory } from './category-moves.js';

const row = (id: string, parentId: string | null, displayIndex = 0): TreeCategory => ({ id, name: id.toUpperCase(), parentId, type: parentId === null ? 'root' : 'category', displayIndex, count: 0 });
// root > a (> a1, a2), b, c
const tree = [row('root', null), row('a', 'root', 0), row('a1', 'a', 0), row('a2', 'a', 1), row('b', 'root', 1), row('c', 'root', 2)];

describe('category moves', () => {
  it('knows each depth', () => {
    expect(withDepth(tree).map((r) => [r.id, r.depth])).toEqual([['root', 0], ['a', 1], ['a1', 2], ['a2', 2], ['b', 1], ['c', 1]]);
  });

  it('steps among siblings, not past the ends, never the root', () => {
    expect(step(tree, 'b', -1)).toEqual({ parentId: 'root', index: 0 });
    expect(step(tree, 'c', 1)).toBeNull();
    expect(step(tree, 'a', -1)).toBeNull();
    expect(step(tree, 'root', 1)).toBeNull();
  });

  it('nests under the sibling above as its last child; un-nests right after the parent', () => {
    expect(nest(tree, 'b')).toEqual({ parentId: 'a', index: 2 });
    expect(nest(tree, 'a')).toBeNull();
    expect(unnest(tree, 'a1')).toEqual({ parentId: 'root', index: 1 });
    expect(unnest(tree, 'b')).toBeNull();
  });

  it('drops on a row: its place; never inside itself or beside the root', () => {
    expect(dropAt(tree, 'c', 'a')).toEqual({ parentId: 'root', index: 0 });
    expect(dropAt(tree, 'a', 'c')).toEqual({ parentId: 'root', index: 2 });
    expect(dropAt(tree, 'b', 'a2')).toEqual({ parentId: 'a', index: 1 });
    expect(dropAt(tree, 'a', 'a1')).toBeNull();
    expect(dropAt(tree, 'b', 'root')).toBeNull();
  });
});
