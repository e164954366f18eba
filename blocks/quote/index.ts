import { z } from 'zod';
import { defineBlock } from '../define.js';

/** quote.html */
export const QUOTE_PARTIAL = "<figure class=\"block-quote\"><blockquote>{props.text|html}</blockquote>{.section props.source}<figcaption>{@|html}</figcaption>{.end}</figure>\n";

/** A pull quote and who said it, as plain text. */
export const quoteBlock = defineBlock({
  name: 'quote',
  code: 31,
  group: 'BASIC',
  props: z.strictObject({ text: z.string().max(5000).default(''), source: z.string().max(500).default('') }),
  partial: QUOTE_PARTIAL,
});
