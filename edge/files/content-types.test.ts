import { describe, expect, it } from 'vitest';
import { contentTypeOf, filePath } from './content-types.js';

describe('static file helpers', () => {
  it('types files by extension', () => {
    expect(contentTypeOf('a/b.SVG')).toBe('image/svg+xml');
    expect(contentTypeOf('site.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('noext')).toBe('application/octet-stream');
  });

  it('decodes the path after the prefix and refuses bad ones', () => {
    expect(filePath('/assets/site/a%20b.jpg', '/assets')).toBe('site/a b.jpg');
    expect(filePath('/assets/', '/assets')).toBeUndefined();
    expect(filePath('/assets/%E0%A4%A', '/assets')).toBeUndefined();
    expect(filePath('/theme/../secret', '/theme')).toBeUndefined();
  });
});
