import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../engine/index.js';
import type { RunningWorker } from '../../test-support.js';
import { ifMatch, layoutOf, pageClient, revisionCount, startWithOwner } from './test-pages.js';
import { scriptTexts, startTags } from './test-markup.js';
import { hostileStaticBlocks, hostileStaticLinks, refusedStaticLinks } from './test-static-blocks.js';

/**
 * Hostile text in every prop of every built block type and in rich text, saved, published
 * and rendered by the real worker: the page never carries it as live markup. The html and
 * embed blocks' markup lives only in a sandboxed iframe's srcdoc (escaped, no same-origin).
 */
const PAYLOADS = [
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

let worker: RunningWorker;
let owner: ReturnType<typeof pageClient>;

beforeAll(async () => {
  ({ worker, owner } = await startWithOwner());
}, 120_000);
afterAll(() => worker?.dispose());

/** Every non-link string prop of every built block, and rich text in all its shapes, holding `p`. */
function hostileLayout(p: string) {
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
function hostileLinks(p: string) {
  return layoutOf({ id: 'image', type: 'image', props: { src: p, href: p } }, { id: 'button', type: 'button', props: { label: 'Go', href: p } }, ...hostileStaticLinks(p));
}

const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();

/** The page carries nothing that runs: no event handlers, no script URLs, no foreign scripts, only sandboxed srcdoc frames. */
function expectInert(html: string, payload: string) {
  const tags = startTags(html);
  for (const tag of tags) {
    for (const [name, value] of tag.attrs) {
      expect(name.startsWith('on'), `<${tag.name} ${name}>`).toBe(false);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data'].includes(name)) {
        expect(squeeze(value), `<${tag.name} ${name}="${value}">`).not.toMatch(/^(javascript|vbscript|data):/);
      }
    }
    expect(tag.name).not.toBe('svg');
    expect(tag.attrs.get('style') ?? '', `<${tag.name} style>`).not.toMatch(/expression|javascript|url\(/i);
    if (tag.name === 'img') expect(tag.attrs.get('src')).not.toBe('x');
    if (tag.name === 'iframe') {
      expect(tag.attrs.has('src'), 'iframe src').toBe(false);
      expect(tag.attrs.get('sandbox'), 'iframe sandbox').toBeDefined();
      expect(tag.attrs.get('sandbox')).not.toContain('allow-same-origin');
      expect(tag.attrs.get('srcdoc')).toBe(payload);
    }
  }
  for (const script of scriptTexts(html)) expect(script).not.toMatch(/alert\(/);
  // A tag never reaches the page raw. (Quotes and `javascript:` as text are harmless; in
  // attributes the checks above catch a breakout.)
  if (payload.includes('<')) expect(html).not.toContain(payload);
}

describe('hostile props render inert', () => {
  it.each(PAYLOADS.map((p, i) => [i + 1, p] as const))('payload %i: %s', async (i, payload) => {
    const slug = `xss-${i}`;
    const created = await owner('POST', '', { title: payload, slug, seoTitle: payload, seoDescription: payload });
    expect(created.status).toBe(201);
    const page = created.json.page as { id: string };
    const saved = await owner('PUT', `/${page.id}/draft`, { layout: hostileLayout(payload) }, ifMatch(1));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await owner('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);

    const res = await worker.fetch(`/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expectInert(html, payload);
    // Shown as text, not dropped: the escaped payload is on the page (quote, caption, code ...).
    expect(html).toContain(escapeHtml(payload));
    const frames = startTags(html).filter((t) => t.name === 'iframe');
    expect(frames).toHaveLength(2);

    // Link props: refused at the save (nothing stored), or kept only as an inert link.
    const links = await owner('PUT', `/${page.id}/draft`, { layout: hostileLinks(payload) }, ifMatch(2));
    if (links.status === 400) {
      expect(Object.keys(links.json.fields).some((k) => /\.(href|src|links\.0)$/.test(k))).toBe(true);
      expect(await revisionCount(worker, page.id)).toBe(2);
    } else {
      expect(links.status).toBe(200);
      expect((await owner('POST', `/${page.id}/publish`, { version: 3 })).status).toBe(200);
      const linked = await (await worker.fetch(`/${slug}`)).text();
      for (const tag of startTags(linked)) {
        for (const [name, value] of tag.attrs) {
          expect(name.startsWith('on'), `<${tag.name} ${name}>`).toBe(false);
          expect(squeeze(value)).not.toMatch(/^(javascript|vbscript|data):/);
        }
      }
      for (const script of scriptTexts(linked)) expect(script).not.toMatch(/alert\(/);
    }
  });

  it.each(PAYLOADS.map((p, i) => [i + 1, p] as const))('video links and files of the site (poster, map, gallery, audio) holding payload %i are refused at the save', async (i, payload) => {
    const page = (await owner('POST', '', { title: 'Media links', slug: `xss-media-${i}` })).json.page as { id: string };
    const refused = await owner('PUT', `/${page.id}/draft`, { layout: layoutOf(...refusedStaticLinks(payload)) }, ifMatch(1));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.fields).sort()).toEqual([
      'layout.sections.0.blocks.0.props.url',
      'layout.sections.0.blocks.1.props.src',
      'layout.sections.0.blocks.2.props.poster',
      'layout.sections.0.blocks.3.props.image',
      'layout.sections.0.blocks.4.props.images.0.src',
    ]);
    expect(await revisionCount(worker, page.id)).toBe(1);
  });

  it('refuses javascript: and data: in link props at the save', async () => {
    const page = (await owner('POST', '', { title: 'Links', slug: 'xss-links' })).json.page as { id: string };
    for (const href of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)']) {
      const refused = await owner('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'b', type: 'button', props: { href } }) }, ifMatch(1));
      expect(refused.status, href).toBe(400);
      expect(refused.json.fields['layout.sections.0.blocks.0.props.href']).toMatch(/Links must be/);
    }
    expect(await revisionCount(worker, page.id)).toBe(1);
  });
});
