import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CART_COOKIE, HAS_CART_COOKIE } from '../../lib/cart-cookie.js';
import { cookieBase } from '../../lib/cookie-attributes.js';
import { CART_LIFETIME_MS, type CartView } from '../../services/cart/index.js';

// DESIGN: Cookies — the opaque cart token (HttpOnly) and the script-readable hint.

export function cartToken(c: Context): string | undefined {
  return getCookie(c, CART_COOKIE);
}

/**
 * Keeps the cookies true to the cart: `CART` names a live cart (renewed with it on each
 * write), `hasCart=true` while it has entries (SPEC §4: the storefront loads the cart only
 * then). A cookie that opens no cart is cleared, so a forged one is simply dropped.
 */
export function syncCartCookies(c: Context, view: CartView | undefined, token: string | undefined, renew: boolean): void {
  const base = cookieBase(c);
  const maxAge = Math.floor(CART_LIFETIME_MS / 1000);
  if (!view || !token) {
    if (getCookie(c, CART_COOKIE) !== undefined) deleteCookie(c, CART_COOKIE, base);
    if (getCookie(c, HAS_CART_COOKIE) !== undefined) deleteCookie(c, HAS_CART_COOKIE, base);
    return;
  }
  if (renew || getCookie(c, CART_COOKIE) !== token) setCookie(c, CART_COOKIE, token, { ...base, httpOnly: true, maxAge });
  const hasEntries = view.entries.length > 0;
  if (hasEntries && (renew || getCookie(c, HAS_CART_COOKIE) !== 'true')) {
    setCookie(c, HAS_CART_COOKIE, 'true', { ...base, httpOnly: false, maxAge });
  } else if (!hasEntries && getCookie(c, HAS_CART_COOKIE) !== undefined) {
    deleteCookie(c, HAS_CART_COOKIE, base);
  }
}
