/**
 * The events an owner may subscribe a webhook to (docs/api/webhooks.md), with the label the
 * owner app shows. `webhook.test` is only ever sent by the "Send test" button.
 */
export const WEBHOOK_EVENTS = ['order.created', 'order.paid', 'order.fulfilled', 'form.submitted', 'newsletter.subscribed', 'restock.signed_up'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Order created',
  'order.paid': 'Order paid',
  'order.fulfilled': 'Order fulfilled',
  'form.submitted': 'Form submitted',
  'newsletter.subscribed': 'Newsletter subscribed',
  'restock.signed_up': 'Restock signed up',
};

/** Consecutive failed attempts (across a subscription's deliveries) that disable it. */
export const DISABLE_AFTER_FAILURES = 10;
/** Attempts per delivery before it is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** Seconds a receiver should accept between the signature's timestamp and its own clock. */
export const REPLAY_WINDOW_SECONDS = 300;
