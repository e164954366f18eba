import { describe, expect, it } from 'vitest';
import { CORE_FORMATTERS } from './formatters.js';
import { fakeContext, type FakeScope } from './fake-context.js';

/** Run one formatter on `value` with `root` as data and optional inner scopes. */
function fmt(name: string, value: unknown, args: string[] = [], root: unknown = {}, ...scopes: FakeScope[]) {
  const ctx = fakeContext(root, ...scopes);
  return CORE_FORMATTERS[name](value, args, ctx, [value]);
}

describe('core formatters: text', () => {
  it('escapes html and attributes', () => {
    expect(fmt('html', '"< foo & bar >"')).toBe('"&lt; foo &amp; bar &gt;"');
    expect(fmt('htmlattr', '"< foo & bar >"')).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
    expect(fmt('htmltag', '"a"')).toBe('&quot;a&quot;');
    expect(fmt('html', 12)).toBe('12');
  });

  it('encodes spaces and URIs', () => {
    expect(fmt('encode-space', 'a b\tc')).toBe('a&nbsp;b&nbsp;c');
    expect(fmt('encode-uri', 'Coffee & Tea')).toBe('Coffee%20&%20Tea');
    expect(fmt('encode-uri-component', 'Coffee & Tea')).toBe('Coffee%20%26%20Tea');
    expect(fmt('encode-uri-component', '\ucee4\ud53c')).toBe('%EC%BB%A4%ED%94%BC');
    expect(fmt('encode-uri', "it's")).toBe("it's"); // JavaScript's encodeURI (differential d-encode-uri)
    expect(fmt('url-encode', '\u201ca b\u201d')).toBe('%E2%80%9Ca%20b%E2%80%9D');
  });

  it('converts to text', () => {
    expect([null, false, -15, 'x', { a: 1 }, [1]].map((v) => fmt('str', v))).toEqual(['', 'false', '-15', 'x', '', '']);
    expect([null, false, -15, 'x', { a: '1' }, [1, 'b']].map((v) => fmt('raw', v))).toEqual([
      'null', 'false', '-15', '"x"', '{"a":"1"}', '[1,"b"]',
    ]);
  });

  it('strips tags only from truthy values', () => {
    expect(fmt('safe', '<a href="/link">link</a>')).toBe('link');
    expect(fmt('safe', 0)).toBe(0);
  });

  it('truncates with the default and custom ellipsis', () => {
    const text = 'It was the best of times, it was the worst of times';
    expect(fmt('truncate', text, ['28'])).toBe('It was the best of times, ...');
    expect(fmt('truncate', text, ['28', ' ! ! !'])).toBe('It was the best of times,  ! ! !');
    expect(fmt('truncate', 'short')).toBe('short');
  });

  it('records an error for a non-integer truncate length', () => {
    const ctx = fakeContext({});
    expect(CORE_FORMATTERS.truncate('abc', ['x'], ctx, ['abc'])).toBe('abc');
    expect(ctx.errors).toHaveLength(1);
  });

  it('slugifies, smartens and outputs', () => {
    expect(fmt('slugify', 'Cold Wave Linked to Temperatures')).toBe('cold-wave-linked-to-temperatures');
    expect(fmt('smartypants', 'Larry--the lead')).toBe('Larry\u2014the lead');
    expect(fmt('output', undefined, ['abc', 'def', 'ghi'])).toBe('abc def ghi');
  });

  it('escapes closing tags in JSON and skips missing values', () => {
    expect(fmt('json', 'x</script>')).toBe('"x<\\/script>"');
    expect(fmt('json', undefined)).toBe('');
    expect(fmt('json-pretty', { t: 1 })).toBe('{\n  "t": 1\n}');
  });
});

