import type { Context } from 'hono';
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
