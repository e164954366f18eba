import type { Cents } from '../../../domain/branded-types.js';

/** What the browser sends for the local test provider (never stored). */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CaptureRequest {
  amountCents: Cents;
  currency: string;
  /** The local test provider's card (absent on the Stripe path). */
  card?: TestCard | undefined;
  /** Stripe: the PaymentIntent the browser confirmed (created by the server for this cart). */
  paymentIntentId?: string | undefined;
  /** Whose checkout this is: a provider checks a prepared payment belongs to it. */
  websiteId: string;
  cartId: string;
  /** The checkout attempt; a provider uses it as its own idempotency key. */
  attemptId: string;
  now: number;
  /** Keep the payment method for later charges without the card (subscriptions). */
  saveForReuse?: boolean;
}

/** A later charge of a saved payment method (a subscription renewal): no card present. */
export interface SavedChargeRequest {
  reusableRef: string;
  amountCents: Cents;
  currency: string;
  /** Unique per renewal try; a provider uses it as its own idempotency key. */
  attemptId: string;
  /** The site the subscription belongs to (Stripe: the intent's metadata, for webhooks). */
  websiteId?: string | undefined;
  now: number;
}

export type CaptureResult =
  | { ok: true; providerRef: string; /** With `saveForReuse`: what `chargeSaved` takes later. */ reusableRef?: string }
  /**
   * `message` is shown to the shopper as is. `status` defaults to 402 (payment failed);
   * 409 when the prepared payment no longer matches the order, 422 when it is not this cart's.
   */
  | { ok: false; code: string; message: string; status?: 402 | 409 | 422 };

/**
 * A payment provider as checkout uses it: capture the whole amount once stock is secured,
 * refund it when the order cannot be recorded afterwards.
 */
export interface PaymentProvider {
  readonly name: string;
  /** True when no real money moves (SPEC §3 Order testMode). */
  readonly testMode: boolean;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /**
   * Gives back `amountCents` of a captured payment. `idempotencyKey` names this one refund
   * (an owner's partial refunds each have their own); without it the payment's ref is the key.
   */
  refund(providerRef: string, amountCents: Cents, idempotencyKey?: string): Promise<void>;
  /** Charges a method saved by `capture({ saveForReuse })`; providers without it cannot renew subscriptions. */
  chargeSaved?(request: SavedChargeRequest): Promise<CaptureResult>;
}
