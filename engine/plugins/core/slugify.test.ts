import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.js';

describe('slugify', () => {
  it('lower-cases and joins words with dashes', () => {
    expect(slugify('International Moose Count Finally Underway')).toBe('international-moose-count-finally-underway');
  });

  it('drops punctuation and non-ASCII letters', () => {
    expect(slugify("If Strike Isn't Settled Quickly, It May Last Awhile")).toBe(
      'if-strike-isnt-settled-quickly-it-may-last-awhile',
    );
    expect(slugify('Café au lait!')).toBe('caf-au-lait');
  });

  it('collapses whitespace runs and keeps existing dashes', () => {
    expect(slugify('a  \t b-c')).toBe('a-b-c');
    expect(slugify('')).toBe('');
  });
});
