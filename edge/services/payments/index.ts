/**
 * Payment providers behind one interface (issue 10). The local `test` provider is the
 * default; a site with a real provider configured would get that one here.
 */
export type { CaptureRequest, CaptureResult, PaymentProvider, SavedChargeRequest, TestCard } from './provider.js';
export { testProvider, TEST_CARDS, TEST_CARD_MESSAGES } from './test-provider.js';
import { testProvider } from './test-provider.js';
import type { PaymentProvider } from './provider.js';

export function paymentProviderFor(name: string): PaymentProvider | undefined {
  return name === 'test' ? testProvider() : undefined;
}
