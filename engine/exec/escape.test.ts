import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeAttr, escapeHtml } from './escape.js';

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
});
