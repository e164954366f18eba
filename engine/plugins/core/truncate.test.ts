import { describe, expect, it } from 'vitest';
import { parseLength, truncateText } from './truncate.js';

const DICKENS = 'It was the best of times, it was the worst of times, it was the age of wisdom';

describe('truncateText', () => {
  it('keeps text that fits', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('exact', 5)).toBe('exact');
  });

  it('backs up to the last whitespace within the limit', () => {
    expect(truncateText(DICKENS, 28)).toBe('It was the best of times, ...');
    expect(truncateText(DICKENS, 55, '!!')).toBe('It was the best of times, it was the worst of times, !!');
  });

  it('cuts mid-word when there is no whitespace', () => {
    expect(truncateText('abcdefghij', 4)).toBe('abcd...');
  });

  it('defaults to 100 characters with an ellipsis (SPEC §9)', () => {
    const long = 'x'.repeat(150);
    expect(truncateText(long)).toBe('x'.repeat(100) + '...');
  });

  it('treats a negative length as zero', () => {
    expect(truncateText('abc', -3)).toBe('...');
  });
});

describe('parseLength', () => {
  it('accepts integers only', () => {
    expect(parseLength('28')).toBe(28);
    expect(parseLength('-1')).toBe(-1);
    expect(parseLength('2.5')).toBeNull();
    expect(parseLength('ten')).toBeNull();
    expect(parseLength('99999999999')).toBeNull();
  });
});
