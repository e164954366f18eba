import { describe, expect, it } from 'vitest';
import { Frame, findMacro, lookup, lookupHere, resolveName } from './scope.js';

const frames = () => {
  const root = new Frame({ a: { b: 1 }, site: 'S', list: [10, 20] });
  const section = new Frame({ title: 'T', a: undefined });
  section.setVar('@v', 'var');
  const item = new Frame({ name: 'n' });
  item.index = 2;
  return [root, section, item];
};

describe('scope lookup', () => {
  it('variables search outward from the innermost frame, then walk the path down', () => {
    expect(lookup(frames(), ['title'])).toBe('T');
    expect(lookup(frames(), ['a', 'b'])).toBe(1);
    expect(lookup(frames(), ['list', 1])).toBe(20);
    expect(lookup(frames(), ['nope'])).toBeUndefined();
  });

  it('@ is always the innermost value; @index and variables belong to their frame', () => {
    expect(lookup(frames(), ['@'])).toEqual({ name: 'n' });
    expect(resolveName('@index', frames()[2])).toBe(3);
    expect(resolveName('@index0', frames()[2])).toBe(2);
    expect(lookup(frames(), ['@v'])).toBe('var');
  });

  it('a stop frame ends the outward search', () => {
    const fs = frames();
    fs.push(new Frame({ own: 1 }, true));
    expect(lookup(fs, ['own'])).toBe(1);
    expect(lookup(fs, ['title'])).toBeUndefined();
  });

  it('section lookup reads the current node only', () => {
    expect(lookupHere(frames(), ['name'])).toBe('n');
    expect(lookupHere(frames(), ['title'])).toBeUndefined();
    expect(lookupHere(frames(), ['@'])).toEqual({ name: 'n' });
  });

  it('inherited properties are never found', () => {
    expect(lookup(frames(), ['toString'])).toBeUndefined();
    expect(lookup(frames(), ['a', '__proto__'])).toBeUndefined();
  });

  it('macros are found innermost first', () => {
    const fs = frames();
    const outer = { run: () => {} };
    const inner = { run: () => {} };
    (fs[0].macros = new Map()).set('m', outer);
    (fs[1].macros = new Map()).set('m', inner);
    expect(findMacro(fs, 'm')).toBe(inner);
    expect(findMacro(fs, 'x')).toBeUndefined();
  });
});
