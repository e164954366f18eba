import { renderJSONContentToString } from '@tiptap/static-renderer/json/html-string';
import { escapeAttr, escapeHtml } from '../../engine/index.js';
import { safeHref } from '../safe-url.js';
import { MAX_INDENT, PARAGRAPH_SIZES, TEXT_ALIGNS, type RichTextNode } from './rich-text-schema.js';

type Mark = NonNullable<RichTextNode['marks']>[number];
// What the static renderer hands a node's or a mark's handler.
type Node = { type?: string | undefined; attrs?: Record<string, unknown> | undefined; text?: string | undefined };
type NodeArgs = { node: Node; children?: string | string[] };
type MarkArgs = { mark: Mark; children?: string | string[] };

const join = (children: string | string[] | undefined): string => (Array.isArray(children) ? children.join('') : (children ?? ''));

// Outermost first, so the same marks always nest the same way.
const MARK_ORDER = ['link', 'bold', 'italic', 'underline', 'strike', 'code'];
const LIST_STYLES = new Set(['1', 'a', 'A', 'i', 'I']);

/** The theme's classes for a paragraph's or heading's alignment, indent and size; only known values. */
function classes(node: Node): string {
  const attrs = node.attrs ?? {};
  const out: string[] = [];
  if ((TEXT_ALIGNS as readonly unknown[]).includes(attrs.textAlign) && attrs.textAlign !== 'left') out.push(`rt-align-${String(attrs.textAlign)}`);
  const indent = Number(attrs.indent);
  if (Number.isInteger(indent) && indent >= 1 && indent <= MAX_INDENT) out.push(`rt-indent-${indent}`);
  if (node.type === 'paragraph' && (PARAGRAPH_SIZES as readonly unknown[]).includes(attrs.size) && attrs.size !== 'normal') out.push(`rt-size-${String(attrs.size)}`);
  return out.length ? ` class="${out.join(' ')}"` : '';
}

function headingLevel(node: Node): number {
  const level = Number(node.attrs?.level);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
}

const tag = (name: string) => ({ children }: NodeArgs | MarkArgs) => `<${name}>${join(children)}</${name}>`;

// The allow-list: every node and mark the render knows. Anything else is dropped (a node with
// its content, a mark keeping its text).
const nodeMapping = {
  doc: ({ children }: NodeArgs) => join(children),
  text: ({ node }: NodeArgs) => escapeHtml(typeof node.text === 'string' ? node.text : ''),
  hardBreak: () => '<br>',
  paragraph: ({ node, children }: NodeArgs) => `<p${classes(node)}>${join(children)}</p>`,
  heading: ({ node, children }: NodeArgs) => {
    const level = headingLevel(node);
    return `<h${level}${classes(node)}>${join(children)}</h${level}>`;
  },
  bulletList: tag('ul'),
  listItem: tag('li'),
  blockquote: tag('blockquote'),
  orderedList: ({ node, children }: NodeArgs) => {
    const start = Number(node.attrs?.start);
    const type = node.attrs?.type;
    const startAttr = Number.isInteger(start) && start !== 1 && start > -1e9 && start < 1e9 ? ` start="${start}"` : '';
    const typeAttr = typeof type === 'string' && LIST_STYLES.has(type) && type !== '1' ? ` type="${type}"` : '';
    return `<ol${startAttr}${typeAttr}>${join(children)}</ol>`;
  },
  // Code is shown as text: its own marks and nodes are not markup.
  codeBlock: ({ node }: NodeArgs) => `<pre><code>${escapeHtml(plainText(node as RichTextNode))}</code></pre>`,
};

const markMapping = {
  bold: tag('strong'),
  italic: tag('em'),
  underline: tag('u'),
  strike: tag('s'),
  code: tag('code'),
  link: ({ mark, children }: MarkArgs) => {
    const href = safeHref(mark.attrs?.href);
    // A link whose target is not allowed keeps its text, without the link.
    if (href === undefined || href.trim() === '') return join(children);
    const target = mark.attrs?.target === '_blank' ? ' target="_blank"' : '';
    return `<a href="${escapeAttr(href)}"${target} rel="noopener noreferrer nofollow">${join(children)}</a>`;
  },
};

const render = renderJSONContentToString({
  nodeMapping,
  markMapping,
  unhandledNode: () => '',
  unhandledMark: ({ children }: MarkArgs) => join(children),
});

/**
 * The document the renderer walks: marks only on text nodes, known ones, each once, innermost
 * first (the renderer wraps in array order); malformed content is left out.
 */
function tidy(node: RichTextNode): RichTextNode {
  if (node.type === 'text') {
    const marks = (Array.isArray(node.marks) ? node.marks : [])
      .filter((m) => MARK_ORDER.includes(m?.type))
      .filter((m, i, all) => all.findIndex((o) => o.type === m.type) === i)
      .sort((a, b) => MARK_ORDER.indexOf(b.type) - MARK_ORDER.indexOf(a.type));
    return { type: 'text', text: typeof node.text === 'string' ? node.text : '', marks };
  }
  const content = Array.isArray(node.content) ? node.content.filter((c) => typeof c?.type === 'string').map(tidy) : undefined;
  return { type: node.type, attrs: node.attrs && typeof node.attrs === 'object' ? node.attrs : {}, content };
}

/** The text of a node and its descendants, without markup. */
export function plainText(node: RichTextNode): string {
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hardBreak') return '\n';
  return (Array.isArray(node.content) ? node.content : []).map(plainText).join('');
}

/**
 * ProseMirror JSON as HTML, without a DOM, by Tiptap's static renderer with our own mapping:
 * only the allow-listed nodes (headings 1-6, paragraph, lists, blockquote, code block, hard
 * break) and marks (bold, italic, underline, strike, code, link) render; anything else is
 * dropped. Alignment, indent and paragraph size become the theme's `rt-*` classes, never a
 * style attribute. Every text is escaped; links keep only http, https, mailto, tel and
 * relative targets.
 * @example richTextHtml({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a<b' }] }] }) === '<p>a&lt;b</p>'
 */
export function richTextHtml(doc: RichTextNode): string {
  return doc.type === 'doc' ? String(render({ content: tidy(doc) as never })) : '';
}
