import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../engine/index.js';
import type { RunningWorker } from '../../test-support.js';
import { ifMatch, layoutOf, pageClient, revisionCount, startWithOwner } from './test-pages.js';
import { designLayout, hostileImageDesign, hostileLayout, hostileLinks, PAYLOADS, refusedDesigns, refusedRichText } from './test-hostile.js';
import { scriptTexts, startTags } from './test-markup.js';
import { refusedStaticLinks } from './test-static-blocks.js';

/**
 * Hostile text in every prop of every built block type and in rich text, saved, published
 * and rendered by the real worker: the page never carries it as live markup. The html and
 * embed blocks' markup lives only in a sandboxed iframe's srcdoc (escaped, no same-origin).
 */
let worker: RunningWorker;
let owner: ReturnType<typeof pageClient>;

beforeAll(async () => {
  ({ worker, owner } = await startWithOwner());
}, 120_000);
afterAll(() => worker?.dispose());

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
    // The only SVG on the page is a chart block's own drawing (blocks/charts/svg.ts), never a payload's.
    if (tag.name === 'svg') expect(tag.attrs.get('class'), '<svg>').toBe('block-chart-svg');
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

  it.each(PAYLOADS.map((p, i) => [i + 1, p] as const))('section design values holding payload %i are refused, or rendered inert', async (i, payload) => {
    const page = (await owner('POST', '', { title: 'Design', slug: `xss-design-${i}` })).json.page as { id: string };
    for (const [design, field] of refusedDesigns(payload)) {
      const refused = await owner('PUT', `/${page.id}/draft`, { layout: designLayout(design) }, ifMatch(1));
      expect(refused.status, JSON.stringify(design)).toBe(400);
      expect(Object.keys(refused.json.fields), JSON.stringify(design)).toContain(field);
    }
    expect(await revisionCount(worker, page.id)).toBe(1);
    // An image path under /assets/ holding the payload: kept only when it has no spaces, then escaped into src.
    const image = await owner('PUT', `/${page.id}/draft`, { layout: designLayout(hostileImageDesign(payload)) }, ifMatch(1));
    if (image.status === 400) {
      expect(Object.keys(image.json.fields)).toEqual(['layout.sections.0.design.background.src']);
      return;
    }
    expect(image.status).toBe(200);
    expect((await owner('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);
    const html = await (await worker.fetch(`/xss-design-${i}`)).text();
    expectInert(html, payload);
    const img = startTags(html).find((t) => t.name === 'img' && t.attrs.get('class') === 'section-bg-img');
    expect(img?.attrs.get('src')).toBe(`/assets/${payload}`);
    expect(img?.attrs.get('style')).toBe('object-position: 30% 60%');
    expect(html).toContain('<section class="page-section section-padding-medium section-theme-light section-width-full section-bg section-bg-image section-has-divider section-divider-wave section-rounded-blocks" id="section-designed">');
  });

  it.each(PAYLOADS.map((p, i) => [i + 1, p] as const))('rich text holding payload %i where no free text belongs (a type, an attribute) is refused at the save', async (i, payload) => {
    const page = (await owner('POST', '', { title: 'Rich text', slug: `xss-rich-${i}` })).json.page as { id: string };
    for (const [doc, field] of refusedRichText(payload)) {
      const refused = await owner('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'text', type: 'text', props: { text: doc } }) }, ifMatch(1));
      expect(refused.status, JSON.stringify(doc)).toBe(400);
      expect(refused.json.error).toBe('invalid_layout');
      expect(Object.keys(refused.json.fields), JSON.stringify(doc)).toContain(field);
      expect(refused.json.fields[field]).toMatch(/\.$/);
    }
    expect(await revisionCount(worker, page.id)).toBe(1);
  });

  it('keeps a rich text link to javascript:, data: or vbscript: as saved and publishes only its text', async () => {
    const page = (await owner('POST', '', { title: 'Pasted links', slug: 'xss-rich-links' })).json.page as { id: string };
    const hrefs = ['javascript:alert(1)', ' JAVASCRIPT:alert(2)', 'java\tscript:alert(3)', 'data:text/html,<script>alert(4)</script>', 'vbscript:msgbox(5)', '//evil.example'];
    const text = { type: 'doc', content: [{ type: 'paragraph', content: hrefs.map((href, i) => ({ type: 'text', text: `link${i} `, marks: [{ type: 'link', attrs: { href } }] })) }] };
    const saved = await owner('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'text', type: 'text', props: { text } }) }, ifMatch(1));
    expect(saved.status).toBe(200);
    expect((await owner('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);
    const html = await (await worker.fetch('/xss-rich-links')).text();
    expect(html).toContain('<p>link0 link1 link2 link3 link4 link5 </p>');
    expectInert(html, 'alert(');
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
