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

  it('refuses documents nested deeper than the model', () => {
    let node: RichTextNode = text('deep');
    for (let i = 0; i < MAX_RICH_TEXT_DEPTH + 1; i++) node = { type: 'blockquote', content: [node] };
    expect(richTextDoc.safeParse({ type: 'doc', content: [node] }).success).toBe(false);
    expect(richTextDoc.safeParse({ type: 'doc', content: [p(text('ok'))] }).success).toBe(true);
    expect(richTextDoc.safeParse({ type: 'doc', content: [{ type: 'paragraph', text: 5 }] }).success).toBe(false);
  });
});
