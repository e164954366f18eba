import { describe, expect, it } from 'vitest';
import { isReservedSlug, RESERVED_SLUGS, slugify } from './page-rules.js';

describe('page slugs', () => {
  it('folds accents, drops symbols and joins words with single hyphens', () => {
    expect(slugify('Café & Workshops!')).toBe('cafe-workshops');
    expect(slugify('  --Hello   World--  ')).toBe('hello-world');
    expect(slugify('<script>')).toBe('script');
    expect(slugify('***')).toBe('');
  });

  it('keeps at most 100 characters and never ends on a hyphen', () => {
    const slug = slugify(`${'a'.repeat(99)} b`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('refuses the paths the worker answers itself', () => {
    for (const slug of RESERVED_SLUGS) expect(isReservedSlug(slug)).toBe(true);
    expect(isReservedSlug('.hidden')).toBe(true);
    expect(isReservedSlug('workshops')).toBe(false);
  });
});
