import { describe, expect, it } from 'vitest';
import { slugFromTitle, slugProblem } from './site-slug.js';

describe('site slugs', () => {
  it('accepts lower-case letters, digits and inner hyphens', () => {
    expect(slugProblem('fern-and-kiln-2')).toBeUndefined();
  });
  it('refuses other characters, edges, lengths and reserved words with a clear message', () => {
    expect(slugProblem('Fern')).toBe('Use only lower-case letters, digits and hyphens.');
    expect(slugProblem('a_b_c')).toBe('Use only lower-case letters, digits and hyphens.');
    expect(slugProblem('-abc')).toBe('A site address cannot start or end with a hyphen.');
    expect(slugProblem('ab')).toBe('Site addresses are 3 to 40 characters.');
    expect(slugProblem('x'.repeat(41))).toBe('Site addresses are 3 to 40 characters.');
    expect(slugProblem('www')).toBe('"www" is reserved. Choose another site address.');
    expect(slugProblem('admin')).toMatch(/reserved/);
  });
  it('suggests a slug from a title', () => {
    expect(slugFromTitle('Fern & Kiln!')).toBe('fern-kiln');
    expect(slugFromTitle('  Café Übersee ')).toBe('cafe-ubersee');
  });
});
