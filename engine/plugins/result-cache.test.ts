import { describe, expect, it } from 'vitest';
import { compile, render } from '../index.js';
import { cachedResult, MAX_RESULTS, resultCache } from './result-cache.js';

const frozen = (...args: string[]) => Object.freeze(args);

describe('cachedResult', () => {
  it('runs make once per argument array, locale and value', () => {
    const cache = resultCache();
    const args = frozen('in:inch');
    let calls = 0;
    const make = (text: string) => () => (calls++, text);
    expect(cachedResult(cache, args, 'en-US', 1, make('a'))).toBe('a');
    expect(cachedResult(cache, args, 'en-US', 1, make('x'))).toBe('a');
    expect(cachedResult(cache, args, 'fr-FR', 1, make('b'))).toBe('b');
    expect(cachedResult(cache, args, 'en-US', '1', make('c'))).toBe('c');
    expect(cachedResult(cache, frozen('in:inch'), 'en-US', 1, make('d'))).toBe('d');
    expect(calls).toBe(4);
  });

  it('does not cache errors, unfrozen arguments, -0 or non-scalar values', () => {
    const cache = resultCache();
    const args = frozen();
    let calls = 0;
    const failing = () => (calls++, undefined);
    expect(cachedResult(cache, args, 'en-US', 5, failing)).toBe('');
    expect(cachedResult(cache, args, 'en-US', 5, failing)).toBe('');
    const counted = () => (calls++, 'v');
    cachedResult(cache, ['a'], 'en-US', 5, counted);
    cachedResult(cache, ['a'], 'en-US', 5, counted);
    cachedResult(cache, args, 'en-US', -0, () => (calls++, '-0'));
    expect(cachedResult(cache, args, 'en-US', 0, () => (calls++, '0'))).toBe('0');
    cachedResult(cache, args, 'en-US', { a: 1 }, counted);
    cachedResult(cache, args, 'en-US', { a: 1 }, counted);
    expect(calls).toBe(8);
  });

  it('stays bounded: a full table is cleared', () => {
    const cache = resultCache();
    const args = frozen();
    for (let i = 0; i <= MAX_RESULTS; i++) cachedResult(cache, args, 'en', i, () => String(i));
    let calls = 0;
    cachedResult(cache, args, 'en', 0, () => (calls++, '0'));
    cachedResult(cache, args, 'en', MAX_RESULTS, () => (calls++, 'n'));
    expect(calls).toBe(1);
  });
});

describe('unit results through the cache', () => {
  const source = '{a|unit in:inch out:foot}|{b|unit in:cubic-centimeter compact:volume group format:long}';
  const data = { a: '12345.6', b: 6227020800 };

  it('prints the same text on a repeat render as on a fresh compile, per locale', () => {
    const t = compile(source);
    const first = render(t, data).output;
    expect(first).toBe('1028.8′|8,144.6 cubic yards');
    expect(render(t, data).output).toBe(first);
    expect(render(compile(source), data).output).toBe(first);
    expect(render(t, data, { locale: 'fr-FR' }).output).toBe(render(compile(source), data, { locale: 'fr-FR' }).output);
    expect(render(t, data, { locale: 'fr-FR' }).output).not.toBe(first);
    expect(render(t, { a: '1', b: 1 }).output).toBe(render(compile(source), { a: '1', b: 1 }).output);
  });

  it('reports a failing conversion on every render', () => {
    const t = compile('{a|unit in:inch out:foot maxfrac:500}');
    const one = render(t, { a: 1 });
    const two = render(t, { a: 1 });
    expect(two.output).toBe(one.output);
    expect(one.errors.length).toBe(1);
    expect(two.errors.length).toBe(1);
  });
});
