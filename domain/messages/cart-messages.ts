import { MESSAGES } from './storefront-messages.js';

/** SPEC §5 and §8 texts of the cart, exact; those the islands also show come from storefront-messages.ts. */
export const CART_MESSAGES = {
  // SPEC §5: quantity that is not a number / not an integer.
  quantityNotNumber: MESSAGES.quantityNotNumber,
  quantityNotWhole: MESSAGES.quantityNotWhole,
  // SPEC §9: quantity max 9999 (the text is ours: the spec names only the limit).
  quantityRange: 'Quantity must be between 1 and 9999.',
  // SPEC §5: no variant selected, or one that does not belong to the item.
  variantUnavailable: MESSAGES.variantUnavailable,
  // SPEC §5: variant not in stock.
  notEnoughStock: MESSAGES.notEnoughStock,
  // SPEC §5: gift card without denomination.
  giftCardDenomination: 'Select a denomination for the Gift Card',
  // SPEC §5 (quantity input rules): a service takes one unit unless the store allows more.
  serviceSingleQuantity: 'Only one of this item can be added to your cart.',
  subscriptionOnly: 'This item is a subscription; subscribe to it from its product page.',
  notSubscribable: 'This item cannot be bought as a subscription.',
  subscriptionPlanUnknown: 'That subscription option is not offered for this item.',
  entryNotFound: 'That item is no longer in your cart.',
  entryMismatch: 'That entry does not hold this item and variant.',
  duplicateLine: 'Your cart already has this item with the same details.',
  additionalFieldsJson: 'additionalFields must be JSON text, an object or null.',
  // Issue 33 (4b): an answer to no field of the product's additional-fields form (ours).
  additionalFieldUnknown: 'This item has no such field.',
} as const;
