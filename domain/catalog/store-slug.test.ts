import { describe, expect, it } from 'vitest';
import { storeSlug } from './store-slug.js';

describe('storeSlug (SPEC §5 store URL slug)', () => {
  it('slugifies the title', () => {
    expect(storeSlug('Fern & Kiln Shop', 'Store', new Set())).toBe('fern-kiln-shop');
    expect(storeSlug('Café Crème', 'Store', new Set())).toBe('cafe-creme');
  });

  it('takes the fallback title when the slug is empty or shorter than 3 characters', () => {
    expect(storeSlug('', 'Store', new Set())).toBe('store');
    expect(storeSlug('!!!', 'Store', new Set())).toBe('store');
    expect(storeSlug('AB', 'Boutique', new Set())).toBe('boutique');
    expect(storeSlug('日本', 'Online Store', new Set())).toBe('online-store');
    expect(storeSlug('abc', 'Boutique', new Set())).toBe('abc');
  });

  it('never answers an empty slug, even from an empty fallback', () => {
    expect(storeSlug('', '', new Set())).toBe('store');
  });

  it('appends the next free numeric suffix to a taken slug', () => {
    expect(storeSlug('Shop', 'Store', new Set(['shop']))).toBe('shop-2');
    expect(storeSlug('Shop', 'Store', new Set(['shop', 'shop-2', 'shop-3']))).toBe('shop-4');
    // The next free number, not one past the highest.
    expect(storeSlug('Shop', 'Store', new Set(['shop', 'shop-3']))).toBe('shop-2');
    expect(storeSlug('X', 'Store', new Set(['store']))).toBe('store-2');
  });
});
