import { describe, expect, it } from 'vitest';
import { fakeContext } from '../date/fake-context.js';
import { I18N_FORMATTERS as F } from './formatters.js';
import { compile, render } from '../../index.js';

describe('decimal', () => {
  const ctx = fakeContext();
  it('formats exact decimal strings', () => {
    expect(F.decimal('123456.7890', ['style:percent'], ctx, [])).toBe('12,345,679%');
    expect(F.decimal('123456.7890', ['maximumFractionDigits:1', 'round:down'], ctx, [])).toBe('123,456.7');
  });
  it('gives "" for non-finite values and missing locale data (SPEC §5)', () => {
    expect(F.decimal('abc', [], ctx, [])).toBe('');
    expect(F.decimal(undefined, [], ctx, [])).toBe('');
    expect(F.decimal('1', [], fakeContext({ locale: null }), [])).toBe('');
  });
});

describe('message', () => {
  const ctx = fakeContext({ data: { n: 2, who: 'Ann', place: 3, money: { decimalValue: '5', currencyCode: 'USD' } } });
  it('binds positional and named arguments', () => {
    expect(F.message('{0} has {1 plural one{# item} other{# items}}', ['who', 'n'], ctx, [])).toBe('Ann has 2 items');
    expect(F.message('{x} came {0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', ['place', 'x=who'], ctx, [])).toBe(
      'Ann came 3rd',
    );
  });
  it('prefers exact =N choices and counts visible fraction digits', () => {
    expect(F.message('{0 plural =2{two!} other{#}}', ['n'], ctx, [])).toBe('two!');
    const c = fakeContext({ data: { v: '1.0' } });
    expect(F.message('{0 plural one{ONE} other{OTHER}}', ['v'], c, [])).toBe('OTHER');
  });
  it('formats money arguments and leaves bad ones empty', () => {
    expect(F.message('{0 money}|{1 money}', ['money', 'who'], ctx, [])).toBe('$5.00|');
    const edge = fakeContext({ data: { tax: { value: '5.09', currency: 'USD' } } });
    expect(F.message('Includes {amount money} tax.', ['amount:tax'], edge, [])).toBe('Includes $5.09 tax.');
  });
  it('renders "" without locale data', () => {
    expect(F.message('{0}', ['who'], fakeContext({ locale: null }), [])).toBe('');
  });
});

describe('message arguments and choices', () => {
  it('binds key:path and key=path by name and position, on every render of the same instruction', () => {
    const t = compile('{m|message a n:b k=c}');
    const m = '{0}/{1}/{2}|{n}/{k}';
    expect(render(t, { m, a: 'x', b: 'y', c: 'z' }).output).toBe('x/y/z|y/z');
    expect(render(t, { m, a: 1, b: 2, c: 3 }).output).toBe('1/2/3|2/3');
  });
  it('prefers an =N key, compared as a decimal, and parses nothing without one', () => {
    const t = compile('{m|message n}');
    const exact = '{0 plural =0{none} =1.50{one and a half} one{# one} other{# other}}';
    expect(['0', 0, '1.5', 1, '2'].map((n) => render(t, { m: exact, n }).output)).toEqual(['none', 'none', 'one and a half', '1 one', '2 other']);
    const plain = '{0 plural one{# one} other{# other}}';
    expect([1, '1', 'abc', 2].map((n) => render(t, { m: plain, n }).output)).toEqual(['1 one', '1 one', 'abc other', '2 other']);
  });
});
