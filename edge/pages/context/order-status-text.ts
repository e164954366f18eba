import { STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../../domain/languages/store-texts.js';
import type { PageRequest } from '../page-request.js';

/** Each order status (orders.status) and the store text that words it. */
const ORDER_STATUS_TEXTS = {
  paid: 'accountStatusPaid',
  partially_refunded: 'orderStatusPartiallyRefunded',
  refunded: 'accountStatusRefunded',
  cancelled: 'orderStatusCancelled',
} as const satisfies Record<string, StoreTextKey>;

/**
 * The order's status in the page's language (issue 29), for the order-status page's
 * `order.statusText`: the language's text, else the English ('Paid'; the primary language's
 * pages too, since lang19). Undefined for a status without a text: the theme then shows the
 * stored value.
 * @example await orderStatusText(frenchRequest, 'paid') === 'Payée'
 */
export async function orderStatusText(req: PageRequest, status: string): Promise<string | undefined> {
  if (!Object.hasOwn(ORDER_STATUS_TEXTS, status)) return undefined;
  const key = ORDER_STATUS_TEXTS[status as keyof typeof ORDER_STATUS_TEXTS];
  return (req.translations ? (await req.translations).get('system', STORE_TEXTS_ENTITY, key) : undefined) ?? STORE_TEXTS[key];
}
