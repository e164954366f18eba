import { z } from 'zod';
import { defineBlock } from '../define.js';
import { linkProp, safeHref } from '../safe-url.js';

/** button.html */
export const BUTTON_PARTIAL = "<div class=\"block-button block-button-{props.size|htmlattr}\">{.section view.href}<a class=\"button button-{props.style|htmlattr}\" href=\"{@|htmlattr}\"{.if props.newWindow} target=\"_blank\" rel=\"noopener noreferrer\"{.end}>{props.label|html}</a>{.or}<span class=\"button button-{props.style|htmlattr}\">{props.label|html}</span>{.end}</div>\n";

/** A link styled as a button. */
export const buttonBlock = defineBlock({
  name: 'button',
  code: 53,
  group: 'BASIC',
  props: z.strictObject({
    label: z.string().min(1).max(100).default('Learn more'),
    href: linkProp.default('/'),
    newWindow: z.boolean().default(false),
    style: z.enum(['primary', 'secondary', 'tertiary']).default('primary'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
  }),
  partial: BUTTON_PARTIAL,
  view: (props) => ({ href: safeHref(props.href) }),
});
