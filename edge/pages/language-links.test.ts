import { describe, expect, it } from 'vitest';
import { localizeLinks } from './language-links.js';

describe('localizeLinks', () => {
  it('prefixes page links, form actions and account links, and leaves files, APIs and absolute URLs alone', () => {
    const html = [
      '<a href="/">', '<a href="/shop/mug?x=1">', '<form action="/search">', '<a href="/fr/about">', '<a href="/assets/a.png">',
      '<link href="/theme/assets/site.css">', '<a href="/account">', '<a href="//cdn.test/x">', '<a href="https://a.test/about">',
      '<img src="/shop">', '<a href="/sitemap.xml">', '<a data-href="/shop">',
    ].join('');
    expect(localizeLinks(html, '/fr')).toBe([
      '<a href="/fr/">', '<a href="/fr/shop/mug?x=1">', '<form action="/fr/search">', '<a href="/fr/about">', '<a href="/assets/a.png">',
      '<link href="/theme/assets/site.css">', '<a href="/fr/account">', '<a href="//cdn.test/x">', '<a href="https://a.test/about">',
      '<img src="/shop">', '<a href="/sitemap.xml">', '<a data-href="/shop">',
    ].join(''));
  });
});
