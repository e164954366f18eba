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

/**
 * Rich text holding `p` in every place the rich-text schema lets text go: each node (headings,
 * paragraphs of each size, alignment and indent, lists, quote, code block, line break), each
 * mark, and a link whose query holds it (a relative link, so it is kept and escaped into href).
 */
export function hostileRichText(p: string) {
  const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
  const para = (attrs: Record<string, unknown>, ...content: unknown[]) => ({ type: 'paragraph', attrs, content });
  const item = (...content: unknown[]) => ({ type: 'listItem', content });
  return {
    type: 'doc',
    content: [
      ...[1, 2, 3, 4, 5, 6].map((level) => ({ type: 'heading', attrs: { level, textAlign: 'center', indent: 1 }, content: [text(p)] })),
      ...['small', 'normal', 'large', 'xlarge'].map((size, i) => para({ size, textAlign: ['left', 'center', 'right', 'justify'][i], indent: i * 2 }, text(p), { type: 'hardBreak' }, text(p, [{ type: 'bold' }, { type: 'italic' }]))),
      para({}, text('link', [{ type: 'link', attrs: { href: `/search?q=${p}`, target: '_blank' } }]), text(p, [{ type: 'underline' }, { type: 'strike' }, { type: 'code' }])),
      { type: 'bulletList', content: [item(para({}, text(p)), { type: 'orderedList', attrs: { start: 3, type: 'a' }, content: [item(para({}, text(p)))] })] },
      { type: 'blockquote', content: [para({}, text(p))] },
      { type: 'codeBlock', attrs: { language: 'html' }, content: [text(p)] },
    ],
  };
}

/**
 * Rich text documents holding `p` where the schema allows no free text (a node or mark type,
 * an attribute name or value): each is refused at the save, at the path named.
 */
export function refusedRichText(p: string): [doc: unknown, field: string][] {
  const at = 'layout.sections.0.blocks.0.props.text.content.0';
  const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
  const one = (node: unknown) => ({ type: 'doc', content: [node] });
  const para = (...content: unknown[]) => ({ type: 'paragraph', content });
  return [
    [one({ type: 'heading', attrs: { level: p }, content: [text('h')] }), `${at}.attrs.level`],
    [one({ type: 'paragraph', attrs: { class: p, onclick: p }, content: [text('x')] }), `${at}.attrs`],
    [one({ type: 'paragraph', attrs: { textAlign: p } }), `${at}.attrs.textAlign`],
    [one({ type: 'paragraph', attrs: { size: p } }), `${at}.attrs.size`],
    [one({ type: 'paragraph', attrs: { indent: p } }), `${at}.attrs.indent`],
    [one({ type: p, attrs: { onerror: p }, content: [text(p)] }), `${at}.type`],
    [one({ type: 'image', attrs: { src: 'x', onerror: p } }), `${at}.type`],
    [one(para(text('marked', [{ type: p }]))), `${at}.content.0.marks.0.type`],
    [one(para(text('marked', [{ type: 'bold', attrs: { style: p } }]))), `${at}.content.0.marks.0.attrs`],
    [one(para(text('link', [{ type: 'link', attrs: { href: '/shop', onclick: p } }]))), `${at}.content.0.marks.0.attrs`],
    [one(para(text('link', [{ type: 'link', attrs: { href: '/shop', target: p } }]))), `${at}.content.0.marks.0.attrs.target`],
    [one({ type: 'orderedList', attrs: { start: p }, content: [] }), `${at}.attrs.start`],
    [one({ type: 'orderedList', attrs: { type: p }, content: [] }), `${at}.attrs.type`],
    [one({ type: 'codeBlock', attrs: { language: p }, content: [text('x')] }), `${at}.attrs.language`],
  ];
}

/** Every non-link string prop of every built block, and rich text in all its shapes, holding `p`. */
export function hostileLayout(p: string) {
  const doc = hostileRichText(p);
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
