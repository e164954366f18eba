/**
 * Signed review-request links (page type 209): after a purchase the shop sends the buyer
 * `/reviews/request?token=...`; the token names the site, product, email and order and
 * is signed with HMAC-SHA-256 under the worker secret REVIEW_LINK_SECRET, so it cannot
 * be forged or edited. A review sent with a valid token counts as a verified purchase.
 */
export interface ReviewRequest {
  websiteId: string;
  itemId: string;
  email: string;
  orderId?: string;
  /** Epoch ms after which the link no longer works. */
  expiresAt: number;
}

/** How long a review link works (SPEC leaves it open): 60 days. */
const REVIEW_LINK_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;
export const REVIEW_REQUEST_PATH = '/reviews/request';

/** How long a mailed review-request link works, from the day its mail is sent. */
export const REVIEW_LINK_DAYS_MS = 60 * 86_400_000;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** The token of a review request. */
export async function signReviewRequest(secret: string, request: ReviewRequest): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify([request.websiteId, request.itemId, request.email, request.orderId ?? '', request.expiresAt])));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key(secret), encoder.encode(payload)));
  return `${payload}.${base64url(mac)}`;
}

/** The request a token carries, or undefined when it is malformed, forged or expired. */
export async function verifyReviewRequest(secret: string, token: string, now = Date.now()): Promise<ReviewRequest | undefined> {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined || token.length > 2048) return undefined;
  try {
    // crypto.subtle.verify compares in constant time.
    if (!(await crypto.subtle.verify('HMAC', await key(secret), fromBase64url(mac), encoder.encode(payload)))) return undefined;
    const [websiteId, itemId, email, orderId, expiresAt] = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as [string, string, string, string, number];
    if (typeof expiresAt !== 'number' || expiresAt <= now) return undefined;
    return { websiteId, itemId, email, orderId: orderId || undefined, expiresAt };
  } catch {
    return undefined;
  }
}
