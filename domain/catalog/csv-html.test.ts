import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './csv-html.js';

const text = (t: string, marks?: string[]) => ({ type: 'text', text: t, ...(marks ? { marks: marks.map((type) => ({ type })) } : {}) });

describe('htmlToDoc', () => {
  it('turns paragraphs, headings and marks into rich text', () => {
    expect(htmlToDoc('<h2>Care</h2>\n<p>Hand <strong>thrown</strong> &amp; <em>glazed</em>.</p>')).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Care')] },
        { type: 'paragraph', content: [text('Hand '), text('thrown', ['bold']), text(' & '), text('glazed', ['italic']), text('.')] },
      ],
    });
  });

  it('keeps lists (items hold paragraphs) and links with safe attributes only', () => {
    const doc = htmlToDoc('<ul><li>One</li><li><a href="https://x.test" onclick="evil()">Two</a></li></ul>');
    expect(doc.content).toEqual([
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph', content: [text('One')] }] },
          { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Two', marks: [{ type: 'link', attrs: { href: 'https://x.test', target: null } }] }] }] },
        ],
      },
    ]);
  });

  it('drops scripts and styles with their content and unwraps unknown tags', () => {
    const doc = htmlToDoc('<div><span style="color:red">Red</span><script>alert(1)</script><style>p{}</style> text</div><img src="x.png" onerror="alert(1)">');
    expect(doc.content).toEqual([{ type: 'paragraph', content: [text('Red'), text(' text')] }]);
    expect(JSON.stringify(doc)).not.toContain('alert');
  });

  it('wraps loose text in paragraphs; <br> is a hard break; code blocks keep their text', () => {
    expect(htmlToDoc('Plain<br>next').content).toEqual([{ type: 'paragraph', content: [text('Plain'), { type: 'hardBreak' }, text('next')] }]);
    expect(htmlToDoc('<pre><code>a &lt; b\n  c</code></pre>').content).toEqual([{ type: 'codeBlock', content: [text('a < b\n  c')] }]);
  });

  it('reads back the rich text render of our own export (classes, ordered lists, quotes)', () => {
    const doc = htmlToDoc('<p class="rt-align-center rt-size-large">Hi</p><ol start="3" type="a"><li><p>x</p></li></ol><blockquote><p>q</p></blockquote>');
    expect(doc.content).toEqual([
      { type: 'paragraph', attrs: { textAlign: 'center', size: 'large' }, content: [text('Hi')] },
      { type: 'orderedList', attrs: { start: 3, type: 'a' }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('x')] }] }] },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [text('q')] }] },
    ]);
  });

  it('survives broken markup', () => {
    expect(() => htmlToDoc('<p><b>open <ul><li>a<li>b</ul></i></p></div><')).not.toThrow();
    expect(htmlToDoc('<li>alone</li>').content![0]!.type).toBe('bulletList');
  });
});
