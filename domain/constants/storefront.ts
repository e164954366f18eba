/**
 * SPEC §9 business constants the storefront islands use, in one place. Times are in
 * milliseconds; the names say what waits for them.
 */

/** SPEC §4/§9: 'Added!' shows about 1 s after success, then idle 2 s later. */
export const ADDED_DELAY_MS = 1000;
export const ADDED_HOLD_MS = 2000;
/** SPEC §4: after a failure the button returns to idle after 1 s. */
export const ERROR_RESET_MS = 1000;
/** SPEC §4/§9: on a listing, 'Select Option' disables the button for 2000 ms. */
export const SELECT_OPTION_RESET_MS = 2000;

/** SPEC §9: the pill shows '100+' above 100. */
export const CART_COUNT_CAP = 100;
/** SPEC §9: the added-to-cart popover closes itself after 3000 ms. */
export const POPOVER_AUTO_CLOSE_MS = 3000;
/** SPEC §5/§9: quantity input number, min 1, max 9999, step 1, default 1, size 4. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_DEFAULT = 1;
export const QUANTITY_SIZE = 4;

/** SPEC §2: a lightbox taller than the window gets a 50 px top margin; resize debounced 100 ms. */
export const LIGHTBOX_TOP_MARGIN_PX = 50;
export const LIGHTBOX_RESIZE_DEBOUNCE_MS = 100;

/** SPEC §2: where the cart pill and templates send the shopper. */
export const CART_PATH = '/cart';
export const CHECKOUT_PATH = '/checkout';
