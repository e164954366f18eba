import { z } from 'zod';
import { defineBlock } from '../define.js';

/** code.html */
export const CODE_PARTIAL = "<pre class=\"block-code\"{.section props.language} data-language=\"{@|htmlattr}\"{.end}><code>{props.code|html}</code></pre>\n";

/** Source code shown as text, never run. */
export const codeBlock = defineBlock({
  name: 'code',
  code: 23,
  group: 'MORE',
  props: z.strictObject({ code: z.string().max(100_000).default(''), language: z.string().max(40).default('') }),
  partial: CODE_PARTIAL,
});
