/**
 * Signed download links: `/downloads/<grantId>?expires=<epoch ms>&sig=<mac>`,
 * the MAC being HMAC-SHA-256 over the grant and the expiry under the worker's link secret,
 * so a link cannot be forged, pointed at another grant or given a later expiry.
 */
export const DOWNLOAD_PATH = '/downloads';

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) => c.charCodeAt(0));
}

function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

// The purpose is part of the signed text, so a MAC made for another kind of link never fits.
const signedText = (grantId: string, expiresOn: number) => encoder.encode(`download\n${grantId}\n${expiresOn}`);

/** The path of a grant's link (relative: pages and mail put the store's origin before it). */
export async function downloadPath(secret: string, grantId: string, expiresOn: number): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key(secret), signedText(grantId, expiresOn)));
  return `${DOWNLOAD_PATH}/${encodeURIComponent(grantId)}?expires=${expiresOn}&sig=${base64url(mac)}`;
}

export type LinkCheck = { ok: true; grantId: string; expiresOn: number } | { ok: false; reason: 'forged' | 'expired' };

/**
 * Checks a link's parts. A bad signature is 'forged' whatever the expiry says; only a
 * genuine link can be 'expired' (so the answer never tells a forger which part was wrong).
 */
export async function checkDownloadLink(secret: string, grantId: string, expires: string | undefined, sig: string | undefined, now: number): Promise<LinkCheck> {
  const expiresOn = Number(expires);
  const mac = sig ? fromBase64url(sig) : undefined;
  if (!mac || !/^\d{1,15}$/.test(expires ?? '') || grantId.length > 64) return { ok: false, reason: 'forged' };
  // crypto.subtle.verify compares in constant time.
  if (!(await crypto.subtle.verify('HMAC', await key(secret), mac, signedText(grantId, expiresOn)))) return { ok: false, reason: 'forged' };
  return expiresOn <= now ? { ok: false, reason: 'expired' } : { ok: true, grantId, expiresOn };
}

/**
 * The secret download links are signed with: DOWNLOAD_LINK_SECRET, else the deployment's
 * REVIEW_LINK_SECRET (`npm start` and the tests set that one); the purpose line in the
 * signed text keeps the two kinds of link apart even under one secret.
 */
export function downloadLinkSecret(env: { DOWNLOAD_LINK_SECRET?: string | undefined; REVIEW_LINK_SECRET?: string | undefined }): string | undefined {
  return env.DOWNLOAD_LINK_SECRET || env.REVIEW_LINK_SECRET || undefined;
}
