import { z } from 'zod';
import { defineBlock } from '../define.js';
import { richTextHtml } from './rich-text.js';
import { EMPTY_DOC, richTextDoc } from './rich-text-schema.js';
import { splitStoreValues } from './store-values.js';

/** text.html */
export const TEXT_PARTIAL = "<div class=\"block-text rich-text\">{.section view.parts}{.repeated section @}{markup}{.equal? token \"store.freeShippingOver\"}{.if data.store.freeShippingOver}{lead}{data.store.freeShippingOver|html}{tail}{.end}{.end}{.end}{.or}{view.html}{.end}</div>\n";

/** Rich text: ProseMirror JSON, rendered to HTML by the allow-list serializer. */
export const textBlock = defineBlock({
  name: 'text',
  // Not among the codes SPEC §3 lists ("about 60 kinds"); ours, far from theirs.
  code: 1001,
  group: 'BASIC',
  props: z.strictObject({ text: richTextDoc.default({ type: 'doc', content: [] }) }),
  partial: TEXT_PARTIAL,
  // `parts`: the HTML cut at each store value (`{store.freeShippingOver}`) and its sentence, which
  // the partial fills from the loader's data (./loader.ts), or leaves out when the store has no
  // such value; absent when the text uses none.
  view: (props) => {
    const html = richTextHtml(props.text ?? EMPTY_DOC);
    const parts = splitStoreValues(html);
    return parts ? { html, parts } : { html };
  },
});
