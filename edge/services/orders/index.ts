/** Orders (issue 10): placing them atomically, reading them back, their mail. */
export { placeOrder, type PlaceOrderInput, type PlacedOrder } from './place.js';
export { quoteCheckout, type Address, type CheckoutQuote, type QuoteInput } from './quote.js';
export { loadOrder, orderJson, type LoadedOrder } from './order-json.js';
export { priceCart, type PricedCart, type PricingChoices } from './pricing.js';
export { orderFromLink, orderLink } from './status-link.js';
