import { expect, it } from 'vitest';
import { parseLayout } from '../layout-schema.js';
import { renderLayout } from '../render-layout.js';
import { refusedFields, renderBlock } from '../test-render.js';

const AT = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };

/** The block rendered over a page context, as a page of a multilingual site renders it. */
function withPage(props: Record<string, unknown>, page: Record<string, unknown>): string {
  const check = parseLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type: 'language-switcher', props, layout: AT }] }] });
  if (!check.ok) throw new Error(JSON.stringify(check.fields));
  const { html, errors } = renderLayout(check.layout, () => undefined, { locale: 'en-US' }, { page });
  expect(errors).toEqual([]);
  return html;
}

const LANGUAGES = {
  xDefault: 'https://shop.test/about',
  showSwitcher: true,
  items: [
    { code: 'en-US', name: 'English', url: 'https://shop.test/about', current: false },
    { code: 'fr', name: 'Français', url: 'https://shop.test/fr/about', current: true },
  ],
};

it('links each language to the same page, the current one marked', () => {
  const html = withPage({}, { languages: LANGUAGES });
  expect(html).toContain(
    '<nav class="block-language-switcher block-language-switcher-row" aria-label="Language"><ul>'
      + '<li><a href="https://shop.test/about" hreflang="en-US" lang="en-US">English</a></li>'
      + '<li><a href="https://shop.test/fr/about" hreflang="fr" lang="fr" aria-current="true">Français</a></li></ul></nav>',
  );
  const codes = withPage({ codes: true, display: 'column', label: 'Langue' }, { languages: LANGUAGES });
  expect(codes).toContain('class="block-language-switcher block-language-switcher-column" aria-label="Langue"');
  expect(codes).toContain('lang="fr" aria-current="true">fr</a>');
});

it('renders nothing on a site with one language', () => {
  expect(renderBlock('language-switcher', {}).trim()).toBe('');
  expect(withPage({}, { website: { id: 'w' } })).not.toContain('<nav');
});

it('escapes the label and the URLs, and refuses props it does not know', () => {
  const hostile = {
    ...LANGUAGES,
    items: [{ code: 'fr"><b', name: '<script>x</script>', url: 'https://shop.test/fr/a"onmouseover="x', current: false }],
  };
  const html = withPage({ label: '"><script>alert(1)</script>' }, { languages: hostile });
  expect(html).not.toContain('<script');
  expect(html).toContain('aria-label="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  expect(html).toContain('href="https://shop.test/fr/a&quot;onmouseover=&quot;x"');
  expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
  expect(refusedFields('language-switcher', { display: 'grid' })).toHaveProperty(['layout.sections.0.blocks.0.props.display']);
  expect(refusedFields('language-switcher', { href: '/x' })).toBeDefined();
});
