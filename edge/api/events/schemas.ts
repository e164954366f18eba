import { z } from 'zod';
import { MAX_MESSAGE_CHARS, MAX_STACK_CHARS } from '../../services/census/error-groups.js';
import { jsonField, MAX_URL, pagePath } from '../census/schemas.js';

/** SPEC §9: at most 10 queued error events per send. */
export const MAX_ERRORS_PER_SEND = 10;

/** SPEC §7 RecordJavascriptErrors: a JSON list of `{ event, data, timestamp }`. */
export const jsErrorList = z
  .array(
    z.object({
      event: z.enum(['error', 'unhandledrejection']),
      timestamp: z.number().int().positive(),
      data: z.object({
        message: z.string().min(1).max(MAX_MESSAGE_CHARS),
        // SPEC §9: the reporter cuts stacks at 5000 characters; longer is not a conforming report.
        stack: z.string().max(MAX_STACK_CHARS, `A stack is at most ${MAX_STACK_CHARS} characters.`).default(''),
        pagePath: pagePath.optional(),
        source: z.string().max(MAX_URL).optional(),
        line: z.number().int().min(0).optional(),
        column: z.number().int().min(0).optional(),
      }),
    }),
  )
  .min(1)
  .max(MAX_ERRORS_PER_SEND, `At most ${MAX_ERRORS_PER_SEND} errors per report.`);

/** SPEC §7 analytics event names (site-visitor event client and browser pixel). */
export const ANALYTICS_EVENTS = [
  'add_to_cart',
  'view_product',
  'search',
  'newsletter_subscribe',
  'create_account',
  'view_cart',
  'remove_from_cart',
  'related_products_display',
  'click_and_add',
  'reviews_tab',
  'product_page_visit',
  'list_page_visit',
] as const;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an id of at most 64 letters, digits, - or _.');
const scalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** Common data: where it happened and which item; other scalar details, bounded. */
const eventData = z.object({ pagePath: pagePath.optional(), itemId: id.optional() }).catchall(scalar);

/** SPEC §3 Add-to-cart tracking event. */
const addToCartData = z.object({
  pagePath: pagePath.optional(),
  website_id: z.string().max(64),
  page_id: z.string().max(64).optional(),
  cart_id: z.string().max(64).optional(),
  product_page: z.enum(['plp', 'pdp', 'add-on', 'product_block']),
  product: z.object({
    item_id: id,
    item_type: z.union([z.string().max(40), z.number()]).optional(),
    item_title: z.string().max(300).optional(),
    item_collection_id: z.string().max(64).optional(),
    item_collection_name: z.string().max(300).optional(),
  }),
});

/** The analytics client's form: crumb, event name, JSON data (SPEC §7). */
export const analyticsForm = z.discriminatedUnion('event', [
  z.object({ event: z.literal('add_to_cart'), data: jsonField(addToCartData, 2048) }),
  z.object({ event: z.enum(ANALYTICS_EVENTS.filter((e) => e !== 'add_to_cart') as [string, ...string[]]), data: jsonField(eventData, 2048) }),
]);
