import { describe, expect, it } from 'vitest';
import { compile, render } from '../index.js';
import { cachedResult, MAX_LOCALES, MAX_RESULTS, resultCache } from './result-cache.js';

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

describe('cachedResult per locale', () => {
  it('keeps the first value inline and later values beside it, per locale, strings apart from numbers', () => {
    const cache = resultCache();
    const args = frozen('x');
    let calls = 0;
    const make = (v: unknown, _a: readonly string[], locale: string) => (calls++, `${locale}:${typeof v}:${String(v)}`);
    for (let round = 0; round < 3; round++) {
      for (const locale of ['en', 'fr', 'de']) {
        for (const v of [1, '1', 2, 'a']) expect(cachedResult(cache, args, locale, v, make)).toBe(`${locale}:${typeof v}:${String(v)}`);
      }
    }
    expect(calls).toBe(12);
  });

  it('keeps a bounded number of locales per argument array', () => {
    const cache = resultCache();
    const args = frozen('x');
    let calls = 0;
    const make = (_v: unknown, _a: readonly string[], locale: string) => (calls++, locale);
    for (let i = 0; i < MAX_LOCALES * 3; i++) expect(cachedResult(cache, args, `l${i}`, 1, make)).toBe(`l${i}`);
    let depth = 0;
    for (let e = cache.get(args); e !== undefined; e = e.next) depth++;
    expect(depth).toBeLessThanOrEqual(MAX_LOCALES);
    // The latest locale is still remembered.
    cachedResult(cache, args, `l${MAX_LOCALES * 3 - 1}`, 1, make);
    expect(calls).toBe(MAX_LOCALES * 3);
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

describe('decimal results and plural categories through their caches', () => {
  it('formats each locale and value on its own and reports errors on every render', () => {
    const t = compile('{a|decimal}|{a|decimal maxfrac:500}');
    const en = render(t, { a: '1234.5678' });
    expect(en.output).toBe('1,234.568|');
    expect(render(t, { a: '1234.5678' }, { locale: 'de-DE' }).output).toBe('1.234,568|');
    expect(render(t, { a: 1234.5678 }).output).toBe('1,234.568|');
    expect(render(t, { a: '1234.5678' }).errors.length).toBe(en.errors.length);
    expect(en.errors.length).toBe(1);
  });

  it('chooses plural forms per value as written, type and locale', () => {
    const t = compile('{a|message n}');
    const msg = '{0 plural one{# item} other{# items}}';
    const one = (n: unknown, locale?: string) => render(t, { a: msg, n }, { locale }).output;
    expect([one(1), one('1'), one('1.0'), one(2), one(1)]).toEqual(['1 item', '1 item', '1.0 items', '2 items', '1 item']);
    const ordinal = compile('{a|message n}');
    const ord = '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}';
    expect([1, 2, 3, 4].map((n) => render(ordinal, { a: ord, n }).output)).toEqual(['1st', '2nd', '3rd', '4th']);
    expect(one(0, 'fr-FR')).toBe('0 item');
    expect(one(0)).toBe('0 items');
  });
});

describe('message placeholders share the unit and decimal caches', () => {
  it('print the same text as the formatters, per value and locale, on repeat renders', () => {
    const t = compile('{m|message a b}|{a|unit in:byte compact:bytes}|{b|decimal}');
    const m = '{0 unit in:byte compact:bytes} in {1 decimal}';
    for (const locale of ['en-US', 'fr-FR', 'en-US']) {
      for (const [a, b] of [[1307674368000, '1234.5678'], [1024, 2], [1307674368000, '1234.5678']]) {
        const [message, unit, decimal] = render(t, { m, a, b }, { locale }).output.split('|');
        expect(message).toBe(`${unit} in ${decimal}`);
      }
    }
    expect(render(t, { m, a: 1024, b: 2 }).output).toBe('1kB in 2|1kB|2');
  });
});
