/**
 * DESIGN: Cookies — `CART` holds the HttpOnly opaque cart token; `hasCart=true` tells
 * scripts and the page cache that a cart exists without revealing it.
 */
export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'hasCart';
