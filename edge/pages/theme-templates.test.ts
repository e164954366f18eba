import { describe, expect, it } from 'vitest';
import { partialNames } from './theme-templates.js';

describe('partialNames', () => {
  it('names a file by path, path without .html and bare name when unique', () => {
    const names = partialNames(['home.html', 'partials/product-card.html', 'partials/nav.html', 'blocks/nav.html']);
    expect(names.get('home.html')).toEqual(['home.html', 'home']);
    expect(names.get('partials/product-card.html')).toEqual(['partials/product-card.html', 'partials/product-card', 'product-card']);
    expect(names.get('partials/nav.html')).toEqual(['partials/nav.html', 'partials/nav']);
  });
});
