import { describe, expect, it } from 'vitest';
import { parseApplyArgs } from './apply-args.js';

describe('parseApplyArgs', () => {
  it('has no @args without extra arguments', () => {
    expect(parseApplyArgs(['m'])).toEqual({ isolated: false });
  });

  it('collects key=value pairs and the private flag, ignoring the rest', () => {
    expect(parseApplyArgs(['name', 'foo=1', 'ignore', 'bar=2', 'private', 'ignoreme'])).toEqual({
      isolated: true,
      args: { foo: '1', bar: '2' },
    });
  });

  it('keeps everything after the first = in the value', () => {
    expect(parseApplyArgs(['m', 'q=a=b', 'e='])).toEqual({ isolated: false, args: { q: 'a=b', e: '' } });
  });

  it('gives an empty @args for private alone', () => {
    expect(parseApplyArgs(['m', 'private'])).toEqual({ isolated: true, args: {} });
  });
});
