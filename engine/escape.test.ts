import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_LONG_TEXT, escapeAttr, escapeHtml } from './escape.js';

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

describe('escape', () => {
  it('replaces every special character and nothing else', () => {
    expect(escapeHtml('a & b <i>"x"</i>')).toBe('a &amp; b &lt;i&gt;"x"&lt;/i&gt;');
    expect(escapeAttr('"><script>&')).toBe('&quot;&gt;&lt;script&gt;&amp;');
    expect(escapeAttr('plain')).toBe('plain');
    expect(escapeHtml('')).toBe('');
  });

  it('matches a character-by-character replacement on any string', () => {
    const text = fc.array(fc.constantFrom('&', '<', '>', '"', "'", 'a', ' ', 'é', '😀'), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (s) => {
        expect(escapeAttr(s)).toBe(s.replace(/[&<>"]/g, (c) => ENTITY[c]));
        expect(escapeHtml(s)).toBe(s.replace(/[&<>]/g, (c) => ENTITY[c]));
      }),
      { numRuns: 500 },
    );
  });

  it('long texts (kept escaped by their full text) give the same result every time', () => {
    const reference = (s: string, attr: boolean) => s.replace(attr ? /[&<>"]/g : /[&<>]/g, (c) => ENTITY[c]);
    const long = fc
      .tuple(fc.array(fc.constantFrom('&', '<', '>', '"', 'a', 'é'), { minLength: MIN_LONG_TEXT, maxLength: MIN_LONG_TEXT * 2 }), fc.nat(50))
      .map(([a, n]) => a.join('') + 'x'.repeat(n));
    fc.assert(
      fc.property(long, (s) => {
        for (let i = 0; i < 2; i++) {
          // A fresh copy each time: only the text counts, not which string object it is.
          const copy = (s + ' ').slice(0, -1);
          expect(escapeAttr(copy)).toBe(reference(s, true));
          expect(escapeHtml(copy)).toBe(reference(s, false));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('texts differing in one character never share a result, past any cache bound', () => {
    const base = '"'.repeat(MIN_LONG_TEXT);
    for (let i = 0; i < 300; i++) {
      const s = base + String(i);
      expect(escapeAttr(s)).toBe('&quot;'.repeat(MIN_LONG_TEXT) + String(i));
      expect(escapeHtml(s)).toBe(s);
    }
    const huge = '<'.repeat(100_000);
    expect(escapeHtml(huge)).toBe('&lt;'.repeat(100_000));
  });
});
