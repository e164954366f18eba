/** What the owner does with an order: fulfil, refund, cancel, notes, timeline, packing slip data. */
export { fulfilOrder, type FulfilOutcome } from './fulfil.js';
export { refundOrder, type ProviderFor, type RefundOutcome } from './refund.js';
export { cancelOrder, cancelRefundCents, type CancelOutcome } from './cancel.js';
export { addOrderNote, orderTimeline, type TimelineEntry } from './notes.js';
export { orderState, refundableCents, openUnits, shopperFulfilments, type OrderState, type RefundRow, type FulfilmentRow } from './state.js';