describe('core formatters: numbers', () => {
  it('counts objects, lists and text', () => {
    expect([[0, 1, 2, 3], { a: 1, b: 2, c: 3 }, 'hi', 123, undefined].map((v) => fmt('count', v))).toEqual([4, 3, 2, 0, 0]);
  });

  it('cycles through its arguments, 1-based', () => {
    expect([1, 2, 3, 4, 5, 0].map((v) => fmt('cycle', v, ['a', 'b', 'c', 'd']))).toEqual(['a', 'b', 'c', 'd', 'a', 'd']);
  });

  it('takes the remainder, defaulting to 2', () => {
    expect([0, 1, 5, 7].map((v) => fmt('mod', v, ['3']))).toEqual([0, 1, 2, 1]);
    expect([0, 1, 5, '7', true].map((v) => fmt('mod', v))).toEqual([0, 1, 1, 1, 1]);
    expect(fmt('mod', 5, ['0'])).toBe(1);
    expect(fmt('mod', -7, ['3'])).toBe(-1);
  });

  it('rounds half up', () => {
    expect([-1.9, -1.5, -1.4, 1.4, 1.5].map((v) => fmt('round', v))).toEqual([-2, -1, -1, 1, 2]);
  });

  it('pluralizes', () => {
    expect([0, 1, 2].map((n) => fmt('pluralize', n, ['item', 'items']))).toEqual(['items', 'item', 'items']);
    expect([0, 1].map((n) => fmt('pluralize', n))).toEqual(['s', '']);
    expect([1, 2].map((n) => fmt('pluralize', n, ['es']))).toEqual(['', 'es']);
  });
});

describe('core formatters: lookups', () => {
  const root = {
    id: '123',
    key: 'name',
    paths: { name: ['person', 'name'] },
    objects: { '123': { name: 'Bob', person: { name: 'Robert' } } },
  };

  it('get walks keys and paths named by references', () => {
    expect(fmt('get', root.objects, ['id', 'key'], root)).toBe('Bob');
    expect(fmt('get', root.objects, ['id', 'paths.name'], root)).toBe('Robert');
    expect(fmt('get', root.objects, ['missing', 'id'], root)).toBeUndefined();
    expect(fmt('get', { '123': null }, ['id'], root)).toBeNull();
    expect(fmt('get', root.objects, [], root)).toBe(root.objects);
  });

  it('prop walks literal paths', () => {
    expect(fmt('prop', { bar: { quux: { baz: 'xyz' } } }, ['bar', 'quux', 'baz'])).toBe('xyz');
    expect(fmt('prop', ['foo', 'bar', 'baz'], ['2'])).toBe('baz');
    expect(fmt('prop', ['foo'], ['foo'])).toBeUndefined();
    expect(fmt('prop', { '0': 'foo' }, ['0'])).toBe('foo');
  });

  it('key-by indexes a list by a path', () => {
    const people = [{ name: 'Bob' }, { name: 'Joe' }, { other: 1 }];
    expect(fmt('key-by', people, ['name'])).toEqual({ Bob: people[0], Joe: people[1] });
    expect(fmt('key-by', 'x', ['name'])).toEqual({});
  });

  it('lookup resolves the reference held by a variable', () => {
    const data = { foo: { bar: 123 }, baz: 'bar', keys: { first: 'name' }, product: { name: 'Strat' } };
    expect(fmt('lookup', data.foo, ['baz'], data, { node: data.foo })).toBe(123);
    expect(fmt('lookup', data.product, ['keys.first'], data, { node: data.product })).toBe('Strat');
    expect(fmt('lookup', data, ['nope'], data)).toBeUndefined();
  });

  it('iter gives the 1-based loop index', () => {
    expect(fmt('iter', 'b', [], { keys: ['a', 'b'] }, { node: ['a', 'b'] }, { node: 'b', index: 2 })).toBe('2');
  });

  it('format substitutes resolved references', () => {
    expect(fmt('format', '{0} and {1}', ['foo', 'bar'], { foo: 'A', bar: 'B' })).toBe('A and B');
    expect(fmt('format', '{0}-{1}', ['n', 'missing'], { n: 3 })).toBe('3-');
  });
});

describe('core formatters: apply', () => {
  it('hands the value, isolation and @args to applyPartial', () => {
    const ctx = fakeContext({});
    const out = CORE_FORMATTERS.apply({ a: 1 }, ['m', 'x=1', 'private'], ctx, []);
    expect(out).toBe('<m>');
    expect(ctx.applied).toEqual([{ name: 'm', value: { a: 1 }, isolated: true, args: { x: '1' } }]);
  });

  it('passes no @args without extra arguments and gives nothing without a name', () => {
    const ctx = fakeContext({});
    CORE_FORMATTERS.apply('v', ['m'], ctx, []);
    expect(ctx.applied[0]).toEqual({ name: 'm', value: 'v', isolated: false, args: undefined });
    expect(CORE_FORMATTERS.apply('v', [], ctx, [])).toBe('');
  });
});
