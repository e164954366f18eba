/**
 * Password hashing with PBKDF2-HMAC-SHA256 through WebCrypto (the only password KDF the
 * Workers runtime offers natively). Stored form: `pbkdf2-sha256$<iterations>$<salt>$<hash>`,
 * salt and hash base64, so the work factor can rise later without breaking old hashes.
 */

/**
 * The highest iteration count Cloudflare's Workers runtime accepts: above it deriveBits
 * fails with "Pbkdf2 failed: iteration counts above 100000 are not supported". Local
 * workerd (Miniflare, wrangler dev) runs without that limit, so the constant, not the
 * local runtime, keeps us deployable (passwords.test.ts checks both facts).
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = 'pbkdf2-sha256';

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/**
 * Hashes a password with a fresh random salt.
 * @example await hashPassword('correct horse') // 'pbkdf2-sha256$100000$3q2+7w...$Wk1...'
 */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `${SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(await derive(password, salt, iterations))}`;
}

/** Compares two byte strings in time that depends only on their length. */
function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * True when `password` matches `stored`. A malformed hash, or one asking for more work
 * than the runtime allows, never matches (and never burns unbounded CPU).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, rounds, salt, hash] = stored.split('$');
  const iterations = Number(rounds);
  if (scheme !== SCHEME || !salt || !hash || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    return false;
  }
  const expected = fromBase64(hash);
  return bytesEqual(await derive(password, fromBase64(salt), iterations), expected);
}

/**
 * A hash no password matches, verified against when the email is unknown so that an
 * unknown account costs the same time as a wrong password (no account enumeration).
 */
export const DECOY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
