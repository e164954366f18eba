/** SPEC §5 and §8 texts shown by the storefront islands, exactly as the catalogue words them. */
export const MESSAGES = {
  // SPEC §8 cart
  addTitle: 'Unable to Add Item',
  purchaseTitle: 'Unable to Purchase Item',
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  cookiesDisabled: 'Please enable cookies in your browser, reload the page, and try again.',
  rateLimited: 'Please try again in a few seconds.',
  network: 'Please check your internet connection.',
  removeFailed: 'Unable to remove item',
  quantityFailed: 'Unable to update quantity',
  openFormFailed: 'Unable to open form',
  updateFormFailed: 'Unable to update form',
  somethingWrong: 'Something went wrong',
  // SPEC §5 add to cart
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  // SPEC §4 button labels, SPEC §8 fallbacks
  adding: 'Adding…',
  added: 'Added!',
  soldOut: 'Sold Out',
  selectOption: 'Select Option',
  saving: 'Saving…',
  addToCart: 'Add To Cart',
} as const;

/**
 * SPEC §5: 'Please select the {option} option.', '... {option1} and {option2} options.',
 * '... {optionsList} and {lastOption} options.'
 *
 * @example unselectedOptionsMessage(['Size', 'Glaze', 'Lid']) // 'Please select the Size, Glaze and Lid options.'
 */
export function unselectedOptionsMessage(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `Please select the ${names[0]} option.`;
  const last = names[names.length - 1];
  return `Please select the ${names.slice(0, -1).join(', ')} and ${last} options.`;
}

/** SPEC §2: the added-to-cart popover's text. */
export function addedToCartMessage(productName: string): string {
  return `${productName} was added to your cart.`;
}
