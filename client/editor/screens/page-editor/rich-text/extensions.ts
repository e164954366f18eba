import { Extension, type AnyExtension, type Editor } from '@tiptap/react';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { safeHref } from '../../../../../blocks/safe-url.js';
import { MAX_INDENT, PARAGRAPH_SIZES, TEXT_ALIGNS, type TextAlign } from '../../../../../blocks/text/rich-text-schema.js';

const TEXT_BLOCKS = ['paragraph', 'heading'];

/** Aligns the selected paragraphs and headings (left is the theme's default: no attribute). */
export function setAlign(editor: Editor, align: TextAlign): boolean {
  const textAlign = align === 'left' ? null : align;
  return editor.chain().focus().updateAttributes('paragraph', { textAlign }).updateAttributes('heading', { textAlign }).run();
}

/**
 * Indents (`delta` 1) or outdents (-1): a list item one level deeper or up (sink / lift), else
 * the selected paragraphs and headings one step, from 0 to MAX_INDENT.
 */
export function indent(editor: Editor, delta: 1 | -1): boolean {
  if (editor.isActive('listItem')) return editor.chain().focus()[delta === 1 ? 'sinkListItem' : 'liftListItem']('listItem').run();
  return editor
    .chain()
    .focus()
    .command(({ state, tr }) => {
      let changed = false;
      state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
        if (!TEXT_BLOCKS.includes(node.type.name)) return true;
        const next = Math.min(MAX_INDENT, Math.max(0, Number(node.attrs.indent ?? 0) + delta));
        if (next !== node.attrs.indent) {
          tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
          changed = true;
        }
        return false;
      });
      return changed;
    })
    .run();
}

/** A class token `rt-<what>-<value>` of `el`, if any (our own HTML, copied and pasted back). */
function classValue(el: HTMLElement, what: string): string | undefined {
  for (const token of Array.from(el.classList)) if (token.startsWith(`rt-${what}-`)) return token.slice(what.length + 4);
  return undefined;
}

/**
 * Alignment, indent and paragraph size as node attributes of paragraphs and headings (the
 * rich-text schema's textAlign, indent and size), shown in the editor by the same `rt-*`
 * classes the server render writes: no style attribute, which the owner area's CSP refuses.
 * Pasted HTML keeps its alignment (`text-align`, which Word and Google Docs write); indent and
 * size come only from our own classes.
 */
const BlockFormat = Extension.create({
  name: 'blockFormat',
  addGlobalAttributes() {
    return [
      {
        types: TEXT_BLOCKS,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (el) => {
              const value = classValue(el, 'align') ?? el.style.textAlign;
              return (TEXT_ALIGNS as readonly string[]).includes(value) && value !== 'left' ? value : null;
            },
            renderHTML: (attrs) => ((TEXT_ALIGNS as readonly unknown[]).includes(attrs.textAlign) && attrs.textAlign !== 'left' ? { class: `rt-align-${String(attrs.textAlign)}` } : {}),
          },
          indent: {
            default: 0,
            parseHTML: (el) => {
              const level = Number(classValue(el, 'indent'));
              return Number.isInteger(level) && level > 0 && level <= MAX_INDENT ? level : 0;
            },
            renderHTML: (attrs) => (Number(attrs.indent) > 0 ? { class: `rt-indent-${Number(attrs.indent)}` } : {}),
          },
        },
      },
      {
        types: ['paragraph'],
        attributes: {
          size: {
            default: null,
            parseHTML: (el) => {
              const size = classValue(el, 'size');
              return (PARAGRAPH_SIZES as readonly (string | undefined)[]).includes(size) && size !== 'normal' ? size : null;
            },
            renderHTML: (attrs) => (attrs.size && attrs.size !== 'normal' ? { class: `rt-size-${String(attrs.size)}` } : {}),
          },
        },
      },
    ];
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Shift-l': () => setAlign(this.editor, 'left'),
      'Mod-Shift-e': () => setAlign(this.editor, 'center'),
      'Mod-Shift-r': () => setAlign(this.editor, 'right'),
      'Mod-Shift-j': () => setAlign(this.editor, 'justify'),
      // Tab stays the way out of the editor for keyboard users; lists keep Tab / Shift+Tab (Tiptap's list item).
      'Mod-]': () => indent(this.editor, 1),
      'Mod-[': () => indent(this.editor, -1),
    };
  },
});

/**
 * Links hold only `href` and `target` (the rich-text schema's link mark): a pasted link's
 * class, title or rel is not kept, a target other than _blank becomes none, and a target
 * safe-url.ts refuses (javascript:, data: ...) is never made a link.
 */
const SafeLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (el) => el.getAttribute('href') },
      target: { default: null, parseHTML: (el) => (el.getAttribute('target') === '_blank' ? '_blank' : null) },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  protocols: ['mailto', 'tel'],
  HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null, class: null },
  isAllowedUri: (url) => safeHref(url) !== undefined && url.trim() !== '',
});

/** The editor's schema: exactly the nodes, marks and attributes blocks/text/rich-text-schema.ts accepts. */
export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      horizontalRule: false,
      link: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
    }),
    SafeLink,
    BlockFormat,
  ];
}
