import { z } from 'zod';
import { MAX_URL_LENGTH } from '../safe-url.js';

/** How deep rich text may nest (doc > list > item > list ...): beyond it a save is refused. */
export const MAX_RICH_TEXT_DEPTH = 12;
const MAX_TEXT_LENGTH = 100_000;
const MAX_CHILDREN = 2_000;

/** Alignments of a paragraph or heading (`rt-align-*` classes). */
export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
/** Paragraph sizes (`rt-size-*` classes); `normal` is the theme's body text. */
export const PARAGRAPH_SIZES = ['small', 'normal', 'large', 'xlarge'] as const;
/** Indent levels of a paragraph or heading (`rt-indent-1` … `rt-indent-8`). */
export const MAX_INDENT = 8;
/** Ordered list numbering styles (the `type` of an `<ol>`). */
const LIST_STYLES = ['1', 'a', 'A', 'i', 'I'] as const;

export type TextAlign = (typeof TEXT_ALIGNS)[number];
export type ParagraphSize = (typeof PARAGRAPH_SIZES)[number];

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: RichTextNode[] | undefined;
  marks?: { type: string; attrs?: Record<string, unknown> | undefined }[] | undefined;
  text?: string | undefined;
}

// Messages of the refusals, keyed by the path of the field (layout.sections.0.blocks.1.props.text.content.0.attrs.level).
const MESSAGES = {
  node: 'Rich text holds paragraphs, headings 1-6, lists, quotes, code blocks and line breaks only.',
  mark: 'Rich text formats text as bold, italic, underline, strike, code or a link only.',
  inline: 'Only text and line breaks go inside a paragraph or heading.',
  listItem: 'A list holds list items only.',
  codeText: 'A code block holds plain text only.',
  attr: (keys: string[], what: string) => `${keys.join(', ')} is not a setting of ${what}.`,
  level: 'A heading level is 1 to 6.',
  align: `Alignment is one of ${TEXT_ALIGNS.join(', ')}.`,
  indent: `Indent is a whole number from 0 to ${MAX_INDENT}.`,
  size: 'Paragraph size is small, normal, large or xlarge.',
  start: 'A numbered list starts at a whole number.',
  listType: `Numbering is one of ${LIST_STYLES.join(', ')}.`,
  language: 'A code language is up to 40 letters, digits or + # . _ -.',
  target: 'A link opens in this tab (null) or a new one (_blank).',
  depth: `Rich text nests at most ${MAX_RICH_TEXT_DEPTH} levels deep.`,
};

/** A strict attrs object: a key it does not name is refused with the node's name. */
function attrs<T extends z.ZodRawShape>(what: string, shape: T) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.attr(issue.keys, what) : undefined) });
}
/** A node or mark object: no keys besides those ProseMirror JSON has. */
function shapeOf<T extends z.ZodRawShape>(what: string, shape: T) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.attr(issue.keys, what) : undefined) });
}

const align = z.enum(TEXT_ALIGNS, { error: MESSAGES.align }).nullable().optional();
const indent = z.number({ error: MESSAGES.indent }).int({ error: MESSAGES.indent }).min(0, { error: MESSAGES.indent }).max(MAX_INDENT, { error: MESSAGES.indent }).optional();

// Marks. The link's rel and class are Tiptap's defaults, kept as saved by earlier editors and
// ignored by the render, which writes its own rel. A link's address is stored as typed (pasted
// text keeps its links whatever they are); the render keeps the text and drops any address
// that is not http, https, mailto, tel or a path (safeHref), so a hostile one never goes live.
const plainMark = (type: string) => shapeOf(type, { type: z.literal(type), attrs: attrs(type, {}).optional() });
const linkMark = shapeOf('link', {
  type: z.literal('link'),
  attrs: attrs('link', {
    href: z.string().max(MAX_URL_LENGTH, { error: 'A link address is at most 2083 characters.' }).refine((href) => href.trim() !== '', { error: 'A link needs a page or an address.' }),
    target: z.enum(['_blank'], { error: MESSAGES.target }).nullable().optional(),
    rel: z.string().regex(/^[a-z ]{0,60}$/).nullable().optional(),
    class: z.null().optional(),
  }),
});
const richTextMark = z.discriminatedUnion('type', [plainMark('bold'), plainMark('italic'), plainMark('underline'), plainMark('strike'), plainMark('code'), linkMark], { error: MESSAGES.mark });
const marks = z.array(richTextMark).max(20).optional();

