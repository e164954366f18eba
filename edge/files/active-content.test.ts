import { describe, expect, it } from 'vitest';
import { activeContentHeaders } from './active-content.js';
import { contentTypeOf, uploadContentTypeOf } from './content-types.js';

describe('active content', () => {
  it.each([
    ['a/logo.svg', 'image/svg+xml', false],
    ['files/page.html', 'text/html; charset=utf-8', true],
    ['files/feed.xml', 'application/xml', true],
    ['files/guide.pdf', 'application/pdf', true],
  ])('%s is sandboxed (attachment: %s)', (path, type, attachment) => {
    expect(uploadContentTypeOf(path)).toBe(type);
    const headers = activeContentHeaders(type, path);
    expect(headers['Content-Security-Policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(headers['Content-Disposition'] !== undefined).toBe(attachment);
  });

  it('leaves plain images and fonts alone', () => {
    expect(activeContentHeaders('image/png', 'a.png')).toEqual({});
    expect(activeContentHeaders('font/woff2', 'a.woff2')).toEqual({});
  });

  it('never lets an upload become a script or stylesheet the page policy trusts', () => {
    expect(contentTypeOf('x.js')).toMatch(/javascript/);
    for (const name of ['x.js', 'x.css', 'x.json', 'x.exe', 'noext']) expect(uploadContentTypeOf(name)).toBe('application/octet-stream');
  });

  it('quotes a safe download name', () => {
    expect(activeContentHeaders('application/pdf', 'f/we"ird name.pdf')['Content-Disposition']).toBe('attachment; filename="we_ird_name.pdf"');
  });
});
