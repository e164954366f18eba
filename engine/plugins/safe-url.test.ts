import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.js';

describe('safeUrl', () => {
  it.each(['https://a.example/x', 'http://a', 'mailto:a@b.c', 'tel:+1', '/shop/mug', 'mug?x=1:2', '#top', '', '//cdn.example/a.js'])(
    'keeps %j',
    (url) => expect(safeUrl(url)).toBe(url),
  );

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', '\u0001javascript:x', 'java\tscript:x', 'jav\nascript:x', 'data:text/html,x', 'vbscript:x'])(
    'drops %j',
    (url) => expect(safeUrl(url)).toBe(''),
  );
});
