import { randomToken } from '../../lib/random-token.js';

/** Lower-case hex of SHA-256(text): how session and link tokens are stored. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** A secret token for a cookie or an emailed link: 256 random bits, base64url. */
export function secretToken(): string {
  return randomToken(32);
}

/** The shape every secret token has; anything else is refused before touching D1. */
export const SECRET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The id of a new row: 128 random bits as hex, so ids cannot be guessed or enumerated. */
export function newId(): string {
  const raw = crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const b of raw) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Emails compare case-insensitively: stored and looked up trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
