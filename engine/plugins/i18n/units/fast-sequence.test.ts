/**
 * The float sequence must give exactly what the 40-digit path gives: random values
 * (integers, short decimals, long decimals), unit sequences of every proportional
 * category, fraction digits and locales, through formatUnit and formatNumberUnit
 * (which take the float path where they can) against convertUnit + formatAmount.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatUnit, parseUnitArgs } from './format.js';
import { formatNumberUnit, formatTextUnit } from './fast-format.js';
import { fastSequence } from './fast-sequence.js';
import { unitNamed } from './table.js';
import { exactText, PROPORTIONAL, rng, SEED } from './test-oracle.js';

function randomValue(r: () => number): string {
  const shape = r();
  const sign = r() < 0.3 ? '-' : '';
  if (shape < 0.5) return sign + String(Math.floor(r() * 10 ** Math.floor(r() * 16)));
  const digits = 1 + Math.floor(r() * (shape < 0.8 ? 6 : 20));
  let s = '';
  for (let i = 0; i < digits; i++) s += Math.floor(r() * 10);
  const point = Math.floor(r() * (digits + 4)) - 2;
  return sign + (point <= 0 ? `0.${'0'.repeat(-point)}${s}` : point >= digits ? s : `${s.slice(0, point)}.${s.slice(point)}`);
}

function randomArgs(r: () => number): string[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const from = pick(PROPORTIONAL);
  const same = PROPORTIONAL.filter((u) => u.category === from.category);
  const size = 1 + Math.floor(r() * 4);
  const set = Array.from({ length: size }, () => pick(same).name);
  const args = [`in:${from.name}`, `sequence:${set.join(',')}`];
  if (r() < 0.6) args.push(`maxfrac:${Math.floor(r() * 4)}`);
  if (r() < 0.2) args.push(`minfrac:${Math.floor(r() * 3)}`);
  args.push(`format:${pick(['narrow', 'short', 'long'])}`);
  return args;
}

describe('fast unit sequences', () => {
  it('give what the exact path gives for 5000 random cases, and take the float path for most', () => {
    const r = rng(SEED);
    let fast = 0;
    const cases = Number(process.env.FAST_UNIT_CASES ?? 5000);
    for (let i = 0; i < cases; i++) {
      const value = randomValue(r);
      const args = randomArgs(r);
      const locale = r() < 0.5 ? 'en-US' : 'fr-FR';
      const v = new Decimal(value);
      const o = parseUnitArgs(args);
      const want = exactText(v, args, locale);
      expect(formatUnit(v, o, locale), `${value} ${args.join(' ')} ${locale}`).toBe(want);
      const x = Number(value);
      if (!Object.is(x, -0) && new Decimal(x).eq(v)) {
        const got = formatNumberUnit(x, o, locale);
        if (got !== undefined) expect(got, `number ${value} ${args.join(' ')} ${locale}`).toBe(want);
      }
      const text = formatTextUnit(value, o, locale);
      if (text !== undefined) expect(text, `text ${value} ${args.join(' ')} ${locale}`).toBe(want);
      const integer = v.isInteger() && Math.abs(v.toNumber()) <= Number.MAX_SAFE_INTEGER;
      if (o.sequence && fastSequence(v.toNumber(), v.isNegative() && !v.isZero(), integer, o.in!, o.sequence.map((u) => u.name), o.number.maximumFractionDigits!)) fast++;
    }
    expect(fast).toBeGreaterThan(cases * 0.6);
  });

  it('agrees on remainders that are exactly 0 or sit on a boundary', () => {
    const cases: [string, string[]][] = [];
    for (const [from, set] of [
      ['second', 'year,month,day'],
      ['second', 'day,hour,minute,second'],
      ['inch', 'foot,inch'],
      ['degree', 'degree,arc-minute,arc-second'],
      ['meter', 'kilometer,meter,centimeter'],
      ['kilogram', 'metric-ton,kilogram,gram'],
    ]) {
      const units = set.split(',').map((n) => unitNamed(n)!);
      const f = unitNamed(from)!.factor;
      for (const u of units) {
        for (const m of ['1', '2', '3', '0.5', '0.05', '0.25', '1.5', '2.45', '1e-9', '123456789']) {
          const value = u.factor.mul(m).div(f);
          for (const text of [value.toFixed(), value.toSignificantDigits(15).toFixed(), value.neg().toFixed()]) {
            for (const digits of [0, 1, 2]) cases.push([text, [`in:${from}`, `sequence:${set}`, `maxfrac:${digits}`]]);
          }
        }
      }
    }
    for (const value of ['0', '-0', '0.0', '-1e-30', '86400', '31556952', '2629746', '-3600']) cases.push([value, ['in:second', 'sequence:year,month,day,hour']]);
    for (const value of [' 3600 ', '+3600', '3600.0', '3.6e3', '36e2', '3600.00000000000000000001', '86399.99999999999999999', '1e-400', '-1e-320']) {
      cases.push([value, ['in:second', 'sequence:hour,minute,second']], [value, ['in:second', 'out:hour', 'maxfrac:3']]);
    }
    for (const [value, args] of cases) {
      for (const locale of ['en-US', 'fr-FR']) {
        const v = new Decimal(value.trim());
        const want = exactText(v, args, locale);
        expect(formatUnit(v, parseUnitArgs(args), locale), `${value} ${args.join(' ')} ${locale}`).toBe(want);
        const text = formatTextUnit(value, parseUnitArgs(args), locale);
        if (text !== undefined) expect(text, `text ${value} ${args.join(' ')} ${locale}`).toBe(want);
      }
    }
  });

  it('is exact on integers with integer ratios and declines near boundaries', () => {
    const second = unitNamed('second')!;
    const parts = fastSequence(3700, false, true, second, ['hour', 'minute', 'second'], 1);
    expect(parts?.map((p) => `${p.text} ${p.unit.name}`)).toEqual(['1 hour', '1 minute', '40.0 second']);
    expect(fastSequence(7200, true, true, second, ['hour', 'minute', 'second'], 1)?.map((p) => p.text)).toEqual(['-2']);
    // 1 day in seconds is exactly 1 day: a float path might make it 0.99999... or leave a tiny remainder.
    expect(fastSequence(86400.5, false, false, second, ['day', 'hour'], 1)).toBeDefined();
    expect(fastSequence(1 / 3, false, false, unitNamed('day')!, ['hour', 'minute'], 0)).toBeUndefined(); // exactly 8 hours
    expect(fastSequence(Infinity, false, false, second, ['hour'], 1)).toBeUndefined();
  });
});
