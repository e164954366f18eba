import { z } from 'zod';
import { defineBlock } from '../define.js';

/** form.html */
export const FORM_PARTIAL = "<div class=\"block-form\">{.section data}{@|apply partials/form-block}{.or}<p class=\"form-missing\">This form is not available.</p>{.end}</div>\n";

/** Form ids as the forms table has them. */
export const formIdProp = z.string().regex(/^[A-Za-z0-9_-]{0,64}$/, 'Pick a form.');

/**
 * One of the site's forms (contact or custom; not a product's additional fields), through
 * the theme's `partials/form-block` and its form island, so it submits (with or without
 * JavaScript) like a contact page's form. Its server loader (loader.ts) reads the form.
 */
export const formBlock = defineBlock({
  name: 'form',
  code: 9,
  group: 'BASIC',
  props: z.strictObject({ form: formIdProp.default('') }),
  partial: FORM_PARTIAL,
});
