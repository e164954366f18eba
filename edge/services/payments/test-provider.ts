import type { CaptureRequest, CaptureResult, PaymentProvider, SavedChargeRequest } from './provider.js';

/** The local provider's cards and the provider messages they produce. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Pays now, but every later charge of the saved method is declined (renewal failures). */
  declinesLater: '4000000000000341',
} as const;

export const TEST_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknown: 'Your card number is not a test card number. Use 4242 4242 4242 4242.',
  expired: 'Your card has expired.',
  unknownMethod: 'This saved payment method is no longer available.',
  missing: 'Enter your card details.',
} as const;

// A saved method names the card's behaviour, never its number: `pm_test_<last four>_<attempt>`.
const SAVED_REF = /^pm_test_(\d{4})_[A-Za-z0-9_-]{1,100}$/;

const digits = (n: string) => n.replace(/[\s-]/g, '');

/**
 * The local default provider: no network, deterministic by card number, like a payment
 * service's test mode. Refunds are recorded by the caller (the payments table).
 */
export function testProvider(): PaymentProvider {
  let sequence = 0;
  return {
    name: 'test',
    testMode: true,
    async capture(request: CaptureRequest): Promise<CaptureResult> {
      if (!request.card) return { ok: false, code: 'invalid_request', message: TEST_CARD_MESSAGES.missing, status: 422 };
      const number = digits(request.card.number);
      const now = new Date(request.now);
      const expired = request.card.expYear < now.getUTCFullYear() || (request.card.expYear === now.getUTCFullYear() && request.card.expMonth < now.getUTCMonth() + 1);
      if (expired) return { ok: false, code: 'expired_card', message: TEST_CARD_MESSAGES.expired };
      if (number === TEST_CARDS.declined) return { ok: false, code: 'card_declined', message: TEST_CARD_MESSAGES.declined };
      if (number === TEST_CARDS.insufficientFunds) return { ok: false, code: 'insufficient_funds', message: TEST_CARD_MESSAGES.insufficientFunds };
      if (number !== TEST_CARDS.success && number !== TEST_CARDS.declinesLater) return { ok: false, code: 'card_declined', message: TEST_CARD_MESSAGES.unknown };
      sequence += 1;
      const providerRef = `test_${request.attemptId}_${sequence}`;
      return request.saveForReuse ? { ok: true, providerRef, reusableRef: `pm_test_${number.slice(-4)}_${request.attemptId}` } : { ok: true, providerRef };
    },
    async chargeSaved(request: SavedChargeRequest): Promise<CaptureResult> {
      const last4 = SAVED_REF.exec(request.reusableRef)?.[1];
      if (last4 === TEST_CARDS.success.slice(-4)) return { ok: true, providerRef: `test_${request.attemptId}_saved` };
      if (last4 === TEST_CARDS.declinesLater.slice(-4)) return { ok: false, code: 'card_declined', message: TEST_CARD_MESSAGES.declined };
      return { ok: false, code: 'payment_method_unknown', message: TEST_CARD_MESSAGES.unknownMethod };
    },
    async refund(): Promise<void> {},
  };
}
