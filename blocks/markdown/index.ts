import { z } from 'zod';
import { defineBlock } from '../define.js';
import { markdownHtml } from './markdown-html.js';

/** markdown.html */
export const MARKDOWN_PARTIAL = "<div class=\"block-markdown rich-text\">{view.html}</div>\n";

/** Markdown, rendered to HTML on the server (markdown-it, raw HTML off, safe links only). */
export const markdownBlock = defineBlock({
  name: 'markdown',
  code: 44,
  group: 'MORE',
  props: z.strictObject({ markdown: z.string().max(100_000).default('') }),
  partial: MARKDOWN_PARTIAL,
  view: (props) => ({ html: markdownHtml(props.markdown) }),
});
