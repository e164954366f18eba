import { z } from 'zod';
import { CART_MESSAGES, QUANTITY_MAX } from '../../services/cart/index.js';

/** SPEC §5: the quantity texts, exact; `min` is 1 for adds and 0 (= remove) for updates. */
export function quantity(min: 0 | 1) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'Quantity is required.' : CART_MESSAGES.quantityNotNumber) })
    .int({ error: CART_MESSAGES.quantityNotWhole })
    .min(min, { error: CART_MESSAGES.quantityRange })
    .max(QUANTITY_MAX, { error: CART_MESSAGES.quantityRange });
}

const itemId = z.string({ error: 'itemId must be an item id.' }).min(1).max(64);
const sku = z.string({ error: 'sku must be a sku or null.' }).min(1).max(100).nullable().optional();
// SPEC §7: JSON text; an object or null is taken too. The body guard caps the size.
const additionalFields = z.union([z.string().max(32 * 1024), z.record(z.string(), z.unknown()), z.null()], {
  error: CART_MESSAGES.additionalFieldsJson,
}).optional();

// `language` (optional): the page's (cart, product, listing), for the refusals' words (issue 29); nothing else reads it.
const language = z.string().max(35).optional();

/** POST /api/commerce/shopping-cart/entries */
export const addEntryBody = z.strictObject({ itemId, sku, quantity: quantity(1), additionalFields, language });

/** PUT /api/commerce/shopping-cart/entries/{entryId} */
export const setQuantityBody = z.strictObject({ quantity: quantity(0), language });

/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields */
export const updateFieldsBody = z.strictObject({ itemId, sku, additionalFields, language });

/** GET /api/commerce/shopping-cart: SPEC §7 query, accepted (totals are always computed). */
export const cartQuery = z.object({
  mock: z.string().max(10).optional(),
  timecode: z.string().max(40).optional(),
  calculateSubtotal: z.string().max(10).optional(),
  // The checkout island's page language: the refused coupons' messages in it (issue 29, lang24).
  language: z.string().max(35).optional(),
});

/** GET /api/commerce/inventory/stock/?itemId= */
export const stockQuery = z.object({ itemId });

/** POST /api/3/commerce/cart/subscription */
export const subscriptionBody = z.strictObject({
  itemId,
  sku,
  qty: quantity(1),
  additionalFields,
  subscriptionOptionId: z.string().min(1).max(64).optional(),
  language,
});
