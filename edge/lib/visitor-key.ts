import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_COOKIE } from './cart-cookie.js';
import { clientIp } from './client-address.js';

/** A stable key for "this visitor" (rate limits): cart token, else crumb, else client address. */
export function visitorKey(c: Context): string {
  const cart = getCookie(c, CART_COOKIE);
  if (cart) return `cart:${cart}`;
  const crumb = getCookie(c, 'crumb');
  if (crumb) return `crumb:${crumb}`;
  return `ip:${clientIp(c) || 'unknown'}`;
}
