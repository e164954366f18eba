import { describe, expect, it } from 'vitest';
import { loadPartials, partialNames } from './template-files.js';
import { tempFiles } from './run-cli.js';

describe('partialNames', () => {
  it('names a file by its path with and without .html, and by its bare name when unique', () => {
    const names = partialNames(['partials/card.html', 'a/item.html', 'b/item.html', 'home.html']);
    expect(names.get('partials/card.html')).toEqual(['partials/card', 'partials/card.html', 'card']);
    expect(names.get('a/item.html')).toEqual(['a/item', 'a/item.html']);
    expect(names.get('home.html')).toEqual(['home', 'home.html']);
  });
});

describe('loadPartials', () => {
  it('reads every template of the tree and nothing else', () => {
    const dir = tempFiles({ 'p/x.html': 'X', 'y.html': 'Y', 'z.css': 'Z' });
    expect(loadPartials(dir)).toEqual({ 'p/x': 'X', 'p/x.html': 'X', x: 'X', y: 'Y', 'y.html': 'Y' });
  });

  it('names a missing directory', () => {
    expect(() => loadPartials('/no/such/dir')).toThrow('/no/such/dir: no such directory');
  });
});
