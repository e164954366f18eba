import { describe, expect, it } from 'vitest';
import { parseLayout } from './layout-schema.js';
import { renderLayout } from './render-layout.js';
import { sectionView } from './section-design.js';

const block = { id: 'b1', type: 'horizontal-rule', props: {}, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } };
const check = (design: unknown) => parseLayout({ sections: [{ id: 's1', design, blocks: [block] }] });
const render = (design: unknown) => {
  const checked = check(design);
  if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
  const { html, errors } = renderLayout(checked.layout, () => undefined);
  expect(errors).toEqual([]);
  return html;
};

describe('section design', () => {
  it('renders a default section exactly as before the new settings', () => {
    expect(render({})).toBe(
      '<section class="page-section section-padding-medium section-theme-light" id="section-s1">\n  <div class="section-grid">\n' +
        '    <div class="block block-type-horizontal-rule" id="block-b1" style="--col: 1; --span: 12; --row: 1; --rows: 1"><hr class="block-horizontal-rule">\n</div>\n  </div>\n</section>\n',
    );
  });

  it('renders width, palette background, divider and rounded blocks as classes', () => {
    const html = render({ width: 'full', background: { type: 'palette', color: 'accent-soft' }, divider: 'wave', roundedBlocks: true });
    expect(html).toContain('<section class="page-section section-padding-medium section-theme-light section-width-full section-bg section-bg-accent-soft section-has-divider section-divider-wave section-rounded-blocks" id="section-s1">');
    expect(html).toContain('<div class="section-divider section-divider-shape-wave" aria-hidden="true"></div>\n</section>');
  });

  it('puts a checked hex colour in a custom property and nothing else in the style', () => {
    const html = render({ background: { type: 'color', hex: '#1F1d1a' } });
    expect(html).toContain(' section-bg section-bg-color" id="section-s1" style="--section-bg-color: #1F1d1a">');
    expect(render({ background: { type: 'color', hex: '#abc' } })).toContain('style="--section-bg-color: #abc"');
  });

  it('renders an image background as an img with the focal point as object-position', () => {
    const html = render({ background: { type: 'image', src: '/assets/kiln.jpg', focal: { x: 0.25, y: 0.8 } } });
    expect(html).toContain(' section-bg section-bg-image" id="section-s1">\n  <img class="section-bg-img" src="/assets/kiln.jpg" alt="" loading="lazy" style="object-position: 25% 80%">');
    expect(render({ background: { type: 'image', src: '/assets/a.jpg' } })).toContain('object-position: 50% 50%');
  });

  it('escapes an image path that carries quotes', () => {
    const html = render({ background: { type: 'image', src: '/assets/a"onerror="alert(1).jpg' } });
    expect(html).toContain('src="/assets/a&quot;onerror=&quot;alert(1).jpg"');
    expect(html).not.toContain('"onerror');
  });

  it.each([
    ['hex with CSS after it', { background: { type: 'color', hex: '#fff;background:url(//evil.test/x)' } }, 'layout.sections.0.design.background.hex'],
    ['a CSS expression', { background: { type: 'color', hex: 'expression(alert(1))' } }, 'layout.sections.0.design.background.hex'],
    ['a colour name', { background: { type: 'color', hex: 'red' } }, 'layout.sections.0.design.background.hex'],
    ['a palette colour the theme lacks', { background: { type: 'palette', color: 'red;}' } }, 'layout.sections.0.design.background.color'],
    ['a javascript: image', { background: { type: 'image', src: 'javascript:alert(1)' } }, 'layout.sections.0.design.background.src'],
    ['another origin\'s image', { background: { type: 'image', src: '//evil.test/a.jpg' } }, 'layout.sections.0.design.background.src'],
    ['an image outside /assets/', { background: { type: 'image', src: '/api/pages' } }, 'layout.sections.0.design.background.src'],
    ['a focal point off the image', { background: { type: 'image', src: '/assets/a.jpg', focal: { x: 2, y: 0 } } }, 'layout.sections.0.design.background.focal.x'],
    ['an unknown background type', { background: { type: 'url', src: 'x' } }, 'layout.sections.0.design.background.type'],
    ['extra background keys', { background: { type: 'none', style: 'color:red' } }, 'layout.sections.0.design.background'],
    ['an unknown divider', { divider: '"><script>' }, 'layout.sections.0.design.divider'],
    ['an unknown width', { width: '100vw' }, 'layout.sections.0.design.width'],
    ['a radius that is not a switch', { roundedBlocks: '22px' }, 'layout.sections.0.design.roundedBlocks'],
    ['an extra design key', { style: 'color:red' }, 'layout.sections.0.design'],
  ])('refuses %s', (_name, design, field) => {
    const checked = check(design);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.fields)).toContain(field);
  });

  it('drops a stored design that does not pass the schema any more instead of rendering it', () => {
    const tampered = { background: { type: 'color', hex: '#fff;color:red' }, divider: '"><b>' } as never;
    expect(sectionView(tampered)).toEqual({ classes: '', style: '', image: undefined, divider: undefined });
    expect(sectionView(undefined).classes).toBe('');
  });
});