// Inline content: text and hard breaks.
const textNode = shapeOf('text', { type: z.literal('text'), text: z.string().max(MAX_TEXT_LENGTH), marks });
const hardBreak = shapeOf('hardBreak', { type: z.literal('hardBreak'), marks });
const inline = z.discriminatedUnion('type', [textNode, hardBreak], { error: MESSAGES.inline });
const inlineContent = z.array(inline).max(MAX_CHILDREN).optional();

// Block content, recursive through quotes and list items.
const paragraph = shapeOf('paragraph', {
  type: z.literal('paragraph'),
  attrs: attrs('paragraph', { textAlign: align, indent, size: z.enum(PARAGRAPH_SIZES, { error: MESSAGES.size }).nullable().optional() }).optional(),
  content: inlineContent,
});
const heading = shapeOf('heading', {
  type: z.literal('heading'),
  attrs: attrs('heading', { level: z.number({ error: MESSAGES.level }).int({ error: MESSAGES.level }).min(1, { error: MESSAGES.level }).max(6, { error: MESSAGES.level }), textAlign: align, indent }).optional(),
  content: inlineContent,
});
const codeBlock = shapeOf('codeBlock', {
  type: z.literal('codeBlock'),
  attrs: attrs('codeBlock', { language: z.string().regex(/^[A-Za-z0-9_+#.-]{0,40}$/, { error: MESSAGES.language }).nullable().optional() }).optional(),
  content: z.array(shapeOf('text', { type: z.literal('text', { error: MESSAGES.codeText }), text: z.string().max(MAX_TEXT_LENGTH) })).max(MAX_CHILDREN).optional(),
});
const listItem = shapeOf('listItem', {
  type: z.literal('listItem', { error: MESSAGES.listItem }),
  get content(): z.ZodOptional<z.ZodArray<z.ZodType<RichTextNode>>> {
    return blocks;
  },
});
const listItems = z.array(listItem).max(MAX_CHILDREN).optional();
const bulletList = shapeOf('bulletList', { type: z.literal('bulletList'), content: listItems });
const orderedList = shapeOf('orderedList', {
  type: z.literal('orderedList'),
  attrs: attrs('orderedList', {
    start: z.number({ error: MESSAGES.start }).int({ error: MESSAGES.start }).min(-1e6, { error: MESSAGES.start }).max(1e6, { error: MESSAGES.start }).optional(),
    type: z.enum(LIST_STYLES, { error: MESSAGES.listType }).nullable().optional(),
  }).optional(),
  content: listItems,
});
const blockquote = shapeOf('blockquote', {
  type: z.literal('blockquote'),
  get content(): z.ZodOptional<z.ZodArray<z.ZodType<RichTextNode>>> {
    return blocks;
  },
});

/**
 * A block node of rich text (ProseMirror / Tiptap JSON): exactly the nodes, marks and
 * attributes the editor makes and rich-text.ts renders. Anything else is refused with a
 * message at its path.
 */
export const richTextNode: z.ZodType<RichTextNode> = z.discriminatedUnion('type', [paragraph, heading, bulletList, orderedList, blockquote, codeBlock], { error: MESSAGES.node });
const blocks: z.ZodOptional<z.ZodArray<z.ZodType<RichTextNode>>> = z.array(richTextNode).max(MAX_CHILDREN).optional();

function depth(node: RichTextNode): number {
  let deepest = 0;
  for (const child of node.content ?? []) deepest = Math.max(deepest, depth(child));
  return deepest + 1;
}

/** A rich text document: `{ type: 'doc', content }`, at most MAX_RICH_TEXT_DEPTH levels deep. */
export const richTextDoc = shapeOf('doc', { type: z.literal('doc'), content: z.array(richTextNode).max(MAX_CHILDREN).default([]) })
  .refine((doc) => depth(doc) <= MAX_RICH_TEXT_DEPTH, { message: MESSAGES.depth });

export const EMPTY_DOC: RichTextNode = { type: 'doc', content: [] };
