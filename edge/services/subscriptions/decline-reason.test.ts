import { describe, expect, it } from 'vitest';
import { storeTexts } from '../../../domain/languages/store-texts.js';
import { RENEWAL_MESSAGES } from '../payments/stripe-errors.js';
import { TEST_CARD_MESSAGES } from '../payments/test-provider.js';
import { NOT_CHARGEABLE, declineReason } from './decline-reason.js';

describe('declineReason (issue 29)', () => {
  it("gives every known provider text back unchanged in English (the mails' English stays as it was)", () => {
    const english = storeTexts();
    for (const message of [...Object.values(RENEWAL_MESSAGES), TEST_CARD_MESSAGES.declined, TEST_CARD_MESSAGES.unknownMethod, NOT_CHARGEABLE]) expect(declineReason(message, english)).toBe(message);
  });
  it("words a known text in the mail's language; a provider's own words stay as they came", () => {
    const french = storeTexts((key) => ({ declineCardDeclined: 'Votre carte a été refusée.', declineNotChargeable: 'Ce moyen de paiement ne peut plus être débité.' })[key as string]);
    expect(declineReason(RENEWAL_MESSAGES.declined, french)).toBe('Votre carte a été refusée.');
    expect(declineReason(NOT_CHARGEABLE, french)).toBe('Ce moyen de paiement ne peut plus être débité.');
    expect(declineReason('The payment could not be taken: timeout', french)).toBe('The payment could not be taken: timeout');
  });
});
