import { describe, expect, it } from 'vitest';
import { ROLE } from '../../../../domain/roles/roles.js';
import { canPublishTheme, fileTree, isAndroid, renamed, themeChanges } from './theme-files.js';

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

  it('lists a working set\'s changes on its base: added, changed, then removed', () => {
    const base = new Map([['a.html', 'A'], ['b.html', 'B'], ['c.html', 'C']]);
    const work = renamed(new Map([['a.html', 'A'], ['b.html', 'B2'], ['c.html', 'C']]), 'c.html', 'partials/c.html');
    work.set('d.html', '');
    expect(themeChanges(base, work)).toEqual([
      { path: 'b.html', content: 'B2' },
      { path: 'd.html', content: '' },
      { path: 'partials/c.html', content: 'C' },
      { path: 'c.html', content: null },
    ]);
    expect(themeChanges(base, new Map(base))).toEqual([]);
    expect([...renamed(base, 'b.html', 'z.html').keys()]).toEqual(['a.html', 'z.html', 'c.html']);
  });

  it('publishes for admins and website managers only', () => {
    expect(canPublishTheme([ROLE.admin])).toBe(true);
    expect(canPublishTheme([ROLE.websiteManager, ROLE.themeDeveloper])).toBe(true);
    expect(canPublishTheme([ROLE.themeDeveloper])).toBe(false);
  });
});
