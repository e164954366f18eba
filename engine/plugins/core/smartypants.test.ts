import { describe, expect, it } from 'vitest';
import { smartypants } from './smartypants.js';

describe('smartypants', () => {
  it('curls apostrophes and double quotes', () => {
    expect(smartypants('Yes, I\'ve read both "Don Quixote" and "A Tale of Two Cities".')).toBe(
      'Yes, I\u2019ve read both \u201cDon Quixote\u201d and \u201cA Tale of Two Cities\u201d.',
    );
  });

  it('turns a double dash into an em dash', () => {
    expect(smartypants('Larry--the project lead--about')).toBe('Larry\u2014the project lead\u2014about');
  });

  it('opens single quotes after whitespace and at line starts', () => {
    expect(smartypants("'tis a 'word'")).toBe('\u2018tis a \u2018word\u2019');
    expect(smartypants("a\n'b'")).toBe('a\n\u2018b\u2019');
  });

  it('opens double quotes after brackets and slashes', () => {
    expect(smartypants('("x") /"y"')).toBe('(\u201cx\u201d) /\u201cy\u201d');
  });
});
