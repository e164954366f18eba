import type { StoreTextKey, StoreTexts } from '../../../domain/languages/store-texts.js';
import { RENEWAL_MESSAGES } from '../payments/stripe-errors.js';
import { TEST_CARD_MESSAGES } from '../payments/test-provider.js';

/** A renewal whose saved method has no way to be charged again (renew.ts). */
export const NOT_CHARGEABLE = 'This payment method cannot be charged again.';

// The providers' renewal texts (English, as stored in `last_failure`) and their store texts.
const REASONS = new Map<string, StoreTextKey>([
  [RENEWAL_MESSAGES.declined, 'declineCardDeclined'],
  [RENEWAL_MESSAGES.insufficientFunds, 'declineInsufficientFunds'],
  [RENEWAL_MESSAGES.expired, 'declineExpired'],
  [RENEWAL_MESSAGES.authenticationRequired, 'declineAuthenticationRequired'],
  [RENEWAL_MESSAGES.methodGone, 'declineMethodGone'],
  [RENEWAL_MESSAGES.unavailable, 'declineUnavailable'],
  [RENEWAL_MESSAGES.incomplete, 'declineIncomplete'],
  [TEST_CARD_MESSAGES.declined, 'declineCardDeclined'],
  [TEST_CARD_MESSAGES.unknownMethod, 'declineMethodGone'],
  [NOT_CHARGEABLE, 'declineNotChargeable'],
]);

/**
 * Why a renewal failed, in the mail's language (issue 29): a known provider text in `texts`'
 * words; anything else (a provider's own words) as it came.
 * @example declineReason('Your card was declined.', frenchTexts) === 'Votre carte a été refusée.'
 */
export function declineReason(message: string, texts: StoreTexts): string {
  const key = REASONS.get(message);
  return key ? texts[key] : message;
}
