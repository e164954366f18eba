import { describe, expect, it } from 'vitest';
import { activateTwitterLinks } from './twitter-links.js';

describe('activateTwitterLinks', () => {
  it('links mentions and hashtags at the start or after a space', () => {
    expect(activateTwitterLinks('@a x#no #tag')).toBe(
      '<a target="new" href="https://twitter.com/a/">@a</a> x#no <a target="new" href="https://twitter.com/hashtag/tag?src=hash">#tag</a>',
    );
  });

  it('links URLs', () => {
    expect(activateTwitterLinks('see https://x.test/a?b=1.')).toBe(
      'see <a target="new" href="https://x.test/a?b=1">https://x.test/a?b=1</a>.',
    );
  });

  it('escapes the text first', () => {
    expect(activateTwitterLinks('<b>hi</b> & @a')).toBe(
      '&lt;b&gt;hi&lt;/b&gt; &amp; <a target="new" href="https://twitter.com/a/">@a</a>',
    );
  });
});
