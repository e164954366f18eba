import { describe, expect, it } from 'vitest';
import { stripTags } from './strip-tags.js';

describe('stripTags', () => {
  it('removes tags and keeps text', () => {
    expect(stripTags('<a href="/link">link</a> and <b>bold</b>')).toBe('link and bold');
  });

  it('never leaves an unterminated tag live', () => {
    expect(stripTags('ok <script src=x')).toBe('ok &lt;script src=x');
    expect(stripTags('<b>x</b><img onerror=alert(1) <i')).toBe('x&lt;img onerror=alert(1) &lt;i');
  });

  it('is linear on many unclosed brackets', () => {
    const text = '<'.repeat(1_000_000);
    expect(stripTags(text)).toHaveLength(4_000_000);
  });
});
