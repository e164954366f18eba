/**
 * The cart service: plain functions over the db handle, used by the commerce API, the
 * /cart page and (later) checkout. No HTML, no Request objects.
 */
export { addEntry, removeEntry, setEntryQuantity, updateEntryFields, type CartScope } from './writes.js';
export { findCart, CART_LIFETIME_MS, type CartKind, type CartRecord } from './carts.js';
export { holdsOf, type HoldRecord } from './holds.js';
export { loadCartView, type CartEntryView, type CartView } from './read.js';
export { cartJson, entryJson, type CartPricing } from './cart-json.js';
export { itemStock } from './stock.js';
export { isCartTokenShape } from './tokens.js';
export { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
export { QUANTITY_MAX } from '../../../domain/constants/storefront.js';
export { visitorCart } from './visitor-cart.js';
export { createSubscriptionCart } from './subscription.js';
export { pruneExpiredCarts } from './cleanup.js';
