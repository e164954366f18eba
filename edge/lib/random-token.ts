/**
 * Random token of `bytes` bytes (default 16 = 128 bits) as base64url: cart, session,
 * crumb and link tokens all come from here.
 */
export function randomToken(bytes = 16): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = '';
  for (const b of raw) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
