import { z } from 'zod';
import { defineBlock } from '../define.js';
import { formIdProp } from '../form/index.js';

/** newsletter.html */
export const NEWSLETTER_PARTIAL = "<div class=\"block-newsletter\">{.section props.title}<h2 class=\"block-newsletter-title\">{@|html}</h2>{.end}{.section data}{@|apply partials/form-block}{.or}<p class=\"form-missing\">Sign-ups are not open yet.</p>{.end}</div>\n";

/**
 * A newsletter sign-up: one of the site's newsletter forms (the first one when `form` is
 * empty), through the theme's `partials/form-block` and its form island, like the footer's.
 */
export const newsletterBlock = defineBlock({
  name: 'newsletter',
  code: 51,
  group: 'BASIC',
  props: z.strictObject({ form: formIdProp.default(''), title: z.string().max(200).default('') }),
  partial: NEWSLETTER_PARTIAL,
});
