import type { Cents } from '../../../schema/types.js';

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
  card: TestCard;
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
  /** Unique per renewal cycle; a provider uses it as its own idempotency key. */
  attemptId: string;
  now: number;
}

export type CaptureResult =
  | { ok: true; providerRef: string; /** With `saveForReuse`: what `chargeSaved` takes later. */ reusableRef?: string }
  /** `message` is shown to the shopper as is (HTTP 402). */
  | { ok: false; code: string; message: string };

/**
 * A payment provider as checkout uses it: capture the whole amount once stock is secured,
 * refund it when the order cannot be recorded afterwards.
 */
export interface PaymentProvider {
  readonly name: string;
  /** True when no real money moves (SPEC §3 Order testMode). */
  readonly testMode: boolean;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  refund(providerRef: string, amountCents: Cents): Promise<void>;
  /** Charges a method saved by `capture({ saveForReuse })`; providers without it cannot renew subscriptions. */
  chargeSaved?(request: SavedChargeRequest): Promise<CaptureResult>;
}
