import { z } from 'zod';
import { defineBlock } from '../define.js';
import { richTextHtml } from './rich-text.js';
import { EMPTY_DOC, richTextDoc } from './rich-text-schema.js';

/** text.html */
export const TEXT_PARTIAL = "<div class=\"block-text rich-text\">{view.html}</div>\n";

/** Rich text: ProseMirror JSON, rendered to HTML by the allow-list serializer. */
export const textBlock = defineBlock({
  name: 'text',
  // Not among the codes SPEC §3 lists ("about 60 kinds"); ours, far from theirs.
  code: 1001,
  group: 'BASIC',
  props: z.strictObject({ text: richTextDoc.default({ type: 'doc', content: [] }) }),
  partial: TEXT_PARTIAL,
  view: (props) => ({ html: richTextHtml(props.text ?? EMPTY_DOC) }),
});
