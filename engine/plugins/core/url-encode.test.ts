import { describe, expect, it } from 'vitest';
import { urlEncode } from './url-encode.js';

describe('urlEncode', () => {
  it('encodes the UTF-8 bytes of non-ASCII text', () => {
    expect(urlEncode('\u201c\u{1F60D}\u201d')).toBe('%E2%80%9C%F0%9F%98%8D%E2%80%9D');
    expect(urlEncode('\u201ca b\u201d')).toBe('%E2%80%9Ca%20b%E2%80%9D');
  });

  it('keeps the characters escape() keeps', () => {
    expect(urlEncode('aZ09@*_+-./')).toBe('aZ09@*_+-./');
    expect(urlEncode("!'()~&=?")).toBe('%21%27%28%29%7E%26%3D%3F');
  });
});
