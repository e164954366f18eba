/**
 * Compares two strings in time that depends only on their length, so a secret (crumb,
 * signed link) cannot be guessed one character at a time from response times.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
