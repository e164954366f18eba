import { describe, expect, it } from 'vitest';
import { compile } from '../engine/index.js';
import { parseLayout } from './layout-schema.js';
import { renderLayout } from './render-layout.js';

const at = { desktop: { col: 3, row: 2, span: 8, rows: 1 } };
const layout = (...blocks: unknown[]) => {
  const check = parseLayout({ sections: [{ id: 'intro', design: { padding: 'large' }, blocks }] });
  if (!check.ok) throw new Error(JSON.stringify(check.fields));
  return check.layout;
};

describe('renderLayout', () => {
  it('renders each block in its section, placed on the grid', () => {
    const { html, errors } = renderLayout(layout({ id: 'b1', type: 'horizontal-rule', props: {}, layout: at }), () => undefined);
    expect(errors).toEqual([]);
    expect(html).toContain('<section class="page-section section-padding-large section-theme-light" id="section-intro">');
    expect(html).toContain('<div class="block block-type-horizontal-rule" id="block-b1" style="--col: 3; --span: 8; --row: 2; --rows: 1"><hr class="block-horizontal-rule">\n</div>');
  });

  it('adds the phone placement when the block has one', () => {
    const mobile = { ...at, mobile: { col: 1, row: 4, span: 12, rows: 2 } };
    const { html } = renderLayout(layout({ id: 'b1', type: 'horizontal-rule', props: {}, layout: mobile }), () => undefined);
    expect(html).toContain('style="--col: 3; --span: 8; --row: 2; --rows: 1; --m-col: 1; --m-span: 12; --m-row: 4; --m-rows: 2"');
  });

  it('prefers the theme\'s blocks/<type>.html and section.html', () => {
    const theme = new Map([
      ['blocks/spacer.html', compile('<i>{props.height}</i>')],
      ['section.html', compile('<s>{.repeated section blocks}{html}{.end}</s>')],
    ]);
    const { html } = renderLayout(layout({ id: 'b1', type: 'spacer', props: { height: 7 }, layout: at }), (path) => theme.get(path));
    expect(html).toBe('<s><i>7</i></s>');
  });

  it('collects template errors of a theme partial instead of throwing', () => {
    const broken = compile('{props.height|no-such-formatter}');
    const { errors } = renderLayout(layout({ id: 'b1', type: 'spacer', props: {}, layout: at }), (path) => (path === 'blocks/spacer.html' ? broken : undefined));
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('renderLayout with loaded data', () => {
  it("gives each block its loader's data as `data`, over the page context", () => {
    const theme = new Map([['blocks/spacer.html', compile('<i>{data.n} {localizedStrings.hi|html} {props.height}</i>')]]);
    const blocks = new Map([['b1', { n: 7 }]]);
    const { html } = renderLayout(layout({ id: 'b1', type: 'spacer', props: { height: 3 }, layout: at }, { id: 'b2', type: 'spacer', props: {}, layout: { desktop: { ...at.desktop, row: 3 } } }), (path) => theme.get(path), {}, { blocks, page: { localizedStrings: { hi: '<hello>' }, props: 'page props never shadow the block\'s' } });
    expect(html).toContain('<i>7 &lt;hello&gt; 3</i>');
    // A block without data renders with `data` empty.
    expect(html).toContain('<i> &lt;hello&gt; 50</i>');
  });
});
