import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { OrderSummary } from './order-summary.js';
import type { PricedCart } from './checkout-api.js';
import type { AppliedGiftCard } from './gift-card-field.js';
import { storeTexts } from '../../../domain/languages/store-texts.js';

const cart = { entries: [], subtotalCents: 4900, taxCents: 0, grandTotalCents: 4900, requiresShipping: false } as unknown as PricedCart;
const giftCard = { code: 'GC-0000-1234', summary: { last4: '1234', balanceCents: 1500 } } as unknown as AppliedGiftCard;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const summary = (texts = storeTexts()) =>
  renderToString(<OrderSummary texts={texts} cart={cart} money={money} giftCard={giftCard} share={{ appliedCents: 1500, dueCents: 3400 }} />);

// Issue 29 (lang20): the gift card's lines are the texts' words, English by default.
it("names the gift card's lines in the texts' language", () => {
  const en = summary();
  expect(en).toContain('Gift card (ending 1234)');
  expect(en).toContain('To pay by card');
  const fr = summary(storeTexts((key) => ({ checkoutGiftCardEnding: 'Carte cadeau (se terminant par {last4})', checkoutToPayByCard: 'À payer par carte' } as Record<string, string>)[key]));
  expect(fr).toContain('Carte cadeau (se terminant par 1234)');
  expect(fr).toContain('À payer par carte');
  expect(fr).not.toContain('To pay by card');
});
