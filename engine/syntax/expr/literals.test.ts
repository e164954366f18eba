import { describe, expect, it } from 'vitest';
import {
  DECIMAL_DUPLICATE_POINT,
  DECIMAL_NO_EXPONENT_DIGIT,
  DECIMAL_POINT_IN_EXPONENT,
  decodeStringBody,
  parseNumericString,
  scanDecimal,
} from './literals.js';

const scan = (s: string) => scanDecimal(s, 0, s.length);
const decode = (body: string) => decodeStringBody(`'${body}'`, 1, body.length + 1);

describe('scanDecimal', () => {
  it('accepts JavaScript decimals without a sign', () => {
    for (const s of ['0', '12', '1.', '0.1', '1e5', '1E+5', '1.5e-3']) expect(scan(s)).toBe(s.length);
  });
  it('stops at what cannot continue a number', () => {
    expect(scan('12abc')).toBe(2);
    expect(scan('1e5e3')).toBe(3);
    expect(scan('1e5+3')).toBe(3);
    expect(scan('1-2')).toBe(1);
  });
  it('names what is malformed', () => {
    expect(scan('1.2.3')).toBe(DECIMAL_DUPLICATE_POINT);
    expect(scan('1.5e5.')).toBe(DECIMAL_DUPLICATE_POINT);
    expect(scan('1e5.2')).toBe(DECIMAL_POINT_IN_EXPONENT);
    expect(scan('1e')).toBe(DECIMAL_NO_EXPONENT_DIGIT);
    expect(scan('1e+')).toBe(DECIMAL_NO_EXPONENT_DIGIT);
    expect(scan('1e+-5')).toBe(DECIMAL_NO_EXPONENT_DIGIT);
  });
});

describe('parseNumericString', () => {
  it('reads whole hex and decimal numbers with an optional sign', () => {
    expect(parseNumericString('')).toBe(0);
    expect(parseNumericString('-6.5')).toBe(-6.5);
    expect(parseNumericString('+3')).toBe(3);
    expect(parseNumericString('0x1f')).toBe(31);
    expect(parseNumericString('-0x10')).toBe(-16);
    expect(parseNumericString('1e3')).toBe(1000);
  });
  it('gives NaN for anything else', () => {
    for (const s of ['-', 'abc', ' 1', '1 ', '1px', '.5', '0x', '0x1g', '1.2.3']) {
      expect(parseNumericString(s)).toBeNaN();
    }
  });
});

describe('decodeStringBody', () => {
  it('decodes the escapes', () => {
    expect(decode('a\\nb\\tc\\fd\\re').value).toBe('a\nb\tc\fd\re');
    expect(decode('\\x41\\u2018\\U0001f600').value).toBe('A\u2018\u{1f600}');
    expect(decode("\\'\\\\\\q").value).toBe("'\\q");
  });
  it('turns unwanted control characters and out-of-range code points into spaces', () => {
    expect(decode('\\x01\\x0a\\u001f\\U00110000').value).toBe(' \n  ');
  });
  it('reports short or non-hex escapes at their backslash', () => {
    expect(decode('ab\\x4')).toEqual({ errorAt: 3, error: 'Invalid 2-char hex escape found' });
    expect(decode('\\u12g4')).toEqual({ errorAt: 1, error: 'Invalid unicode escape found' });
    expect(decode('\\U1234567')).toEqual({ errorAt: 1, error: 'Invalid unicode escape found' });
  });
});
