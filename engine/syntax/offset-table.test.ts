import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from './assembler.js';
import { OffsetTable } from './offset-table.js';

describe('OffsetTable', () => {
  it('answers in post-order, as codegen asks (a block after its contents)', () => {
    const source = '{a}{.section b}{c}{.or}{d}{.if e}{.end}{.end}{f}{.repeated section g}{.alternates with}{.end}';
    const { tree, offsets } = parseTemplate(source);
    const found: number[] = [];
    const walk = (node: unknown): void => {
      if (!Array.isArray(node)) return;
      node.forEach(walk);
      const offset = typeof node[0] === 'number' ? offsets.get(node) : undefined;
      if (offset !== undefined) found.push(offset);
    };
    walk(tree[2]);
    const at = (tag: string) => source.indexOf(tag);
    expect(found).toEqual([at('{a}'), at('{c}'), at('{d}'), at('{.if e}'), at('{.or}'), at('{.section b}'), at('{f}'), at('{.repeated')]);
  });

  it('returns every recorded offset whatever the order of lookups, and nothing for unknown keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.array(fc.nat(), { maxLength: 200 }), (n, order) => {
        const table = new OffsetTable();
        const keys = Array.from({ length: n }, (_, i) => [i % 3 === 0 ? 2 : 1, i]);
        keys.forEach((key, i) => table.add(key, i * 10));
        for (const k of order) if (n > 0) expect(table.get(keys[k % n])).toBe((k % n) * 10);
        expect(table.get([1])).toBeUndefined();
        expect(table.size).toBe(n);
        expect([...table.keys()]).toEqual(keys);
      }),
      { numRuns: 300 },
    );
  });
});
