/**
 * The XSS table's hostile layouts (edge/api/pages/xss.test.ts over HTTP, tests/browser/pages-xss.test.ts
 * in Chromium): every prop of every built block, rich text in all its shapes, and section design values.
 */
import { layoutOf } from './test-pages.js';
import { hostileStaticBlocks, hostileStaticLinks } from './test-static-blocks.js';

/** Markup that would run if any prop reached the page raw. */
export const PAYLOADS = [
  `<script>alert('x1')</script>`,
  `javascript:alert('x2')`,
  `<img src=x onerror=alert('x3')>`,
  `</textarea><script>alert('x4')</script>`,
  `<svg/onload=alert('x5')>`,
  `<svg><script>alert('x9')</script></svg>`,
  `" onmouseover="alert('x6')" x="`,
  `' autofocus onfocus='alert(7)' x='`,
  `</iframe><script>alert('x8')</script>`,
  // CSS: an expression and a script URL in a style attribute (40 characters at most: the code block's language).
  `<p style="x:expression(alert('x10'))">`,
  `" style="b:url(javascript:alert(11))`,
];

/** Every non-link string prop of every built block, and rich text in all its shapes, holding `p`. */
export function hostileLayout(p: string) {
  const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
  const doc = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: p }, content: [text(p)] },
      { type: 'paragraph', attrs: { class: p, onclick: p }, content: [text(p), text('link', [{ type: 'link', attrs: { href: p, onclick: p } }]), text('marked', [{ type: p }, { type: 'bold', attrs: { style: p } }])] },
      { type: p, attrs: { onerror: p }, content: [text(p)] },
      { type: 'orderedList', attrs: { start: p }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text(p)] }] }] },
      { type: 'codeBlock', attrs: { language: p }, content: [text(p)] },
      { type: 'image', attrs: { src: 'x', onerror: p } },
    ],
  };
  return layoutOf(
    { id: 'text', type: 'text', props: { text: doc } },
    { id: 'image', type: 'image', props: { src: '/assets/pot.jpg', alt: p, caption: p } },
    { id: 'button', type: 'button', props: { label: p, href: '/shop' } },
    { id: 'quote', type: 'quote', props: { text: p, source: p } },
    { id: 'code', type: 'code', props: { code: p, language: p } },
    { id: 'html', type: 'html', props: { html: p, title: p } },
    { id: 'embed', type: 'embed', props: { html: p, title: p, caption: p } },
    { id: 'spacer', type: 'spacer' },
    { id: 'rule', type: 'horizontal-rule' },
    ...hostileStaticBlocks(p),
    // Data blocks: their free-text props (ids and collection URLs refuse such text at the save).
    { id: 'summary', type: 'summary', props: { collection: 'shop', title: p, category: p, tag: p } },
    { id: 'posts', type: 'summary', props: { collection: 'journal', title: p, tag: p } },
    { id: 'newsletter', type: 'newsletter', props: { title: p } },
    { id: 'calendar', type: 'calendar', props: { collection: 'journal', title: p } },
  );
}

/** The link props (image src and link, button link) holding `p`. */
export function hostileLinks(p: string) {
  return layoutOf({ id: 'image', type: 'image', props: { src: p, href: p } }, { id: 'button', type: 'button', props: { label: 'Go', href: p } }, ...hostileStaticLinks(p));
}


const AT = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };

/** A layout of one section with `design` (and one rule block). */
export function designLayout(design: unknown) {
  return { sections: [{ id: 'designed', design, blocks: [{ id: 'rule', type: 'horizontal-rule', props: {}, layout: AT }] }] };
}

/** Section designs holding `p` in a value that is an enum, a hex colour or a focal number: every one is refused, at the path named. */
export function refusedDesigns(p: string): [design: unknown, field: string][] {
  const at = 'layout.sections.0.design';
  return [
    [{ background: { type: 'color', hex: p } }, `${at}.background.hex`],
    [{ background: { type: 'color', hex: `#fff;${p}` } }, `${at}.background.hex`],
    [{ background: { type: 'palette', color: p } }, `${at}.background.color`],
    [{ background: { type: 'image', src: p } }, `${at}.background.src`],
    [{ background: { type: 'image', src: '/assets/a.jpg', focal: { x: p, y: 0.5 } } }, `${at}.background.focal.x`],
    [{ divider: p }, `${at}.divider`],
    [{ width: p }, `${at}.width`],
    [{ padding: p }, `${at}.padding`],
    [{ theme: p }, `${at}.theme`],
    [{ roundedBlocks: p }, `${at}.roundedBlocks`],
  ];
}

/** A section design whose image path holds `p` under /assets/ (kept when the path has no spaces: then rendered escaped). */
export function hostileImageDesign(p: string) {
  return { width: 'full', divider: 'wave', roundedBlocks: true, background: { type: 'image', src: `/assets/${p}`, focal: { x: 0.3, y: 0.6 } } };
}
