/**
 * The float path must show exactly what the 40-digit decimal path shows: random
 * values, units, option sets and locales, plus values built to sit on rounding
 * and best-fit boundaries, through formatUnit (which takes the float path where
 * it can) against convertUnit + formatAmount (always exact).
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatUnit, parseUnitArgs } from './format.js';
import { formatNumberUnit, formatTextUnit } from './fast-format.js';
import { fastConvert, fastDigits } from './fast-convert.js';
import { unitNamed } from './table.js';
import { exactText, PROPORTIONAL, rng, SEED } from './test-oracle.js';

const COMPACT = ['length', 'volume', 'liquid', 'area', 'mass', 'duration', 'bytes', 'angle'];

function randomValue(r: () => number): string {
  const digits = 1 + Math.floor(r() * 16);
  let s = '';
  for (let i = 0; i < digits; i++) s += Math.floor(r() * 10);
  const point = Math.floor(r() * (digits + 6)) - 6;
  const text = point <= 0 ? `0.${'0'.repeat(-point)}${s}` : point >= digits ? s : `${s.slice(0, point)}.${s.slice(point)}`;
  return (r() < 0.3 ? '-' : '') + text;
}

function randomArgs(r: () => number): string[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const from = pick(PROPORTIONAL);
  const same = PROPORTIONAL.filter((u) => u.category === from.category);
  const args = [`in:${from.name}`];
  const shape = r();
  if (shape < 0.4) args.push(`out:${pick(same).name}`);
  else if (shape < 0.6) args.push(`out:${[pick(same), pick(same), pick(same)].map((u) => u.name).join(',')}`);
  else if (shape < 0.8) args.push(`compact:${pick(COMPACT)}`);
  if (r() < 0.5) args.push(`maxfrac:${Math.floor(r() * 5)}`);
  if (r() < 0.2) args.push(`minfrac:${Math.floor(r() * 3)}`);
  if (r() < 0.5) args.push('group');
  args.push(`format:${pick(['narrow', 'short', 'long'])}`);
  return args;
}

describe('fast unit conversion', () => {
  it('shows what the exact path shows for 6000 random cases, and takes the float path for most', () => {
    const r = rng(SEED);
    let fast = 0;
    for (let i = 0; i < Number(process.env.FAST_UNIT_CASES ?? 6000); i++) {
      const value = randomValue(r);
      const args = randomArgs(r);
      const locale = r() < 0.5 ? 'en-US' : 'fr-FR';
      const v = new Decimal(value);
      const want = exactText(v, args, locale);
      expect(formatUnit(v, parseUnitArgs(args), locale), `${value} ${args.join(' ')} ${locale}`).toBe(want);
      const o = parseUnitArgs(args);
      const text = formatTextUnit(value, o, locale);
      if (text !== undefined) expect(text, `text ${value} ${args.join(' ')} ${locale}`).toBe(want);
      if (o.in && o.exact && fastConvert(v, o.in, o.exact, undefined, fastDigits(o.number)!) !== undefined) fast++;
    }
    expect(fast).toBeGreaterThan(1500); // of ~2400 with one out: unit
  });

  it('agrees on values built to sit on rounding and best-fit boundaries', () => {
    const cases: [string, string[]][] = [];
    for (const [from, to] of [['inch', 'foot'], ['foot', 'inch'], ['meter', 'kilometer'], ['second', 'minute'], ['byte', 'kilobyte'], ['gram', 'kilogram']]) {
      const k = unitNamed(to)!.factor.div(unitNamed(from)!.factor);
      for (const m of ['0.05', '0.15', '0.25', '1.5', '2.5', '0.005', '1', '12', '0.45', '1e9']) {
        for (const digits of [0, 1, 2]) {
          const value = k.mul(m).toFixed();
          cases.push([value, [`in:${from}`, `out:${to}`, `maxfrac:${digits}`]]);
          cases.push([`-${value}`, [`in:${from}`, `compact:${unitNamed(to)!.category}`, `maxfrac:${digits}`]]);
        }
      }
    }
    for (const value of ['0', '-0', '-0.0', '-0.04', '0.05', '-0.05', '1e-30', '-1e-30', '123456789012345.678']) {
      cases.push([value, ['in:meter', 'out:meter']], [value, ['in:inch', 'compact:length']]);
    }
    for (const [value, args] of cases) {
      for (const locale of ['en-US', 'fr-FR']) {
        const v = new Decimal(value);
        expect(formatUnit(v, parseUnitArgs(args), locale), `${value} ${args.join(' ')} ${locale}`).toBe(exactText(v, args, locale));
      }
    }
  });

  it('shows for a number what formatUnit shows for its Decimal: 4000 random doubles and option sets', () => {
    const r = rng(SEED + 1);
    let fast = 0;
    const specials = [0, -0, 1, -1, 0.5, 1e21, 1e-7, 123456.789, -2.5, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 2];
    for (let i = 0; i < Number(process.env.FAST_UNIT_CASES ?? 4000); i++) {
      const shape = r();
      // Short decimals, integers, and arbitrary doubles (all of their 17 digits).
      const x =
        i < specials.length ? specials[i] : shape < 0.4 ? Number(randomValue(r)) : shape < 0.7 ? Math.round(r() * 1e6) * (r() < 0.3 ? -1 : 1) : (r() - 0.3) * 10 ** Math.floor(r() * 30 - 10);
      const args = r() < 0.15 ? (r() < 0.5 ? [] : [`maxfrac:${Math.floor(r() * 4)}`, 'group']) : randomArgs(r);
      const locale = r() < 0.5 ? 'en-US' : 'fr-FR';
      const o = parseUnitArgs(args);
      const got = formatNumberUnit(x, o, locale);
      if (got === undefined) continue;
      fast++;
      expect(got, `${x} ${args.join(' ')} ${locale}`).toBe(formatUnit(new Decimal(x), o, locale));
    }
    expect(fast).toBeGreaterThan(2000);
  });

  it('declines what it cannot prove', () => {
    const inch = unitNamed('inch')!;
    const foot = unitNamed('foot')!;
    expect(fastConvert(new Decimal('6'), inch, foot, undefined, 0)).toBeUndefined(); // 0.5 ft
    expect(fastConvert(new Decimal('18'), inch, foot, undefined, 0)).toBeUndefined(); // 1.5 ft
    expect(fastConvert(new Decimal('12'), inch, foot, undefined, 1)).toEqual({ text: '1.0', unit: foot });
    expect(fastConvert(new Decimal('1e400'), inch, foot, undefined, 1)).toBeUndefined();
    expect(fastConvert(new Decimal('1e-400'), inch, foot, undefined, 1)).toBeUndefined();
    expect(fastConvert(new Decimal('20'), unitNamed('celsius')!, unitNamed('kelvin')!, undefined, 1)).toBeUndefined();
    expect(fastDigits({ maximumFractionDigits: 1, maximumSignificantDigits: 3 })).toBeUndefined();
    expect(fastDigits({ maximumFractionDigits: 1, roundingMode: 'trunc' })).toBeUndefined();
  });
});
