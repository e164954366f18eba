import { describe, expect, it } from 'vitest';
import { fakeContext } from '../date/fake-context.js';
import { I18N_FORMATTERS as F } from './formatters.js';

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
  });
  it('renders "" without locale data', () => {
    expect(F.message('{0}', ['who'], fakeContext({ locale: null }), [])).toBe('');
  });
});
