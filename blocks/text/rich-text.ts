import { escapeAttr, escapeHtml } from '../../engine/index.js';
import { safeHref } from '../safe-url.js';
import type { RichTextNode } from './rich-text-schema.js';

type Mark = NonNullable<RichTextNode['marks']>[number];

// The allow-list: every node and mark the serializer knows; anything else is dropped.
const BLOCK_TAGS: Record<string, string> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bulletList: 'ul',
  listItem: 'li',
};
const MARK_TAGS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
};
// Outermost first, so the same marks always nest the same way.
const MARK_ORDER = ['link', 'bold', 'italic', 'underline', 'strike', 'code'];

function openMark(mark: Mark): string {
  if (mark.type === 'link') {
    const href = safeHref(mark.attrs?.href);
    // A link whose target is not allowed keeps its text, without the link.
    return href === undefined ? '' : `<a href="${escapeAttr(href)}" rel="noopener noreferrer nofollow">`;
  }
  const tag = MARK_TAGS[mark.type];
  return tag ? `<${tag}>` : '';
}

function closeMark(mark: Mark): string {
  if (mark.type === 'link') return safeHref(mark.attrs?.href) === undefined ? '' : '</a>';
  const tag = MARK_TAGS[mark.type];
  return tag ? `</${tag}>` : '';
}

function renderText(node: RichTextNode): string {
  const marks = (node.marks ?? [])
    .filter((m) => MARK_ORDER.includes(m.type))
    .filter((m, i, all) => all.findIndex((o) => o.type === m.type) === i)
    .sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
  const text = escapeHtml(node.text ?? '');
  return marks.map(openMark).join('') + text + marks.reverse().map(closeMark).join('');
}

function children(node: RichTextNode): string {
  return (node.content ?? []).map(renderNode).join('');
}

function headingLevel(node: RichTextNode): number {
  const level = Number(node.attrs?.level);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
}

function renderNode(node: RichTextNode): string {
  switch (node.type) {
    case 'text':
      return renderText(node);
    case 'hardBreak':
      return '<br>';
    case 'heading': {
      const level = headingLevel(node);
      return `<h${level}>${children(node)}</h${level}>`;
    }
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      const attr = Number.isInteger(start) && start !== 1 && start > -1e9 && start < 1e9 ? ` start="${start}"` : '';
      return `<ol${attr}>${children(node)}</ol>`;
    }
    case 'codeBlock':
      // Code is shown as text: its own marks and nodes are not markup.
      return `<pre><code>${escapeHtml(plainText(node))}</code></pre>`;
    default: {
      const tag = BLOCK_TAGS[node.type];
      return tag ? `<${tag}>${children(node)}</${tag}>` : '';
    }
  }
}

/** The text of a node and its descendants, without markup. */
export function plainText(node: RichTextNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(plainText).join('');
}

/**
 * ProseMirror JSON as HTML, without a DOM: only the allow-listed nodes (headings 1-6,
 * paragraph, lists, blockquote, code block, hard break) and marks (bold, italic,
 * underline, strike, code, link) render; anything else is dropped. Every text is escaped;
 * links keep only http, https, mailto, tel and relative targets.
 * @example richTextHtml({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a<b' }] }] }) === '<p>a&lt;b</p>'
 */
export function richTextHtml(doc: RichTextNode): string {
  return doc.type === 'doc' ? children(doc) : '';
}
