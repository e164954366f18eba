import { describe, expect, it } from 'vitest';
import { fileTree, isAndroid } from './theme-files.js';

describe('the theme code screen helpers', () => {
  it('builds a folder tree, folders before files, each in name order', () => {
    const tree = fileTree(['page.html', 'partials/b.html', 'assets/site.css', 'partials/a.html', 'layout.html', 'partials/blocks/text.html']);
    expect(tree.files.map((f) => f.path)).toEqual(['layout.html', 'page.html']);
    expect(tree.folders.map((f) => f.path)).toEqual(['assets', 'partials']);
    const partials = tree.folders[1]!;
    expect(partials.files.map((f) => f.name)).toEqual(['a.html', 'b.html']);
    expect(partials.folders[0]).toMatchObject({ name: 'blocks', path: 'partials/blocks', files: [{ name: 'text.html', path: 'partials/blocks/text.html' }] });
  });

  it('knows Android browsers from their user agent', () => {
    expect(isAndroid('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(true);
    expect(isAndroid('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(false);
    expect(isAndroid('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(false);
  });
});
