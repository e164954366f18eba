import { z } from 'zod';
import { defineBlock } from '../define.js';

/** language-switcher.html */
export const LANGUAGE_SWITCHER_PARTIAL = "{.section languages}<nav class=\"block-language-switcher block-language-switcher-{props.display|htmlattr}\" aria-label=\"{props.label|htmlattr}\"><ul>{.repeated section items}<li><a href=\"{url|htmlattr}\" hreflang=\"{code|htmlattr}\" lang=\"{code|htmlattr}\"{.section current} aria-current=\"true\"{.end}>{.if props.codes}{code|html}{.or}{name|html}{.end}</a></li>{.end}</ul></nav>{.end}\n";

/**
 * Links to the same page in each of the site's published languages (issue 29), the current
 * one marked with `aria-current`: the page context's `languages` (edge/pages/context/languages.ts,
 * absolute URLs that match the page's hreflang alternates), so plain links and no storefront
 * JS. A site with one language has no `languages`, and the block renders nothing.
 */
export const languageSwitcherBlock = defineBlock({
  name: 'language-switcher',
  code: 1005,
  group: 'MORE',
  props: z.strictObject({
    // The list's name for screen readers (a text prop: translated like the others).
    label: z.string().trim().min(1).max(60).default('Language'),
    display: z.enum(['row', 'column']).default('row'),
    // Language tags (FR) instead of names (Français).
    codes: z.boolean().default(false),
  }),
  partial: LANGUAGE_SWITCHER_PARTIAL,
});
