/** What shoppers read about gift cards; the SPEC §8 text is kept exact. */
export const GIFT_CARD_MESSAGES = {
  invalid: 'This gift card code is not valid.',
  noBalance: 'This gift card has no balance left.',
  // Another order used the card between the summary and this one.
  balanceChanged: 'This gift card’s balance has changed. Please review your order and try again.',
  // SPEC §8 cart alert: a gift card cannot be paid for with another gift card.
  purchase: 'Unable to purchase Gift Card',
  purchaseField: 'A gift card cannot be used to buy another gift card.',
  cardNeeded: 'Enter your card details to pay the rest of the order.',
} as const;
