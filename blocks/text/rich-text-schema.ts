import { z } from 'zod';

/** How deep rich text may nest (doc > list > item > list ...): beyond it a save is refused. */
export const MAX_RICH_TEXT_DEPTH = 12;
const MAX_TEXT_LENGTH = 100_000;
const MAX_CHILDREN = 2_000;

/** A mark as ProseMirror JSON stores it; which marks render is the serializer's allow-list. */
const richTextMark = z.object({ type: z.string().max(50), attrs: z.record(z.string(), z.unknown()).optional() });

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: RichTextNode[] | undefined;
  marks?: { type: string; attrs?: Record<string, unknown> | undefined }[] | undefined;
  text?: string | undefined;
}

/**
 * A ProseMirror (Tiptap) JSON node. Shapes are checked here; unknown node and mark types
 * are kept as data and dropped by the serializer (rich-text.ts), as Tiptap drops what its
 * schema lacks.
 */
export const richTextNode: z.ZodType<RichTextNode> = z.object({
  type: z.string().max(50),
  attrs: z.record(z.string(), z.unknown()).optional(),
  get content() {
    return z.array(richTextNode).max(MAX_CHILDREN).optional();
  },
  marks: z.array(richTextMark).max(20).optional(),
  text: z.string().max(MAX_TEXT_LENGTH).optional(),
});

function depth(node: RichTextNode): number {
  let deepest = 0;
  for (const child of node.content ?? []) deepest = Math.max(deepest, depth(child));
  return deepest + 1;
}

/** A rich text document: `{ type: 'doc', content }`, at most MAX_RICH_TEXT_DEPTH levels deep. */
export const richTextDoc = z
  .object({ type: z.literal('doc'), content: z.array(richTextNode).max(MAX_CHILDREN).default([]) })
  .refine((doc) => depth(doc) <= MAX_RICH_TEXT_DEPTH, { message: `Rich text nests at most ${MAX_RICH_TEXT_DEPTH} levels deep.` });

export const EMPTY_DOC: RichTextNode = { type: 'doc', content: [] };
