import { z } from 'zod';
import { defineBlock } from '../define.js';

/** search.html */
export const SEARCH_PARTIAL = "<form class=\"block-search\" action=\"/search\" method=\"get\" role=\"search\"><label class=\"sr-only\" for=\"search-{id|htmlattr}\">{props.label|html}</label><input id=\"search-{id|htmlattr}\" type=\"search\" name=\"q\" maxlength=\"200\" placeholder=\"{props.placeholder|htmlattr}\" autocomplete=\"off\"><button class=\"button\" type=\"submit\">{props.buttonLabel|html}</button></form>\n";

/** A search box: a plain GET form to the site's /search page (`q`, at most 200 characters as the page reads it). */
export const searchBlock = defineBlock({
  name: 'search',
  code: 33,
  group: 'MORE',
  props: z.strictObject({
    label: z.string().min(1).max(100).default('Search this site'),
    placeholder: z.string().max(100).default('Search the shop'),
    buttonLabel: z.string().min(1).max(40).default('Search'),
  }),
  partial: SEARCH_PARTIAL,
});
