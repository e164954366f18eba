import { randomToken } from '../../lib/random-token.js';

/**
 * A new cart token: 192 random bits as base64url (the `CART` cookie, or the `cartToken`
 * of a subscription cart). Only its hash is stored.
 */
export function newCartToken(): string {
  return randomToken(24);
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** True when `token` could be one we issued; anything else is not looked up at all. */
export function isCartTokenShape(token: string | undefined): token is string {
  return token !== undefined && TOKEN_SHAPE.test(token);
}

/** SHA-256 of `text` as lowercase hex (cart tokens at rest, entry line keys). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random row id (128 bits, base64url). */
export function newRowId(): string {
  return randomToken(16);
}
