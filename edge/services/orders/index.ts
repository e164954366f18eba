/** Orders (issue 10): placing them atomically, reading them back, their mail. */
export { placeOrder, type PlaceOrderInput, type PlacedOrder, type Address } from './place.js';
export { loadOrder, orderJson, type LoadedOrder } from './order-json.js';
export { priceCart, type PricedCart, type PricingChoices } from './pricing.js';
export { orderFromLink, orderLink } from './status-link.js';
