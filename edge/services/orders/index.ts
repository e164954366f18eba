/** Orders: placing them atomically, reading them back, their mail. */
export { placeOrder } from './place.js';
export { quoteCheckout } from './quote.js';
export { loadOrder, orderJson, type LoadedOrder } from './order-json.js';
export { orderFromLink } from './status-link.js';
export { leaseMs } from './idempotency.js';
export { reconcileOrderKeys } from './reconcile.js';
