/** What the owner does with an order: fulfil, refund, cancel, notes and the timeline. */
export { fulfilOrder } from './fulfil.js';
export { refundOrder, type RefundOutcome } from './refund.js';
export { cancelOrder } from './cancel.js';
export { addOrderNote, orderTimeline } from './notes.js';
export { orderState, refundableCents, shopperFulfilments, type RefundRow, type FulfilmentRow } from './state.js';
export { finishStaleRefunds } from './pending.js';
