/**
 * Test helper: the Stripe API objects the local Stripe server (test-stripe-server.ts) keeps,
 * in Stripe's own shapes, and its error answers. Written from Stripe's API reference.
 */
import { randomBytes } from 'node:crypto';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_capture' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  /** Unexpanded ids, as Stripe answers them. */
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  /** What the intent may be paid with (asked for as `allowed_payment_method_types`) and what Stripe offers of it. */
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  livemode: false;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A card Stripe.js tokenised at confirm; attached to a customer when the intent saves it. */
export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: 'visa'; last4: string };
  /** The number it was made from (Stripe never answers it; the server uses it for test behaviour). */
  number: string;
}

export interface Reply {
  status: number;
  body: unknown;
}

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

export const error = (status: number, body: Record<string, unknown>): Reply => ({ status, body: { error: body } });

export const DECLINE = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };

/** Off-session card errors Stripe answers for a saved card (402 card_error). */
export const OFF_SESSION_DECLINES = {
  card_declined: DECLINE,
  insufficient_funds: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authentication_required: {
    type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.',
  },
} as const;
export type OffSessionDecline = keyof typeof OFF_SESSION_DECLINES;

/**
 * Stripe's test cards for saved-card charges: 0341 attaches and pays on session but every
 * later charge is declined; 3184 always asks for authentication, which off session fails.
 */
export const SAVED_CARD_BEHAVIOUR: Record<string, OffSessionDecline> = {
  '4000000000000341': 'card_declined',
  '4000002760003184': 'authentication_required',
};

export const unexpectedState = (intent: FakeIntent, action: string): Reply =>
  error(400, {
    type: 'invalid_request_error', code: 'payment_intent_unexpected_state', payment_intent: intent,
    message: `This PaymentIntent could not be ${action === 'capture' ? 'captured' : 'canceled'} because it has a status of ${intent.status}.`,
  });

export const missing = (kind: string, id: string, param: string): Reply =>
  error(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

/** Stripe's nested form fields: `metadata[a]=b` -> { a: 'b' }; `types[0]=card` -> ['card']. */
export function formObject(form: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith(`${name}[`) && k.endsWith(']') ? [[k.slice(name.length + 1, -1), v]] : [])));
}

export const list = <T>(url: string, data: T[]) => ({ object: 'list', url, has_more: false, data });
