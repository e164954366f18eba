import { describe, expect, it } from 'vitest';
import { richTextHtml } from './rich-text.js';
import { richTextDoc, MAX_RICH_TEXT_DEPTH, type RichTextNode } from './rich-text-schema.js';

const doc = (...content: RichTextNode[]): RichTextNode => ({ type: 'doc', content });
const p = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });
const text = (t: string, ...marks: { type: string; attrs?: Record<string, unknown> }[]): RichTextNode => ({ type: 'text', text: t, marks });

describe('rich text to HTML', () => {
  it('renders the allow-listed nodes', () => {
    const html = richTextHtml(doc(
      { type: 'heading', attrs: { level: 3 }, content: [text('Title')] },
      p(text('a'), { type: 'hardBreak' }, text('b')),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('one'))] }] },
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(text('three'))] }] },
      { type: 'blockquote', content: [p(text('q'))] },
      { type: 'codeBlock', content: [text('<b>x</b>', { type: 'bold' })] },
    ));
    expect(html).toBe('<h3>Title</h3><p>a<br>b</p><ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>q</p></blockquote><pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>');
  });

  it('renders marks in one nesting order and ignores repeats', () => {
    expect(richTextHtml(doc(p(text('x', { type: 'italic' }, { type: 'bold' }, { type: 'bold' }, { type: 'underline' }, { type: 'strike' }, { type: 'code' }))))).toBe(
      '<p><strong><em><u><s><code>x</code></s></u></em></strong></p>',
    );
  });

  it('keeps headings between 1 and 6', () => {
    expect(richTextHtml(doc({ type: 'heading', attrs: { level: 9 }, content: [text('h')] }))).toBe('<h2>h</h2>');
    expect(richTextHtml(doc({ type: 'heading', attrs: { level: '1 onclick=x' }, content: [text('h')] }))).toBe('<h2>h</h2>');
  });

  it('escapes every text and drops unknown nodes and marks', () => {
    const html = richTextHtml(doc(
      p(text('<script>alert(1)</script>'), text('x', { type: 'onclick', attrs: { x: '"' } })),
      { type: 'script', content: [text('alert(1)')] },
      { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
    ));
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;x</p>');
  });

  it.each([
    ['https://example.com/a?b=1&c="2"', '<a href="https://example.com/a?b=1&amp;c=&quot;2&quot;" rel="noopener noreferrer nofollow">l</a>'],
    ['mailto:a@example.com', '<a href="mailto:a@example.com" rel="noopener noreferrer nofollow">l</a>'],
    ['tel:+15550100', '<a href="tel:+15550100" rel="noopener noreferrer nofollow">l</a>'],
    ['/shop', '<a href="/shop" rel="noopener noreferrer nofollow">l</a>'],
    ['javascript:alert(1)', 'l'],
    [' JaVa\nScRiPt:alert(1)', 'l'],
    ['data:text/html,<script>alert(1)</script>', 'l'],
    ['vbscript:x', 'l'],
    ['//evil.example', 'l'],
  ])('limits link targets: %s', (href, out) => {
    expect(richTextHtml(doc(p(text('l', { type: 'link', attrs: { href } }))))).toBe(`<p>${out}</p>`);
  });

  it.each([
    ['a heading of each level', { type: 'heading', attrs: { level: 6, textAlign: 'right', indent: 1 }, content: [text('h')] }, '<h6 class="rt-align-right rt-indent-1">h</h6>'],
    ['a small paragraph', { type: 'paragraph', attrs: { size: 'small', textAlign: null, indent: 0 }, content: [text('s')] }, '<p class="rt-size-small">s</p>'],
    ['a normal paragraph (no class)', { type: 'paragraph', attrs: { size: 'normal', textAlign: 'left', indent: 0 }, content: [text('n')] }, '<p>n</p>'],
    ['a large centred paragraph', { type: 'paragraph', attrs: { size: 'large', textAlign: 'center' }, content: [text('l')] }, '<p class="rt-align-center rt-size-large">l</p>'],
    ['an extra large justified paragraph indented 8', { type: 'paragraph', attrs: { size: 'xlarge', textAlign: 'justify', indent: 8 }, content: [text('x')] }, '<p class="rt-align-justify rt-indent-8 rt-size-xlarge">x</p>'],
    ['an ordered list in roman numerals', { type: 'orderedList', attrs: { start: 1, type: 'i' }, content: [{ type: 'listItem', content: [p(text('i'))] }] }, '<ol type="i"><li><p>i</p></li></ol>'],
    ['a nested bullet list', { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('a')), { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('b'))] }] }] }] }, '<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>'],
    ['a quote', { type: 'blockquote', content: [p(text('q'))] }, '<blockquote><p>q</p></blockquote>'],
    ['a code block with its language', { type: 'codeBlock', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'a < b' }] }, '<pre><code>a &lt; b</code></pre>'],
    ['a link in a new tab', p(text('go', { type: 'link', attrs: { href: '/about', target: '_blank' } })), '<p><a href="/about" target="_blank" rel="noopener noreferrer nofollow">go</a></p>'],
    ['a link as earlier editors saved it', p(text('go', { type: 'link', attrs: { href: 'https://example.com', target: null, rel: 'noopener noreferrer nofollow', class: null } })), '<p><a href="https://example.com" rel="noopener noreferrer nofollow">go</a></p>'],
    ['each mark', p(text('b', { type: 'bold' }), text('i', { type: 'italic' }), text('u', { type: 'underline' }), text('s', { type: 'strike' }), text('c', { type: 'code' })), '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code></p>'],
  ] as const)('accepts and renders %s', (_, node, html) => {
    const parsed = richTextDoc.safeParse(doc(node as RichTextNode));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(richTextHtml(parsed.data!)).toBe(html);
  });

  it.each([
    ['an unknown node', { type: 'image', attrs: { src: 'x' } }, 'content.0.type', 'Rich text holds paragraphs, headings 1-6, lists, quotes, code blocks and line breaks only.'],
    ['a horizontal rule', { type: 'horizontalRule' }, 'content.0.type', 'Rich text holds paragraphs, headings 1-6, lists, quotes, code blocks and line breaks only.'],
    ['heading level 7', { type: 'heading', attrs: { level: 7 }, content: [text('h')] }, 'content.0.attrs.level', 'A heading level is 1 to 6.'],
    ['heading level 0', { type: 'heading', attrs: { level: 0 } }, 'content.0.attrs.level', 'A heading level is 1 to 6.'],
    ['a heading level as text', { type: 'heading', attrs: { level: '1 onclick=x' } }, 'content.0.attrs.level', 'A heading level is 1 to 6.'],
    ['a size on a heading', { type: 'heading', attrs: { level: 2, size: 'large' } }, 'content.0.attrs', 'size is not a setting of heading.'],
    ['an unknown size', { type: 'paragraph', attrs: { size: 'huge' } }, 'content.0.attrs.size', 'Paragraph size is small, normal, large or xlarge.'],
    ['an unknown alignment', { type: 'paragraph', attrs: { textAlign: 'start' } }, 'content.0.attrs.textAlign', 'Alignment is one of left, center, right, justify.'],
    ['indent 9', { type: 'paragraph', attrs: { indent: 9 } }, 'content.0.attrs.indent', 'Indent is a whole number from 0 to 8.'],
    ['indent -1', { type: 'paragraph', attrs: { indent: -1 } }, 'content.0.attrs.indent', 'Indent is a whole number from 0 to 8.'],
    ['indent 1.5', { type: 'paragraph', attrs: { indent: 1.5 } }, 'content.0.attrs.indent', 'Indent is a whole number from 0 to 8.'],
    ['a style attribute', { type: 'paragraph', attrs: { style: 'color:red' } }, 'content.0.attrs', 'style is not a setting of paragraph.'],
    ['a class attribute', { type: 'paragraph', attrs: { class: 'x' } }, 'content.0.attrs', 'class is not a setting of paragraph.'],
    ['a handler on a node', { type: 'blockquote', onclick: 'x' }, 'content.0', 'onclick is not a setting of blockquote.'],
    ['an unknown mark', p(text('x', { type: 'highlight' })), 'content.0.content.0.marks.0.type', 'Rich text formats text as bold, italic, underline, strike, code or a link only.'],
    ['a style on a mark', p(text('x', { type: 'bold', attrs: { style: 'x' } })), 'content.0.content.0.marks.0.attrs', 'style is not a setting of bold.'],
    ['a link address past 2083 characters', p(text('x', { type: 'link', attrs: { href: `/${'a'.repeat(2083)}` } })), 'content.0.content.0.marks.0.attrs.href', 'A link address is at most 2083 characters.'],
    ['an empty link', p(text('x', { type: 'link', attrs: { href: ' ' } })), 'content.0.content.0.marks.0.attrs.href', 'A link needs a page or an address.'],
    ['a link target other than _blank', p(text('x', { type: 'link', attrs: { href: '/a', target: '_top' } })), 'content.0.content.0.marks.0.attrs.target', 'A link opens in this tab (null) or a new one (_blank).'],
    ['a handler on a link', p(text('x', { type: 'link', attrs: { href: '/a', onclick: 'x' } })), 'content.0.content.0.marks.0.attrs', 'onclick is not a setting of link.'],
    ['a paragraph in a list', { type: 'bulletList', content: [p(text('x'))] }, 'content.0.content.0.type', 'A list holds list items only.'],
    ['a list in a paragraph', p({ type: 'bulletList', content: [] }), 'content.0.content.0.type', 'Only text and line breaks go inside a paragraph or heading.'],
    ['marked text in a code block', { type: 'codeBlock', content: [text('x', { type: 'bold' })] }, 'content.0.content.0', 'marks is not a setting of text.'],
    ['a hostile code language', { type: 'codeBlock', attrs: { language: '"><script>' } }, 'content.0.attrs.language', 'A code language is up to 40 letters, digits or + # . _ -.'],
    ['a hostile list numbering', { type: 'orderedList', attrs: { type: '" onclick="x' } }, 'content.0.attrs.type', 'Numbering is one of 1, a, A, i, I.'],
  ] as const)('refuses %s with a field message', (_, node, path, message) => {
    const parsed = richTextDoc.safeParse(doc(node as RichTextNode));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([path, message]);
  });

  it('renders hostile stored content inert (data saved before the schema was strict)', () => {
    const hostile = '"><img src=x onerror=alert(1)>';
    const html = richTextHtml(doc(
      { type: 'paragraph', attrs: { textAlign: hostile, indent: hostile, size: hostile, style: hostile, class: hostile }, content: [text(hostile, { type: 'link', attrs: { href: hostile, target: hostile } }, { type: hostile })] },
      { type: 'heading', attrs: { level: hostile, textAlign: 'center' }, content: [text('h')] },
      { type: 'orderedList', attrs: { start: hostile, type: hostile }, content: [{ type: 'listItem', content: [p(text('i'))] }] },
      { type: 'codeBlock', attrs: { language: hostile }, content: [text(hostile, { type: 'bold' })] },
      { type: 'iframe', attrs: { srcdoc: hostile }, content: [text('gone')] },
      { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: 'not marks' as never }, { type: 'hardBreak', marks: [{ type: 'bold' }] }] },
    ));
    const escaped = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';
    expect(html).toBe(`<p><a href="${escaped}" rel="noopener noreferrer nofollow">${escaped.replace(/&quot;/g, '"')}</a></p><h2 class="rt-align-center">h</h2><ol><li><p>i</p></li></ol><pre><code>${escaped.replace(/&quot;/g, '"')}</code></pre><p>x<br></p>`);
    expect(html).not.toContain('<img');
  });

  it('refuses documents nested deeper than the model', () => {
    let node: RichTextNode = text('deep');
    for (let i = 0; i < MAX_RICH_TEXT_DEPTH + 1; i++) node = { type: 'blockquote', content: [node] };
    expect(richTextDoc.safeParse({ type: 'doc', content: [node] }).success).toBe(false);
    expect(richTextDoc.safeParse({ type: 'doc', content: [p(text('ok'))] }).success).toBe(true);
    expect(richTextDoc.safeParse({ type: 'doc', content: [{ type: 'paragraph', text: 5 }] }).success).toBe(false);
  });
});
