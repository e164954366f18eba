import { z } from 'zod';
import { defineBlock } from '../define.js';
import { richTextHtml } from '../text/rich-text.js';
import { richTextDoc } from '../text/rich-text-schema.js';

/** accordion.html */
export const ACCORDION_PARTIAL = "<div class=\"block-accordion\">{.repeated section view.items}<details class=\"block-accordion-item\"{.if props.oneAtATime} name=\"accordion-{id|htmlattr}\"{.end}{.if open} open{.end}><summary>{title|html}</summary><div class=\"block-accordion-body rich-text\">{html}</div></details>{.end}</div>\n";

const item = z.strictObject({
  title: z.string().min(1).max(200),
  body: richTextDoc.default({ type: 'doc', content: [] }),
});

/**
 * Questions and answers that open one by one: native `<details>` (no script), each body
 * rich text through the text block's allow-list serializer. `oneAtATime` gives the items
 * one `name`, so opening one closes the others where the browser supports it.
 */
export const accordionBlock = defineBlock({
  name: 'accordion',
  code: 69,
  group: 'BASIC',
  props: z.strictObject({
    items: z.array(item).max(50).default([]),
    firstOpen: z.boolean().default(false),
    oneAtATime: z.boolean().default(false),
  }),
  partial: ACCORDION_PARTIAL,
  // Items of one accordion share the name `accordion-<block id>`: two accordions never close each other.
  view: (props) => ({ items: props.items.map((i, at) => ({ title: i.title, html: richTextHtml(i.body), open: props.firstOpen && at === 0 })) }),
});
