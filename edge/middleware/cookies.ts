import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DESIGN: Cookies — SameSite=Lax everywhere, Secure outside localhost (a plain-HTTP local
 * demo could not keep a Secure cookie), Path=/.
 */
export function cookieBase(c: Context): CookieOptions {
  const host = new URL(c.req.url).hostname;
  return { path: '/', sameSite: 'Lax', secure: !LOOPBACK.has(host) && !host.endsWith('.localhost') };
}

/** Random token of `bytes` bytes (default 16 = 128 bits) as base64url. */
export function randomToken(bytes = 16): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = '';
  for (const b of raw) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Compares two strings in time that depends only on their length. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The visitor's address as the platform reports it, or '' when unknown (local tests). */
export function clientIp(c: Context): string {
  return c.req.header('CF-Connecting-IP') ?? '';
}

/** A stable key for "this visitor": cart token, else crumb, else client address. */
export function visitorKey(c: Context): string {
  const cart = getCookie(c, 'CART');
  if (cart) return `cart:${cart}`;
  const crumb = getCookie(c, 'crumb');
  if (crumb) return `crumb:${crumb}`;
  return `ip:${clientIp(c) || 'unknown'}`;
}
