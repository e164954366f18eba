import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('is a plain GET form to /search', () => {
  expect(renderBlock('search')).toBe(
    '<form class="block-search" action="/search" method="get" role="search"><label class="sr-only" for="search-b">Search this site</label><input id="search-b" type="search" name="q" maxlength="200" placeholder="Search the shop" autocomplete="off"><button class="button" type="submit">Search</button></form>\n',
  );
});

it('escapes its texts', () => {
  const html = renderBlock('search', { label: '<b>Find</b>', placeholder: '" autofocus onfocus="alert(1)', buttonLabel: '<script>alert(1)</script>' });
  expect(html).toContain('placeholder="&quot; autofocus onfocus=&quot;alert(1)"');
  expect(html).toContain('>&lt;b&gt;Find&lt;/b&gt;</label>');
  expect(html).not.toContain('<script');
  expect(refusedFields('search', { buttonLabel: '' })).toBeDefined();
});
