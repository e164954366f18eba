import { describe, expect, it } from 'vitest';
import { removeTags } from './text.js';

/** The character-at-a-time definition removeTags must match. */
function byCharacter(s: string): string {
  let out = '';
  let inTag = false;
  for (const ch of s) {
    if (ch === '<') inTag = true;
    else if (ch === '>') {
      if (inTag) out += ' ';
      inTag = false;
    } else if (!inTag) out += ch;
  }
  return out;
}

describe('removeTags', () => {
  it('matches the character-at-a-time definition on 20000 random strings, and its prefix with a limit', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['<', '>', 'a', 'b', ' ', '<p>', '</p>', 'é', '\u{1F600}'];
    for (let n = 0; n < 20000; n++) {
      let s = '';
      const len = Math.floor(next() * 40);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      const full = byCharacter(s);
      expect(removeTags(s), JSON.stringify(s)).toBe(full);
      const limit = Math.floor(next() * 12);
      const cut = removeTags(s, limit);
      expect(full.startsWith(cut) && (cut === full || cut.length >= limit), JSON.stringify([s, limit])).toBe(true);
    }
  });
  it('keeps words apart and drops a stray >', () => {
    expect(removeTags('<b>bold</b>x')).toBe(' bold x');
    expect(removeTags('a > b <i')).toBe('a  b ');
  });
});
