import { STORE_TEXTS_ENTITY, type StoreTextKey } from '../../../domain/languages/store-texts.js';
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
 * `order.statusText`. Undefined on the primary language's pages and where the language has no
 * text for it: the theme then shows the stored value, as before.
 * @example await orderStatusText(frenchRequest, 'paid') === 'Payée'
 */
export async function orderStatusText(req: PageRequest, status: string): Promise<string | undefined> {
  if (!req.translations || !Object.hasOwn(ORDER_STATUS_TEXTS, status)) return undefined;
  const key = ORDER_STATUS_TEXTS[status as keyof typeof ORDER_STATUS_TEXTS];
  return (await req.translations).get('system', STORE_TEXTS_ENTITY, key);
}
