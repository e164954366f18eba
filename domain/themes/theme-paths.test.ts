import { describe, expect, it } from 'vitest';
import { THEME_LIMITS, THEME_PATH_TEXT, themePathProblem } from './theme-paths.js';

describe('theme file paths', () => {
  const existing = ['layout.html', 'partials/card.html', 'assets/site.css'];

  it('accepts a new relative path', () => {
    expect(themePathProblem('partials/list.html', existing)).toBeNull();
    expect(themePathProblem('blocks/text.html', existing)).toBeNull();
  });

  it('refuses empty, too long, absolute, dotted and odd paths', () => {
    expect(themePathProblem('', existing)).toBe(THEME_PATH_TEXT.empty);
    expect(themePathProblem('a'.repeat(THEME_LIMITS.pathLength + 1), existing)).toBe(THEME_PATH_TEXT.tooLong);
    for (const bad of ['/layout.html', '../x.html', 'partials/../x.html', 'a b.html', 'partials/', '.hidden', 'x//y.html']) {
      expect(themePathProblem(bad, existing), bad).toBe(THEME_PATH_TEXT.shape);
    }
  });

  it('refuses a path taken by a file, or clashing with a folder', () => {
    expect(themePathProblem('layout.html', existing)).toBe(THEME_PATH_TEXT.taken);
    expect(themePathProblem('partials', existing)).toBe(THEME_PATH_TEXT.folder);
    expect(themePathProblem('layout.html/x.html', existing)).toBe(THEME_PATH_TEXT.folder);
  });
});
