import { CHECKOUT_PATH } from '../../../domain/constants/storefront.js';

/**
 * The page's `storeTexts` (issue 29: the store's words in the page's language), each read with
 * its English default. Kept here rather than importing domain/languages/store-texts.ts, which
 * would become a chunk shared with the checkout and preloaded on every page (JS budget).
 */
export function cartTexts(given: Record<string, unknown>) {
  const text = (key: string, english: string) => (typeof given[key] === 'string' ? (given[key] as string) : english);
  const link = (key: string, fallback: string) => (typeof given[key] === 'string' && /^\/(?!\/)/.test(given[key] as string) ? (given[key] as string) : fallback);
  return {
    cartTitle: text('cartTitle', 'Your cart'), cartEmpty: text('cartEmpty', 'You have nothing in your shopping cart.'), continueShopping: text('continueShopping', 'Continue shopping'),
    quantity: text('quantity', 'Quantity'), subtotal: text('subtotal', 'Subtotal'), item: text('item', 'item'), items: text('items', 'items'),
    cartNote: text('cartNote', 'Shipping and tax are worked out at checkout.'), cartNoteTaxIncluded: text('cartNoteTaxIncluded', 'Prices include tax. Shipping is worked out at checkout.'), checkout: text('checkout', 'Checkout'),
    remove: text('remove', 'Remove'), editDetails: text('editDetails', 'Edit details'), heldFor: text('heldFor', 'Held for you for {time}'),
    // The line's failure alert (SPEC §8 titles; the network line when the cart API cannot be reached), lang21.
    removeFailed: text('cartRemoveFailed', 'Unable to remove item'), quantityFailed: text('cartQuantityFailed', 'Unable to update quantity'),
    openFormFailed: text('cartOpenFormFailed', 'Unable to open form'), updateFormFailed: text('cartUpdateFormFailed', 'Unable to update form'),
    network: text('themeNetwork', 'Please check your internet connection.'), somethingWrong: text('themeSomethingWrong', 'Something went wrong'),
    sessionExpired: text('themeSessionExpired', 'Your session has expired. Please reload the page and try again.'),
    cookiesDisabled: text('themeCookiesDisabled', 'Please enable cookies in your browser, reload the page, and try again.'),
    rateLimited: text('themeRateLimited', 'Please try again in a few seconds.'),
    quantityNotNumber: text('themeQuantityNotNumber', 'Quantity must be a number.'), quantityNotWhole: text('themeQuantityNotWhole', 'Quantity must be a whole number'),
    homeUrl: link('homeUrl', '/'), checkoutUrl: link('checkoutUrl', CHECKOUT_PATH),
    colon: colonOf(text('labelValue', '{label}: {value}')),
  };
}
/**
 * What stands between a label and its value in the store text `labelValue` (the template's
 * `{storeTexts.labelValue|message}`): ': ' in English, a no-break space and ': ' in French.
 * @example colonOf('{label}\u00a0: {value}') === '\u00a0: '
 */
function colonOf(labelValue: string): string {
  return labelValue.replace('{label}', '').replace('{value}', '');
}

/** The cart's words a line shows. */
export type CartTexts = ReturnType<typeof cartTexts>;
