import { z } from 'zod';
import { defineBlock } from '../define.js';
import { linkProp, safeHref } from '../safe-url.js';

/** link.html */
export const LINK_PARTIAL = "<div class=\"block-link\">{.section view.href}<a class=\"block-link-card\" href=\"{@|htmlattr}\"{.if props.newWindow} target=\"_blank\" rel=\"noopener noreferrer\"{.end}><span class=\"block-link-title\">{props.title|html}</span>{.if props.description}<span class=\"block-link-description\">{props.description|html}</span>{.end}{.if view.host}<span class=\"block-link-host\">{view.host|html}</span>{.end}</a>{.end}</div>\n";

/** The host a link leads to, shown under an outside link (none for a path on the site, mail or phone). */
function hostOf(href: string): string | undefined {
  if (!/^https?:/i.test(href)) return undefined;
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/** A link as a card: title, a line of description and, for another site, its host. */
export const linkBlock = defineBlock({
  name: 'link',
  code: 13,
  group: 'BASIC',
  props: z.strictObject({
    href: linkProp.min(1).default('/'),
    title: z.string().min(1).max(200).default('Read more'),
    description: z.string().max(500).default(''),
    newWindow: z.boolean().default(false),
  }),
  partial: LINK_PARTIAL,
  view: (props) => {
    const href = safeHref(props.href);
    return { href, host: href ? hostOf(href) : undefined };
  },
});
